import HabitCore
import HabitStore

extension Habits {
    /// Writes the trackers of `plan` (and the categories they need) as one change. A tracker whose
    /// name exists already is refused, naming every such tracker, unless `renaming` gives it the
    /// first free name of "Name (2)", "Name (3)", …. `dryRun` checks everything and writes nothing.
    @discardableResult
    public func importTrackers(_ plan: ImportPlan, from source: String, renaming: Bool, dryRun: Bool) throws(HabitError) -> ImportSummary {
        var plan = plan
        for index in plan.trackers.indices {
            plan.trackers[index].name = try Rules.validName(plan.trackers[index].name)
            plan.trackers[index].category = try Rules.validName(plan.trackers[index].category)
        }
        let body = { (store: Store) throws -> ImportSummary in
            var taken = Set(store.journal.trackers.map { TrackerName.key($0.name) })
            var clashes: [String] = []
            var rows: [ImportSummary.Row] = []
            var trackers: [Tracker] = []
            for var tracker in plan.trackers {
                let original = tracker.name
                if taken.contains(TrackerName.key(tracker.name)) {
                    guard renaming else { clashes.append(tracker.name); continue }
                    var number = 2
                    while taken.contains(TrackerName.key("\(original) (\(number))")) { number += 1 }
                    tracker.name = try Rules.validName("\(original) (\(number))")
                }
                taken.insert(TrackerName.key(tracker.name))
                trackers.append(tracker)
                let entries = tracker.log.entries
                rows.append(ImportSummary.Row(
                    name: tracker.name, originalName: tracker.name == original ? nil : original, category: tracker.category,
                    schedule: tracker.schedule, isNumeric: tracker.isNumeric, isArchived: tracker.isArchived,
                    done: entries.filter { $0.amount == nil && $0.mark == .done }.count,
                    skipped: entries.filter { $0.mark == .skipped }.count,
                    amounts: entries.filter { $0.amount != nil }.count, notes: tracker.log.notes.count))
            }
            if !clashes.isEmpty { throw HabitError.importNamesTaken(clashes) }
            var newCategories: [String] = []
            var categoryFor: [String: String] = [:]
            for category in plan.categories {
                if let existing = store.settings.categories.first(where: { TrackerName.key($0) == TrackerName.key(category) }) {
                    categoryFor[category] = existing
                } else {
                    categoryFor[category] = category
                    newCategories.append(category)
                }
            }
            if !dryRun {
                for category in newCategories { try store.addCategory(category) }
                for var tracker in trackers {
                    tracker.category = categoryFor[tracker.category] ?? tracker.category
                    _ = try store.createTracker(tracker)
                }
            }
            return ImportSummary(rows: rows, newCategories: newCategories, losses: plan.losses)
        }
        if dryRun {
            let store = try read()
            do { return try body(store) } catch let error as HabitError { throw error } catch { throw ErrorTranslation.translate(error) as? HabitError ?? .git(detail: "\(error)") }
        }
        return try change("import: \(plan.trackers.count) trackers from \(source)") { store in try body(store) }
    }
}
