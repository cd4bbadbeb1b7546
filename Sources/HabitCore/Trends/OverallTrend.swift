/// All trackers together, week by week over the last year (`habit stats`; docs/statistics.md,
/// "Trends"): the perfect days of each week and its completion, the due tracker-days that were done.
public struct OverallTrend: Hashable, Sendable {
    public struct Week: Hashable, Sendable {
        public var first: CivilDate
        /// Days of the week up to today (7 but for the week in progress).
        public var days: Int
        /// Perfect days of the week up to today.
        public var perfectDays: Int
        /// Tracker-days done of those due (scheduled, not skipped; today once it is perfect).
        public var done: Int
        public var due: Int

        public init(first: CivilDate, days: Int = 7, perfectDays: Int, done: Int, due: Int) {
            self.first = first
            self.days = days
            self.perfectDays = perfectDays
            self.done = done
            self.due = due
        }

        /// `done / due` in 0…1; nil when nothing was due.
        public var completion: Double? { due > 0 ? Double(done) / Double(due) : nil }
    }

    /// Weeks of a year: the trend's length.
    public static let weeks = 52

    /// Oldest first, the week containing today last; weeks before anything was scheduled are left out.
    public var weeks: [Week]

    public init(weeks: [Week]) {
        self.weeks = weeks
    }

    public init(journal: Journal, today: CivilDate, weekStartsOn: Weekday) {
        self.init(trackers: journal.trackers.filter { !$0.isArchived }, today: today, weekStartsOn: weekStartsOn)
    }

    public init(trackers: [Tracker], today: CivilDate, weekStartsOn: Weekday, count: Int = OverallTrend.weeks) {
        weeks = []
        guard let earliest = DayCounts.earliestStart(of: trackers, today: today) else { return }
        let current = WeekGrid.weekStart(containing: today, weekStartsOn: weekStartsOn)
        let firstWeek = max(current.adding(days: -7 * (count - 1)),
                            WeekGrid.weekStart(containing: CivilDate(dayNumber: earliest), weekStartsOn: weekStartsOn))
        let days = DaySummary.days(of: trackers, from: firstWeek, through: today, today: today)
        var week = firstWeek
        while week <= today {
            weeks.append(Week(first: week, days: min(7, today.days(since: week) + 1), perfectDays: 0, done: 0, due: 0))
            week = week.adding(days: 7)
        }
        for summary in days {
            let index = summary.day.days(since: firstWeek) / 7
            if summary.state == .perfect { weeks[index].perfectDays += 1 }
            // Today still in progress asks for nothing yet, as in the tracker's completion rate.
            if summary.state == .inProgress || summary.state == .future { continue }
            weeks[index].done += summary.done
            weeks[index].due += summary.due
        }
    }
}
