/// How long a habit is meant to be kept up: a number of days, weeks or months from its start.
/// Absent means forever.
public struct Goal: Hashable, Sendable, CustomStringConvertible {
    public enum Unit: Character, Sendable, CaseIterable {
        case days = "d", weeks = "w", months = "m"
    }

    public let count: Int
    public let unit: Unit

    public init?(count: Int, unit: Unit) {
        guard count > 0, count <= 100_000 else { return nil }
        self.count = count
        self.unit = unit
    }

    /// Parses `"30d"`, `"8w"`, `"3m"`; a bare number means days.
    public init?(_ text: String) {
        var digits = Substring(text)
        var unit = Unit.days
        if let last = text.last, !last.isNumber {
            guard let parsed = Unit(rawValue: Character(last.lowercased())) else { return nil }
            unit = parsed
            digits = text.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(digits) else {
            return nil
        }
        self.init(count: count, unit: unit)
    }

    public var description: String { "\(count)\(unit.rawValue)" }

    /// The last day of the goal period for a habit starting on `start` (inclusive).
    public func endDay(from start: CivilDate) -> CivilDate {
        switch unit {
        case .days: start.adding(days: count - 1)
        case .weeks: start.adding(days: count * 7 - 1)
        case .months:
            // The day before the same day `count` months on, except when that month is too short
            // for it (a month from 31 January): then the month's last day, so no day is lost.
            start.adding(months: count).day < start.day
                ? start.adding(months: count) : start.adding(months: count).adding(days: -1)
        }
    }
}
