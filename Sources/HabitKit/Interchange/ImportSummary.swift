import HabitCore
import HabitInterchange

/// What an import wrote (or, in a dry run, would write).
public struct ImportSummary: Sendable, Equatable {
    /// Days and notes written for one tracker.
    public struct Counts: Sendable, Equatable {
        public var done = 0
        public var skipped = 0
        public var amounts = 0
        public var notes = 0

        init() {}

        init(_ log: CompletionLog, notes: Int) {
            for entry in log.entries {
                if entry.amount != nil { amounts += 1 } else if entry.mark == .done { done += 1 } else if entry.mark == .skipped { skipped += 1 }
            }
            self.notes = notes
        }
    }

    /// What became of a tracker of the file.
    public enum Outcome: Sendable, Equatable {
        case created
        /// Created under another name (`--rename`): the name in the file.
        case renamed(from: String)
        /// Its days were added to the tracker of that name (`--merge`); `kept` days differ in the
        /// file and stay as habit has them.
        case merged(kept: Int)
        /// habit holds every day of it already: nothing to write.
        case alreadyThere
    }

    public struct Row: Sendable, Equatable {
        public var name: String
        public var category: String
        public var schedule: Schedule
        public var isNumeric: Bool
        public var isArchived: Bool
        public var outcome: Outcome
        public var counts: Counts

        init(tracker: Tracker, outcome: Outcome, counts: Counts) {
            name = tracker.name
            category = tracker.category
            schedule = tracker.schedule
            isNumeric = tracker.isNumeric
            isArchived = tracker.isArchived
            self.outcome = outcome
            self.counts = counts
        }
    }

    public var rows: [Row]
    public var newCategories: [String]
    public var losses: [ImportLoss]
    public var notes: [ImportNote] = []

    /// True when the import writes nothing: every tracker was in habit already.
    public var changesNothing: Bool { rows.allSatisfy { $0.outcome == .alreadyThere } && newCategories.isEmpty }
}
