/// Trackers × the seven days of one week (starting on `Settings.weekStartsOn`).
public struct WeekGrid: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        public var trackerID: String
        /// Seven cells, in the order of `WeekGrid.days`.
        public var cells: [TrackerDay]

        public init(trackerID: String, cells: [TrackerDay]) {
            self.trackerID = trackerID
            self.cells = cells
        }
    }

    /// The seven days of the week, first to last.
    public var days: [CivilDate]
    /// One row per tracker, in the order given.
    public var rows: [Row]
    /// All trackers on each of the seven days.
    public var summary: [DaySummary]

    public init(days: [CivilDate], rows: [Row], summary: [DaySummary]) {
        self.days = days
        self.rows = rows
        self.summary = summary
    }

    /// The first day of the week containing `day` for weeks starting on `weekStartsOn`.
    public static func weekStart(containing day: CivilDate, weekStartsOn: Weekday) -> CivilDate {
        day.adding(days: -leadingBlanks(before: day, weekStartsOn: weekStartsOn))
    }

    public init(trackers: [Tracker], containing day: CivilDate, today: CivilDate, weekStartsOn: Weekday = .monday) {
        let first = WeekGrid.weekStart(containing: day, weekStartsOn: weekStartsOn)
        let last = first.adding(days: 6)
        days = (0..<7).map { first.adding(days: $0) }
        rows = trackers.map {
            Row(trackerID: $0.id, cells: TrackerDay.days(of: $0, from: first, through: last, today: today))
        }
        summary = DaySummary.days(of: trackers, from: first, through: last, today: today)
    }

    public init(journal: Journal, containing day: CivilDate, today: CivilDate) {
        self.init(trackers: journal.trackers, containing: day, today: today, weekStartsOn: journal.settings.weekStartsOn)
    }
}
