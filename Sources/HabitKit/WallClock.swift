import HabitCore
import HabitSystem

/// Today and now as `habit` sees them: the local wall clock, or `HABIT_NOW` when set (tests); the
/// one clock of the long-running front-ends (`habit serve`, `habit mcp`).
public struct WallClock: Sendable {
    public let environment: [String: String]
    /// `HABIT_NOW`, read once: the environment does not change under a running server.
    private let fixed: HabitNow?

    public init(environment: [String: String]) {
        self.environment = environment
        fixed = HabitNow(environment: environment)
    }

    public var now: (day: CivilDate, minutes: Int) {
        if let fixed, let day = CivilDate(fixed.day) { return (day, fixed.minutes) }
        let parts = LocalTime.parts(at: Int(SystemClock.epochSeconds()))
        return (CivilDate(year: parts.year, month: parts.month, day: parts.day)!, parts.hour * 60 + parts.minute)
    }

    /// Seconds since the epoch for commit times (HABIT_NOW read as local time, as the CLI does).
    public var seconds: Double {
        guard let fixed, let day = CivilDate(fixed.day) else { return SystemClock.epochSeconds() }
        let local = Double(day.dayNumber * 86_400 + fixed.minutes * 60)
        return local - Double(LocalTime.utcOffset(at: Int(local)))
    }

    public func today(_ settings: Settings) -> CivilDate {
        let (day, minutes) = now
        return settings.today(wallClockDate: day, minutesSinceMidnight: minutes)
    }
}
