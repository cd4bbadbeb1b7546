/// A calendar date without a time or offset, e.g. `2026-11-02`.
public struct TOMLLocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    // Packed so a TOMLValue stays small; the public API is Int.
    @Packed<Int16> public var year: Int
    @Packed<UInt8> public var month: Int
    @Packed<UInt8> public var day: Int

    /// Returns nil unless the date exists in the proleptic Gregorian calendar
    /// (years 0...9999, as RFC 3339 allows).
    public init?(year: Int, month: Int, day: Int) {
        guard TOMLLocalDate.validationError(year: year, month: month, day: day) == nil else { return nil }
        self.init(unchecked: year, month, day)
    }

    init(unchecked year: Int, _ month: Int, _ day: Int) {
        (self.year, self.month, self.day) = (year, month, day)
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    /// Explains why the date is invalid, or nil if it is valid.
    static func validationError(year: Int, month: Int, day: Int) -> String? {
        let text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
        guard (0...9999).contains(year) else { return "invalid date \(text): year must be between 0000 and 9999" }
        guard (1...12).contains(month) else { return "invalid date \(text): month must be between 01 and 12" }
        let days = daysInMonth(month, year: year)
        guard (1...days).contains(day) else {
            return "invalid date \(text): \(monthNames[month - 1]) \(year) has \(days) days"
        }
        return nil
    }

    public var description: String { "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))" }

    public static func < (lhs: TOMLLocalDate, rhs: TOMLLocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

/// A time of day without a date or offset, e.g. `07:32:00.5`.
public struct TOMLLocalTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    @Packed<UInt8> public var hour: Int
    @Packed<UInt8> public var minute: Int
    @Packed<UInt8> public var second: Int
    /// Fractional seconds; TOML allows arbitrary precision, we keep nanoseconds.
    @Packed<UInt32> public var nanosecond: Int

    public init?(hour: Int, minute: Int, second: Int, nanosecond: Int = 0) {
        guard TOMLLocalTime.validationError(hour: hour, minute: minute, second: second) == nil,
              (0..<1_000_000_000).contains(nanosecond) else { return nil }
        self.init(unchecked: hour, minute, second, nanosecond)
    }

    init(unchecked hour: Int, _ minute: Int, _ second: Int, _ nanosecond: Int) {
        (self.hour, self.minute, self.second, self.nanosecond) = (hour, minute, second, nanosecond)
    }

    static func validationError(hour: Int, minute: Int, second: Int) -> String? {
        let text = "\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
        guard (0...23).contains(hour) else { return "invalid time \(text): hour must be between 00 and 23" }
        guard (0...59).contains(minute) else { return "invalid time \(text): minute must be between 00 and 59" }
        guard (0...59).contains(second) else { return "invalid time \(text): second must be between 00 and 59" }
        return nil
    }

    /// `HH:MM:SS`, followed by the fraction without trailing zeros if non-zero.
    public var description: String { formatted(fractionInGroupsOfThree: false) }

    /// With `fractionInGroupsOfThree`, the fraction is padded to
    /// milli/micro/nanoseconds (`.600`), as toml-test's fixtures write it.
    func formatted(fractionInGroupsOfThree: Bool) -> String {
        var text = "\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
        if nanosecond > 0 {
            var digits = pad(nanosecond, 9)
            while digits.last == "0" { digits.removeLast() }
            if fractionInGroupsOfThree {
                while digits.count % 3 != 0 { digits += "0" }
            }
            text += "." + digits
        }
        return text
    }

    public static func < (lhs: TOMLLocalTime, rhs: TOMLLocalTime) -> Bool {
        (lhs.hour, lhs.minute, lhs.second, lhs.nanosecond) < (rhs.hour, rhs.minute, rhs.second, rhs.nanosecond)
    }
}

/// A date and time without an offset, e.g. `2026-11-02T07:32:00`.
public struct TOMLLocalDateTime: Hashable, Sendable, CustomStringConvertible {
    public var date: TOMLLocalDate
    public var time: TOMLLocalTime

    public init(date: TOMLLocalDate, time: TOMLLocalTime) {
        self.date = date
        self.time = time
    }

    public var description: String { "\(date)T\(time)" }
}

/// A date and time with an offset from UTC, e.g. `2026-11-02T07:32:00+01:00`.
public struct TOMLOffsetDateTime: Hashable, Sendable, CustomStringConvertible {
    public var date: TOMLLocalDate
    public var time: TOMLLocalTime
    private var offset16: Int16

    /// Offset from UTC in minutes; `Z` is 0.
    public var offsetMinutes: Int {
        get { Int(offset16) }
        set { offset16 = Int16(clamping: newValue) }
    }

    public init?(date: TOMLLocalDate, time: TOMLLocalTime, offsetMinutes: Int) {
        guard (-(23 * 60 + 59)...(23 * 60 + 59)).contains(offsetMinutes) else { return nil }
        self.init(unchecked: date, time, offsetMinutes)
    }

    init(unchecked date: TOMLLocalDate, _ time: TOMLLocalTime, _ offsetMinutes: Int) {
        self.date = date
        self.time = time
        offset16 = Int16(clamping: offsetMinutes)
    }

    /// RFC 3339, with `Z` for a zero offset.
    public var description: String { formatted(fractionInGroupsOfThree: false) }

    func formatted(fractionInGroupsOfThree: Bool) -> String {
        let time = time.formatted(fractionInGroupsOfThree: fractionInGroupsOfThree)
        guard offsetMinutes != 0 else { return "\(date)T\(time)Z" }
        let sign = offsetMinutes < 0 ? "-" : "+"
        let magnitude = abs(offsetMinutes)
        return "\(date)T\(time)\(sign)\(pad(magnitude / 60, 2)):\(pad(magnitude % 60, 2))"
    }
}

/// Zero-pads a non-negative number; avoids Foundation's String(format:).
func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    guard digits.count < width else { return digits }
    return String(repeating: "0", count: width - digits.count) + digits
}
