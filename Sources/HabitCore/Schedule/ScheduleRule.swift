/// A tracker's schedule compiled for day-by-day questions. Statistics walk thousands of days, so
/// days are day numbers and weekdays a bit mask.
public struct ScheduleRule: Sendable {
    public enum Kind: Sendable, Equatable {
        /// Weekdays (`mask`) or an event: each day on its own decides whether it is expected.
        case daily
        /// "N per week/month": `count` done days in each calendar period.
        case periodic(count: Int, period: Period)
        /// "every N days": a done day in every window of `days` days.
        case interval(days: Int)
    }

    /// The first expected day (the tracker's effective start).
    public let startDay: Int
    /// Weekday bits, Monday = bit 0; all seven for periodic and interval schedules (any day may
    /// be done); unused for events.
    public let mask: UInt8
    public let isEvent: Bool
    /// Last expected day of an event (the day it was done); `Int.max` while it is open.
    public let eventEnd: Int
    public let kind: Kind

    public init(_ tracker: Tracker, today: CivilDate) {
        startDay = tracker.effectiveStart(today: today).dayNumber
        switch tracker.schedule {
        case .weekly(let days):
            mask = days.rawValue
            isEvent = false
            eventEnd = Int.max
            kind = .daily
        case .event:
            mask = 0
            isEvent = true
            eventEnd = tracker.eventDoneDay?.dayNumber ?? Int.max
            kind = .daily
        case .periodic(let count, let period):
            mask = WeekdaySet.all.rawValue
            isEvent = false
            eventEnd = Int.max
            kind = .periodic(count: count, period: period)
        case .interval(let days):
            mask = WeekdaySet.all.rawValue
            isEvent = false
            eventEnd = Int.max
            kind = .interval(days: max(1, days))
        }
    }

    /// 0 = Monday … 6 = Sunday (1970-01-01, day 0, was a Thursday).
    @inline(__always)
    public static func weekdayIndex(_ day: Int) -> Int { ((day % 7) + 7 + 3) % 7 }

    /// Whether the schedule allows `day`, its start aside: a habit's weekday, an event's days up
    /// to the one it was done, any day for periodic and interval schedules (whether such a day is
    /// *expected* depends on the marks around it: see `TrackerWalk`).
    @inline(__always)
    public func matches(_ day: Int) -> Bool {
        isEvent ? day <= eventEnd : mask & (1 << UInt8(ScheduleRule.weekdayIndex(day))) != 0
    }

    /// Whether `day` is allowed: from the start on, and matching the schedule.
    @inline(__always)
    public func expects(_ day: Int) -> Bool {
        day >= startDay && matches(day)
    }

    /// Whether each day decides on its own if it is expected (weekdays and events).
    public var isDayByDay: Bool { kind == .daily }

    /// The first day something is asked of the tracker: the first scheduled weekday from the
    /// start; the start itself for events, periodic and interval schedules.
    public var firstActiveDay: Int {
        if isEvent { return eventEnd >= startDay ? startDay : Int.max }
        guard kind == .daily else { return startDay }
        var day = startDay
        for _ in 0..<7 where !matches(day) { day += 1 }
        return matches(day) ? day : Int.max
    }

    /// How many days in `from...through` match the schedule (its start aside).
    public func matchingDays(from: Int, through: Int) -> Int {
        if isEvent {
            let last = min(through, eventEnd)
            return from <= last ? last - from + 1 : 0
        }
        return ScheduleRule.weekdayCount(mask: mask, from: from, through: through)
    }

    /// Days in `from...through` whose weekday is in `mask`.
    public static func weekdayCount(mask: UInt8, from: Int, through: Int) -> Int {
        guard from <= through else { return 0 }
        let length = through - from + 1
        var count = (length / 7) * mask.nonzeroBitCount
        var weekday = weekdayIndex(from)
        for _ in 0..<(length % 7) {
            if mask & (1 << UInt8(weekday)) != 0 { count += 1 }
            weekday = weekday == 6 ? 0 : weekday + 1
        }
        return count
    }

    /// The done days a period asks for when `available` of its `length` days count (the rest are
    /// before the start or excused): the quota in proportion, rounded half up, never more than the
    /// days available. A full period asks for the whole quota.
    public static func quota(_ count: Int, available: Int, length: Int) -> Int {
        guard available > 0, length > 0 else { return 0 }
        return min(available, (2 * count * available + length) / (2 * length))
    }
}
