/// A day on the calendar with no time zone: what a person means by "21 November 2026".
///
/// Stored as a count of days since 1970-01-01 so that day arithmetic and comparison are
/// integer operations; the year, month and day are derived (proleptic Gregorian calendar).
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before it).
    public let dayNumber: Int

    @inlinable public init(dayNumber: Int) {
        self.dayNumber = dayNumber
    }

    /// Returns nil when the triple names no real day (2026-02-30, month 13, …).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year) else {
            return nil
        }
        self.dayNumber = CivilDate.dayNumber(year: year, month: month, day: day)
    }

    /// Parses `YYYY-MM-DD`, exactly ten characters. The concrete overload for `String`: a generic
    /// call from another module goes through witness tables for every character view.
    public init?(_ text: String) {
        var text = text
        guard let parsed = text.withUTF8(CivilDate.dayNumber(iso:)) else { return nil }
        self.dayNumber = parsed
    }

    /// Parses `YYYY-MM-DD`, exactly ten characters.
    public init?(_ text: some StringProtocol) {
        // Every log line's key comes through here (300,000 on a large directory): read the UTF-8
        // in place rather than copying it into an array first.
        let parsed = text.utf8.withContiguousStorageIfAvailable(CivilDate.dayNumber(iso:))
            ?? Array(text.utf8).withUnsafeBufferPointer(CivilDate.dayNumber(iso:))
        guard let parsed else { return nil }
        self.dayNumber = parsed
    }

    /// Parses `YYYY-MM-DD` from UTF-8 bytes, exactly ten (a reader scanning a file's bytes makes
    /// no String for each date).
    @inline(__always)
    public init?(isoUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let parsed = CivilDate.dayNumber(iso: bytes) else { return nil }
        self.dayNumber = parsed
    }

    /// The day number of `YYYY-MM-DD`; nil for any other text or a day that does not exist.
    @inline(__always)
    static func dayNumber(iso bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        // A byte below "0" wraps around, so one comparison rejects everything but a digit.
        let d0 = bytes[0] &- 48, d1 = bytes[1] &- 48, d2 = bytes[2] &- 48, d3 = bytes[3] &- 48
        let d5 = bytes[5] &- 48, d6 = bytes[6] &- 48, d8 = bytes[8] &- 48, d9 = bytes[9] &- 48
        guard d0 < 10, d1 < 10, d2 < 10, d3 < 10, d5 < 10, d6 < 10, d8 < 10, d9 < 10 else { return nil }
        let year = Int(d0) * 1000 + Int(d1) * 100 + Int(d2) * 10 + Int(d3)
        let month = Int(d5) * 10 + Int(d6)
        let day = Int(d8) * 10 + Int(d9)
        guard month >= 1, month <= 12, day >= 1, day <= CivilDate.daysIn(month: month, year: year) else { return nil }
        return CivilDate.dayNumber(year: year, month: month, day: day)
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
