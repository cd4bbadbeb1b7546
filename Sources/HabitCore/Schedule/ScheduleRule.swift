/// A tracker's schedule compiled for day-by-day questions: the one place that says whether a day
/// is expected. Statistics walk thousands of days, so days are day numbers and weekdays a bit mask.
public struct ScheduleRule: Sendable {
    /// The first expected day (the tracker's effective start).
    public let startDay: Int
    /// Weekday bits, Monday = bit 0; unused for events.
    public let mask: UInt8
    public let isEvent: Bool
    /// Last expected day of an event (the day it was done); `Int.max` while it is open.
    public let eventEnd: Int

    public init(_ tracker: Tracker, today: CivilDate) {
        startDay = tracker.effectiveStart(today: today).dayNumber
        switch tracker.schedule {
        case .weekly(let days):
            mask = days.rawValue
            isEvent = false
            eventEnd = Int.max
        case .event:
            mask = 0
            isEvent = true
            eventEnd = tracker.eventDoneDay?.dayNumber ?? Int.max
        }
    }

    /// 0 = Monday … 6 = Sunday (1970-01-01, day 0, was a Thursday).
    @inline(__always)
    public static func weekdayIndex(_ day: Int) -> Int { ((day % 7) + 7 + 3) % 7 }

    /// Whether the schedule asks for `day`, its start aside: a habit's weekday, an event's days up
    /// to the one it was done.
    @inline(__always)
    public func matches(_ day: Int) -> Bool {
        isEvent ? day <= eventEnd : mask & (1 << UInt8(ScheduleRule.weekdayIndex(day))) != 0
    }

    /// Whether `day` is expected: from the start on, and matching the schedule.
    @inline(__always)
    public func expects(_ day: Int) -> Bool {
        day >= startDay && matches(day)
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
}
