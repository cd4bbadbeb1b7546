/// When a tracker is expected to be done.
public enum Schedule: Hashable, Sendable {
    /// A habit on the given weekdays (all seven for a daily habit).
    case weekly(WeekdaySet)
    /// An irregular event: due every day from its start until the day it is done.
    case event
    /// At least `count` done days in every calendar week (starting on `week_starts_on`) or
    /// calendar month: `"3 per week"`, `"10 per month"`.
    case periodic(count: Int, period: Period)
    /// At least one done day in every window of `days` consecutive days, like org-habit's
    /// `.+2d`: `"every 2 days"`.
    case interval(days: Int)

    public static let daily = Schedule.weekly(.all)

    public var isEvent: Bool { self == .event }

    public var weekdays: WeekdaySet? {
        if case .weekly(let set) = self { return set }
        return nil
    }

    /// The period of an "N per week/month" schedule.
    public var period: Period? {
        if case .periodic(_, let period) = self { return period }
        return nil
    }

    /// The done days an "N per week/month" schedule asks for in each period.
    public var quota: Int? {
        if case .periodic(let count, _) = self { return count }
        return nil
    }

    /// The window of an "every N days" schedule.
    public var intervalDays: Int? {
        if case .interval(let days) = self { return days }
        return nil
    }

    /// Whether the tracker is judged by calendar periods (its streak counts weeks or months).
    public var isPeriodic: Bool { period != nil }

    /// The frequency as Loop Habit Tracker writes it, numerator / denominator: 1/1 daily, k/7 on
    /// k weekdays, N/7 per week, N/30 per month, 1/N every N days; nil for an event.
    public var frequency: (numerator: Int, denominator: Int)? {
        let raw: (Int, Int)
        switch self {
        case .event: return nil
        case .weekly(let days): raw = (days.rawValue.nonzeroBitCount, 7)
        case .periodic(let count, .week): raw = (count, 7)
        case .periodic(let count, .month): raw = (count, 30)
        case .interval(let days): raw = (1, days)
        }
        // Loop writes a frequency whose numerator equals its denominator as 1/1.
        return raw.0 == raw.1 ? (1, 1) : raw
    }
}

/// A calendar period of an "N per …" schedule.
public enum Period: String, Hashable, Sendable, CaseIterable {
    case week, month

    /// The most done days a period can hold.
    public var maximumCount: Int { self == .week ? 7 : 31 }

    /// The period containing `day`: a week starting on `weekStartsOn`, or a calendar month.
    public func bounds(containing day: CivilDate, weekStartsOn: Weekday) -> ClosedRange<CivilDate> {
        switch self {
        case .week:
            let first = day.adding(days: -((day.weekday.rawValue - weekStartsOn.rawValue + 7) % 7))
            return first...first.adding(days: 6)
        case .month:
            let first = day.firstOfMonth
            return first...first.adding(months: 1).adding(days: -1)
        }
    }
}
