/// The machine's wall clock as the reminder rule needs it: instants (seconds since the epoch) to
/// local days and minutes and back, from one function giving the zone's offset from UTC at an
/// instant. HabitCore reads no clock and no zone: the caller passes the offset function (the C
/// library's `localtime_r` in the program, fixed rules in tests).
public struct LocalClock: Sendable {
    /// Seconds east of UTC in effect at an instant.
    public let offset: @Sendable (Int) -> Int

    public init(offset: @escaping @Sendable (Int) -> Int) {
        self.offset = offset
    }

    public static let utc = LocalClock { _ in 0 }

    /// The local day and minute of the day at `instant`.
    public func local(at instant: Int) -> (day: CivilDate, minutes: Int) {
        let wall = instant + offset(instant)
        let day = wall >= 0 ? wall / 86_400 : -((-wall + 86_399) / 86_400)
        return (CivilDate(dayNumber: day), (wall - day * 86_400) / 60)
    }

    /// The instant the wall clock shows `minutes` after midnight on `day`.
    ///
    /// A time shown twice (when the clocks go back) gives the earlier instant, as systemd and cron
    /// fire then; a time never shown (when the clocks go forward) gives the instant of the jump,
    /// the first moment the clock shows a later time. Assumes at most one change of offset within a
    /// day of the time, as every real zone has.
    public func instant(of day: CivilDate, minutes: Int) -> Int {
        let wall = day.dayNumber * 86_400 + minutes * 60
        let before = offset(wall - 86_400)
        let after = offset(wall + 86_400)
        let candidates = Set([wall - before, wall - after]).filter { offset($0) == wall - $0 }
        if let earliest = candidates.min() { return earliest }
        // In a gap: the offset changes from `before` to `after` somewhere between the two guesses.
        var low = wall - after  // still the old offset here
        var high = wall - before  // the new one here
        if low > high { swap(&low, &high) }
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if offset(middle) == before { low = middle } else { high = middle }
        }
        return high
    }
}
