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
