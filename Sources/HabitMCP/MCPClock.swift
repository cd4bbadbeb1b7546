import HabitCore
import HabitSystem

/// Today and now as `habit` sees them: the local wall clock, or `HABIT_NOW` when set (tests), as
/// the CLI and `habit serve` read them.
struct MCPClock: Sendable {
    let environment: [String: String]

    var now: (day: CivilDate, minutes: Int) {
        if let fixed = HabitNow(environment: environment), let day = CivilDate(fixed.day) { return (day, fixed.minutes) }
        let parts = LocalTime.parts(at: Int(SystemClock.epochSeconds()))
        return (CivilDate(year: parts.year, month: parts.month, day: parts.day)!, parts.hour * 60 + parts.minute)
    }

    /// Seconds since the epoch for commit times (HABIT_NOW read as local time).
    var seconds: Double {
        guard let fixed = HabitNow(environment: environment), let day = CivilDate(fixed.day) else { return SystemClock.epochSeconds() }
        let local = Double(day.dayNumber * 86_400 + fixed.minutes * 60)
        return local - Double(LocalTime.utcOffset(at: Int(local)))
    }

    func today(_ settings: Settings) -> CivilDate {
        let (day, minutes) = now
        return settings.today(wallClockDate: day, minutesSinceMidnight: minutes)
    }
}
