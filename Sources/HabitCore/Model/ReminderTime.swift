/// A time of day at which a tracker reminds: a wall-clock hour and minute, with no zone (like a
/// `CivilDate`, it means what the clock on the wall says).
public struct ReminderTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Minutes after midnight, 0 ..< 1440.
    public let minutes: Int

    public init?(minutes: Int) {
        guard (0..<1440).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        self.init(minutes: hour * 60 + minute)
    }

    /// Parses `"HH:MM"` exactly (two digits each), the form the files use.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":") else { return nil }
        self.init(lenient: text)
    }

    /// Parses what a person types: `"8:00"`, `"08:00"`, `"20:30"`, or a bare hour `"8"`.
    public init?(lenient text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
              parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(parts[0]), let minute = parts.count == 2 ? Int(parts[1]) : 0,
              parts.count == 1 || parts[1].count == 2
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public var hour: Int { minutes / 60 }
    public var minute: Int { minutes % 60 }

    /// `"08:00"`
    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    public static func < (lhs: ReminderTime, rhs: ReminderTime) -> Bool { lhs.minutes < rhs.minutes }

    /// Distinct times in order.
    public static func distinct(_ times: some Sequence<ReminderTime>) -> [ReminderTime] {
        Array(Set(times)).sorted()
    }
}
