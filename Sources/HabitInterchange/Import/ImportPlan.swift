import HabitCore

/// What an import read from another tool, before it is written: trackers with their whole log
/// (their `id` is empty; categories are created when missing) and what could not be carried over.
public struct ImportPlan: Sendable, Equatable {
    public var trackers: [Tracker]
    public var losses: [ImportLoss]
    /// What habit decided that the file does not say (`--infer-weekdays`).
    public var notes: [ImportNote] = []

    public init(trackers: [Tracker] = [], losses: [ImportLoss] = []) {
        self.trackers = trackers
        self.losses = losses
    }

    /// The categories the trackers use, in first-use order.
    public var categories: [String] {
        var seen: [String] = []
        for tracker in trackers where !seen.contains(tracker.category) { seen.append(tracker.category) }
        return seen
    }

    /// Gives every tracker its start (the first logged day, else `today`) and its log's measure.
    mutating func finish(today: CivilDate) {
        fitNames()
        for index in trackers.indices {
            trackers[index].start = trackers[index].log.first.map { min($0.day, today) } ?? trackers[index].log.notes.keys.min() ?? today
            if let firstNote = trackers[index].log.notes.keys.min(), let start = trackers[index].start, firstNote < start {
                trackers[index].start = firstNote
            }
        }
    }
}

extension ImportPlan {
    /// Names other tools allow and habit does not (over `TrackerName.maximumLength` characters,
    /// control characters) made into names it does: a control character becomes a space, a long
    /// name is cut to one character less and "…" and kept whole as the first paragraph of the
    /// description. A loss says so; the same name is always fitted the same way.
    mutating func fitNames() {
        for index in trackers.indices {
            let original = trackers[index].name
            let printable = String(String.UnicodeScalarView(original.unicodeScalars.map {
                $0.properties.generalCategory == .control ? " " : $0
            })).trimmingWhitespace()
            var name = printable
            let cut = name.count > TrackerName.maximumLength
            if cut { name = String(name.prefix(TrackerName.maximumLength - 1)).trimmingWhitespace() + "…" }
            guard name != original.trimmingWhitespace(), !name.isEmpty else { continue }
            trackers[index].name = name
            if cut {
                trackers[index].description = [printable, trackers[index].description ?? ""].filter { !$0.isEmpty }.joined(separator: "\n\n")
            }
            losses.append(.name(original: original, imported: name, cut: cut))
        }
        // Loop allows two habits of one name; habit does not, so the later ones are numbered.
        var seen = Set<String>()
        for index in trackers.indices {
            let name = trackers[index].name
            if seen.insert(TrackerName.key(name)).inserted { continue }
            var number = 2
            var candidate = name
            repeat {
                let suffix = " (\(number))"
                candidate = String(name.prefix(TrackerName.maximumLength - suffix.count)).trimmingWhitespace() + suffix
                number += 1
            } while seen.contains(TrackerName.key(candidate)) || trackers.contains { TrackerName.key($0.name) == TrackerName.key(candidate) }
            seen.insert(TrackerName.key(candidate))
            trackers[index].name = candidate
            losses.append(.sameName(name: name, imported: candidate))
        }
    }
}
