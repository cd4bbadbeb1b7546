/// When a tracker is expected to be done.
public enum Schedule: Hashable, Sendable {
    /// A habit on the given weekdays (all seven for a daily habit).
    case weekly(WeekdaySet)
    /// An irregular event: due every day from its start until the day it is done.
    case event

    public static let daily = Schedule.weekly(.all)

    public var isEvent: Bool { self == .event }

    public var weekdays: WeekdaySet? {
        if case .weekly(let set) = self { return set }
        return nil
    }
}
