/// `HABIT_NOW`: a local wall-clock time that replaces the clock for scripts and tests
/// (`2026-11-21T08:30`, or a bare day meaning its noon). Read here only, so every layer that
/// asks for the time agrees on what a fixed clock means.
public struct HabitNow: Equatable, Sendable {
    public static let variable = "HABIT_NOW"

    public var year: Int
    public var month: Int
    public var day: Int
    /// Minutes after local midnight.
    public var minutes: Int

    /// The fixed time in `environment`; nil when `HABIT_NOW` is unset or unreadable.
    public init?(environment: [String: String]) {
        guard let text = environment[Self.variable] else { return nil }
        self.init(text)
    }

    /// `YYYY-MM-DD`, optionally followed by `THH:MM` (anything after the minutes is ignored).
    /// Whether the day exists is the caller's to check (it owns the calendar).
    public init?(_ text: String) {
        let parts = text.split(separator: "T", maxSplits: 1)
        guard let first = parts.first else { return nil }
        let bytes = Array(first.utf8)
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
        self.year = year
        self.month = month
        self.day = day
        guard parts.count == 2 else {
            minutes = 12 * 60
            return
        }
        let clock = parts[1].split(separator: ":")
        guard clock.count >= 2, let hour = Int(clock[0]), let minute = Int(clock[1]) else { return nil }
        minutes = hour * 60 + minute
    }
}
