/// The last days of one tracker as heights 0…1 for a sparkline (`habit list --spark`;
/// docs/statistics.md, "Trends"): a done day is 1 (a numeric `at_least` habit: its total over the
/// target, at most 1), a missed day, a day still to do and a day over an `at_most` target 0;
/// a day that asks for nothing (skipped, not scheduled, before the start) nil.
public enum RecentDays {
    public static let count = 14

    public static func heights(of tracker: Tracker, through today: CivilDate, count: Int = RecentDays.count) -> [Double?] {
        let first = today.adding(days: 1 - count)
        var heights: [Double?] = []
        heights.reserveCapacity(count)
        // A walk of the days shown only: streak runs, which need the whole history, are not drawn.
        TrackerWalk(tracker, today: today).walk(from: first.dayNumber, through: today.dayNumber) { dayNumber, state, _ in
            switch state {
            case .done, .doneOffSchedule:
                heights.append(1)
            case .missed, .pending, .forgiven:
                guard let measure = tracker.measure, measure.direction == .atLeast, measure.target > 0,
                      let amount = tracker.log.amount(on: CivilDate(dayNumber: dayNumber)) else {
                    heights.append(0)
                    return
                }
                heights.append(min(1, max(0, amount / measure.target)))
            case .skipped, .notScheduled, .future:
                heights.append(nil)
            }
        }
        return heights
    }
}
