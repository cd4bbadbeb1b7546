import HabitCore
import HabitInterchange
import HabitStore

/// What an import does with a tracker whose name exists already in habit.
public enum ImportClash: Sendable, Equatable {
    /// Refuses the whole import, naming every such tracker (the default), unless the tracker in
    /// habit already holds everything the file has for it: then there is nothing to do.
    case refuse
    /// Imports it as "Name (2)", "Name (3)", … (`--rename`).
    case rename
    /// Adds the file's days to the tracker in habit (`--merge`): days habit lacks are added, days
    /// habit has are kept as they are (a different value in the file is counted, not written).
    case merge
}

extension Habits {
    /// Writes the trackers of `plan` (and the categories they need) as one change, handling names
    /// that exist as `clash` says. `dryRun` checks everything and writes nothing. `preview` is the
    /// store the caller loaded already, reused when no file changed since. Importing what
    /// habit already holds changes nothing and makes no commit.
    @discardableResult
    public func importTrackers(_ plan: ImportPlan, from source: String, clash: ImportClash, dryRun: Bool,
                               reusing preview: Store? = nil) throws(HabitError) -> ImportSummary {
        var plan = plan
        for index in plan.trackers.indices {
            plan.trackers[index].name = try Rules.validName(plan.trackers[index].name)
            plan.trackers[index].category = try Rules.validName(plan.trackers[index].category)
        }
        let body = { (store: Store) throws -> ImportSummary in
            var taken = Dictionary(store.journal.trackers.map { (TrackerName.key($0.name), $0) }, uniquingKeysWith: { first, _ in first })
            var clashes: [String] = []
            var rows: [ImportSummary.Row] = []
            var creations: [Tracker] = []
            var merges: [LogMerge] = []
            for var tracker in plan.trackers {
                let original = tracker.name
                if let existing = taken[TrackerName.key(tracker.name)] {
                    switch clash {
                    case .refuse:
                        if let merge = try? LogMerge(existing: existing, imported: tracker), merge.isEmpty, merge.kept == 0 {
                            rows.append(ImportSummary.Row(tracker: existing, outcome: .alreadyThere, counts: ImportSummary.Counts()))
                        } else {
                            clashes.append(tracker.name)
                        }
                        continue
                    case .merge:
                        let merge = try LogMerge(existing: existing, imported: tracker)
                        merges.append(merge)
                        rows.append(ImportSummary.Row(tracker: existing, outcome: merge.isEmpty ? .alreadyThere : .merged(kept: merge.kept),
                                                      counts: merge.counts))
                        continue
                    case .rename:
                        var number = 2
                        while taken[TrackerName.key("\(original) (\(number))")] != nil { number += 1 }
                        tracker.name = try Rules.validName("\(original) (\(number))")
                    }
                }
                taken[TrackerName.key(tracker.name)] = tracker
                creations.append(tracker)
                rows.append(ImportSummary.Row(tracker: tracker, outcome: tracker.name == original ? .created : .renamed(from: original),
                                              counts: ImportSummary.Counts(tracker.log, notes: tracker.log.notes.count)))
            }
            if !clashes.isEmpty { throw HabitError.importNamesTaken(clashes) }
            var newCategories: [String] = []
            var categoryFor: [String: String] = [:]
            for category in Set(creations.map(\.category)).sorted() {
                if let existing = store.settings.categories.first(where: { TrackerName.key($0) == TrackerName.key(category) }) {
                    categoryFor[category] = existing
                } else {
                    categoryFor[category] = category
                }
            }
            for category in plan.categories where categoryFor[category] == category && !newCategories.contains(category) {
                if !store.settings.categories.contains(category) { newCategories.append(category) }
            }
            if !dryRun {
                for category in newCategories { try store.addCategory(category) }
                for var tracker in creations {
                    tracker.category = categoryFor[tracker.category] ?? tracker.category
                    _ = try store.createTracker(tracker)
                }
                for merge in merges { try merge.apply(to: store) }
            }
            return ImportSummary(rows: rows, newCategories: newCategories, losses: plan.losses, notes: plan.notes)
        }
        if dryRun {
            let store: Store
            if let preview, preview.isUnchangedOnDisk { store = preview } else { store = try read() }
            do { return try body(store) } catch let error as HabitError { throw error } catch { throw ErrorTranslation.translate(error) as? HabitError ?? .git(detail: "\(error)") }
        }
        return try change("import: \(plan.trackers.count) trackers from \(source)", reusing: preview) { store in try body(store) }
    }
}

/// The days of an imported tracker that a tracker of the same name in habit lacks.
struct LogMerge {
    let existing: Tracker
    /// Days to write: the value (nil keeps habit's) and the note (nil keeps habit's).
    private(set) var writes: [(day: CivilDate, value: LogValue?, note: String?)] = []
    /// Days whose value or note differs in the file; habit's is kept.
    private(set) var kept = 0
    private(set) var counts = ImportSummary.Counts()

    init(existing: Tracker, imported: Tracker) throws(HabitError) {
        self.existing = existing
        guard existing.isNumeric == imported.isNumeric else {
            throw .importKindsDiffer(tracker: existing.name, numericInFile: imported.isNumeric)
        }
        var days = Set(imported.log.entries.map(\.day))
        days.formUnion(imported.log.notes.keys)
        for day in days.sorted() {
            let theirs = imported.log.entry(on: day)?.value
            let ours = existing.log.entry(on: day)?.value
            let theirNote = imported.log.note(on: day)
            let ourNote = existing.log.note(on: day)
            var value: LogValue? = nil
            var note: String? = nil
            var differs = false
            if let theirs {
                if ours == nil { value = theirs } else if ours != theirs { differs = true }
            }
            if let theirNote {
                if ourNote == nil { note = theirNote } else if ourNote != theirNote { differs = true }
            }
            if differs { kept += 1 }
            guard value != nil || note != nil else { continue }
            writes.append((day, value, note))
            switch value {
            case .done?: counts.done += 1
            case .skipped?: counts.skipped += 1
            case .slipped?: counts.done += 1  // not produced by any import format
            case .amount?: counts.amounts += 1
            case nil: break
            }
            if note != nil { counts.notes += 1 }
        }
    }

    /// True when merging writes nothing (days that differ stay as habit has them).
    var isEmpty: Bool { writes.isEmpty }

    /// Writes the new days, moving the tracker's start back when the file begins earlier.
    func apply(to store: Store) throws {
        guard !writes.isEmpty else { return }
        if let first = writes.first?.day, let start = existing.start, first < start {
            try store.updateTracker(existing.id, with: TrackerChanges(start: .some(first)))
        }
        for write in writes {
            let value = write.value ?? existing.log.entry(on: write.day)?.value
            let note = write.note ?? existing.log.note(on: write.day)
            try store.setDay(value, note: note, on: write.day, trackerID: existing.id)
        }
    }
}
