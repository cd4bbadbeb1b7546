/// `HABIT_NOW`: a local wall-clock time that replaces the clock for scripts and tests
/// (`2026-11-21T08:30`, or a bare day meaning its noon). Read here only, so every layer that
/// asks for the time agrees on what a fixed clock means.
public struct HabitNow: Equatable, Sendable {
    public static let variable = "HABIT_NOW"

    /// The day as written (`YYYY-MM-DD`); the calendar is the caller's to read it with.
    public var day: String
    /// Minutes after local midnight.
    public var minutes: Int

    /// The fixed time in `environment`; nil when `HABIT_NOW` is unset or unreadable.
    public init?(environment: [String: String]) {
        guard let text = environment[Self.variable] else { return nil }
        self.init(text)
    }

    /// A day, optionally followed by `THH:MM` (anything after the minutes is ignored).
    public init?(_ text: String) {
        let parts = text.split(separator: "T", maxSplits: 1)
        guard let first = parts.first else { return nil }
        day = String(first)
        guard parts.count == 2 else {
            minutes = 12 * 60
            return
        }
        let clock = parts[1].split(separator: ":")
        guard clock.count >= 2, let hour = Int(clock[0]), let minute = Int(clock[1]) else { return nil }
        minutes = hour * 60 + minute
    }
}
