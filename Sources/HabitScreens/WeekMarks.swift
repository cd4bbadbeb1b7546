import HabitCore

extension DayScreen {
    /// A day of the week strip as one tracker left it.
    public struct WeekMark: Hashable, Sendable {
        public var date: CivilDate
        /// The state its details' calendar shows on the day (`TrackerDetails.DayState`).
        public var state: TrackerDetails.DayState
        /// A numeric tracker's day, not done, whose total went part of the way: HabitCore's
        /// `Measure.fraction(of:)` (what habit strength counts of the day) above 0 and under 1. For
        /// "at least 8 glasses" that is 1 to 7 glasses; for "at most 2" it is 3 (over, but not twice over).
        public var isPartial: Bool
    }

    /// The tracker's state on each of `days` (the week strip's seven): HabitCore's evaluation of
    /// those days only (`Tracker.status(on:today:)`), folded as its details' calendar folds
    /// `TrackerDay` (a slip, the days before the start), so the strip and the calendar agree.
    public static func weekMarks(of tracker: Tracker, on days: [CivilDate], today: CivilDate) -> [WeekMark] {
        let start = tracker.effectiveStart(today: today)
        return days.map { date in
            let status = tracker.status(on: date, today: today)
            let state = TrackerDetails.day(TrackerDay(day: date, state: status.state), tracker: tracker, start: start, today: today).state
            return WeekMark(date: date, state: state, isPartial: isPartial(status, state: state, of: tracker))
        }
    }

    private static func isPartial(_ status: DayStatus, state: TrackerDetails.DayState, of tracker: Tracker) -> Bool {
        guard let measure = tracker.measure, let total = status.amount,
              state == .missed || state == .pending || state == .forgiven else { return false }
        let fraction = measure.fraction(of: total)
        return fraction > 0 && fraction < 1
    }
}
