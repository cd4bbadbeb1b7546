/// Days of the week, Monday first (ISO 8601), with the short names used in files.
public enum Weekday: Int, CaseIterable, Sendable, Hashable, Comparable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The three-letter lowercase name written in tracker files: `mon` … `sun`.
    public var fileName: String {
        switch self {
        case .monday: "mon"
        case .tuesday: "tue"
        case .wednesday: "wed"
        case .thursday: "thu"
        case .friday: "fri"
        case .saturday: "sat"
        case .sunday: "sun"
        }
    }

    /// Accepts `mon`, `monday`, `Mon`, … (case-insensitive, English).
    public init?(name: some StringProtocol) {
        let lower = name.lowercased()
        guard let match = Weekday.allCases.first(where: {
            lower == $0.fileName || lower == $0.fullName
        }) else { return nil }
        self = match
    }

    public var fullName: String {
        switch self {
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        case .sunday: "sunday"
        }
    }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The seven days in display order for a week starting on `first`.
    public static func week(startingOn first: Weekday) -> [Weekday] {
        (0..<7).map { allCases[(first.rawValue - 1 + $0) % 7] }
    }
}

/// A set of weekdays as a bit mask: membership tests sit on the hot path of every statistic.
public struct WeekdaySet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue & 0x7F }

    public init(_ days: some Sequence<Weekday>) {
        self.init(rawValue: days.reduce(0) { $0 | (1 << UInt8($1.rawValue - 1)) })
    }

    public static let all = WeekdaySet(rawValue: 0x7F)

    public func contains(_ day: Weekday) -> Bool {
        rawValue & (1 << UInt8(day.rawValue - 1)) != 0
    }

    public var days: [Weekday] { Weekday.allCases.filter(contains) }
}
