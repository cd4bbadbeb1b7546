import HabitCore

/// What an import read from another tool, before it is written: trackers with their whole log
/// (their `id` is empty; categories are created when missing) and what could not be carried over.
public struct ImportPlan: Sendable, Equatable {
    public var trackers: [Tracker]
    public var losses: [ImportLoss]

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

/// What an import wrote (or, in a dry run, would write).
public struct ImportSummary: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public var name: String
        /// The name in the file, when `--rename` changed it.
        public var originalName: String?
        public var category: String
        public var schedule: Schedule
        public var isNumeric: Bool
        public var isArchived: Bool
        public var done: Int
        public var skipped: Int
        public var amounts: Int
        public var notes: Int
    }

    public var rows: [Row]
    public var newCategories: [String]
    public var losses: [ImportLoss]
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
    }
}
