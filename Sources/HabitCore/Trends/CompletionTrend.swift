/// How long a bar of a completion trend is.
public enum TrendPeriod: String, Hashable, Sendable, CaseIterable {
    case week, month, year

    /// The period a tracker's history is best read by: weeks while it is at most half a year old,
    /// months up to three years, years after that.
    public static func fitting(from start: CivilDate, through today: CivilDate) -> TrendPeriod {
        let days = today.days(since: start) + 1
        if days <= 26 * 7 { return .week }
        if days <= 3 * 366 { return .month }
        return .year
    }

    /// The first day of the period containing `day`.
    public func first(containing day: CivilDate, weekStartsOn: Weekday) -> CivilDate {
        switch self {
        case .week: WeekGrid.weekStart(containing: day, weekStartsOn: weekStartsOn)
        case .month: day.firstOfMonth
        case .year: CivilDate(year: day.year, month: 1, day: 1)!
        }
    }

    /// The first day of the period after the one starting on `first`.
    public func next(after first: CivilDate) -> CivilDate {
        switch self {
        case .week: first.adding(days: 7)
        case .month: first.adding(months: 1)
        case .year: CivilDate(year: first.year + 1, month: 1, day: 1)!
        }
    }
}

/// One bar of a completion trend: the days of one week, month or year up to today.
public struct TrendBucket: Hashable, Sendable {
    public var first: CivilDate
    /// The period's last day (it may lie after today: the period in progress).
    public var last: CivilDate
    /// Scheduled days done.
    public var done: Int
    /// Scheduled days that asked for something: done or missed (skipped days and today while it
    /// is still to do are left out, as in the completion rate).
    public var due: Int

    public init(first: CivilDate, last: CivilDate, done: Int = 0, due: Int = 0) {
        self.first = first
        self.last = last
        self.done = done
        self.due = due
    }

    /// `done / due` in 0…1; nil when nothing was due.
    public var rate: Double? { due > 0 ? Double(done) / Double(due) : nil }
}

/// One tracker's completion rate per week, month or year, from the period of its start to the
/// period of today (docs/statistics.md, "Trends"). The days are those of `TrackerWalk`: the same
/// states as the completion rate, so the buckets of a tracker add up to its `doneDays` and `dueDays`
/// (for a periodic habit, to its done and missed days rather than its periods).
public struct CompletionTrend: Hashable, Sendable {
    public var period: TrendPeriod
    /// Oldest first; the last contains today.
    public var buckets: [TrendBucket]

    public init(period: TrendPeriod, buckets: [TrendBucket]) {
        self.period = period
        self.buckets = buckets
    }

    public init(tracker: Tracker, today: CivilDate, period: TrendPeriod, weekStartsOn: Weekday) {
        self.period = period
        buckets = []
        let walk = TrackerWalk(tracker, today: today)
        let start = CivilDate(dayNumber: min(walk.startDay, today.dayNumber))
        var first = period.first(containing: start, weekStartsOn: weekStartsOn)
        while first <= today {
            let next = period.next(after: first)
            buckets.append(TrendBucket(first: first, last: next.adding(days: -1)))
            first = next
        }
        guard walk.startDay <= today.dayNumber, !buckets.isEmpty else { return }
        var index = 0
        walk.walk(from: walk.startDay, through: today.dayNumber) { day, state, _ in
            while buckets[index].last.dayNumber < day { index += 1 }
            switch state {
            case .done:
                buckets[index].done += 1
                buckets[index].due += 1
            case .missed, .forgiven:
                // A forgiven miss keeps the streak, but it is a miss in the completion rate.
                buckets[index].due += 1
            default:
                break
            }
        }
    }
}
