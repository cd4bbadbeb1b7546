/// A day on the calendar with no time zone: what a person means by "21 November 2026".
///
/// Stored as a count of days since 1970-01-01 so that day arithmetic and comparison are
/// integer operations; the year, month and day are derived (proleptic Gregorian calendar).
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before it).
    public let dayNumber: Int

    public init(dayNumber: Int) {
        self.dayNumber = dayNumber
    }

    /// Returns nil when the triple names no real day (2026-02-30, month 13, …).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year) else {
            return nil
        }
        self.dayNumber = CivilDate.dayNumber(year: year, month: month, day: day)
    }

    /// Parses `YYYY-MM-DD`, exactly ten characters.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    public var components: (year: Int, month: Int, day: Int) {
        // Howard Hinnant's civil_from_days.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    public var year: Int { components.year }
    public var month: Int { components.month }
    public var day: Int { components.day }

    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let index = ((dayNumber % 7) + 7 + 3) % 7  // 0 = Monday
        return Weekday.allCases[index]
    }

    public func adding(days: Int) -> CivilDate {
        CivilDate(dayNumber: dayNumber + days)
    }

    public func days(since other: CivilDate) -> Int {
        dayNumber - other.dayNumber
    }

    /// The same day of month `months` later, clamped to the month's length (Jan 31 + 1 month = Feb 28).
    public func adding(months: Int) -> CivilDate {
        let (year, month, day) = components
        let total = year * 12 + (month - 1) + months
        let newYear = total >= 0 ? total / 12 : (total - 11) / 12
        let newMonth = total - newYear * 12 + 1
        let newDay = min(day, CivilDate.daysIn(month: newMonth, year: newYear))
        return CivilDate(dayNumber: CivilDate.dayNumber(year: newYear, month: newMonth, day: newDay))
    }

    public var firstOfMonth: CivilDate { adding(days: 1 - day) }

    public var description: String {
        let (year, month, day) = components
        return CivilDate.pad(year, 4) + "-" + CivilDate.pad(month, 2) + "-" + CivilDate.pad(day, 2)
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        lhs.dayNumber < rhs.dayNumber
    }

    public static func isLeap(year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year: year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }
}

extension CivilDate: Strideable {
    public func distance(to other: CivilDate) -> Int { other.dayNumber - dayNumber }
    public func advanced(by n: Int) -> CivilDate { adding(days: n) }
}
