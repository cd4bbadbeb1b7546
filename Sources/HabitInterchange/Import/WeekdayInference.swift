import HabitCore

/// `--infer-weekdays`: a tracker imported as "N times a week" whose done days fall on N fixed
/// weekdays becomes a tracker of those weekdays. Other tools (Loop, harsh) have no fixed days, so
/// habit only guesses when asked, and only when the data is clear.
enum WeekdayInference {
    /// At least this many done days per weekday of the schedule, so a few weeks decide nothing.
    static let minimumWeeks = 4
    /// The share of done days that must fall on the N most used weekdays.
    static let minimumShare = 0.9

    /// The weekdays `log` shows for a tracker done `count` times a week, or nil when the data does
    /// not show fixed days.
    static func weekdays(count: Int, in log: CompletionLog) -> (days: WeekdaySet, share: Double)? {
        let done = log.entries.filter { $0.mark == .done }
        guard count < 7, done.count >= count * minimumWeeks else { return nil }
        var tally: [Weekday: Int] = [:]
        for entry in done { tally[entry.day.weekday, default: 0] += 1 }
        let chosen = tally.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.rawValue < $1.key.rawValue }.prefix(count)
        guard chosen.count == count else { return nil }
        let share = Double(chosen.reduce(0) { $0 + $1.value }) / Double(done.count)
        guard share >= minimumShare else { return nil }
        return (WeekdaySet(chosen.map(\.key)), share)
    }
}

extension ImportPlan {
    /// Gives fixed weekdays to every "N times a week" tracker whose data shows them.
    public mutating func inferWeekdays() {
        for index in trackers.indices {
            guard case .periodic(let count, .week) = trackers[index].schedule,
                  let found = WeekdayInference.weekdays(count: count, in: trackers[index].log) else { continue }
            trackers[index].schedule = .weekly(found.days)
            notes.append(.weekdaysInferred(tracker: trackers[index].name, days: found.days, percent: Int((found.share * 100).rounded(.down))))
        }
    }
}
