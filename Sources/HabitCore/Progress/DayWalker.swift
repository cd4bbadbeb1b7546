/// Walks one tracker's days in order with a cursor in its sorted log: no lookups per day.
struct DayWalker {
    let rule: ScheduleRule
    let today: Int

    init(_ tracker: Tracker, today: CivilDate) {
        rule = ScheduleRule(tracker, today: today)
        self.today = today.dayNumber
    }

    var startDay: Int { rule.startDay }

    /// Calls `body` for every day `from...through` with the tracker's state on it.
    @inline(__always)
    func walk(_ entries: [CompletionLog.Entry], from: Int, through: Int, _ body: (Int, TrackerDayState) -> Void) {
        guard from <= through else { return }
        // Index of the first entry on or after `from`.
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].day.dayNumber < from { low = mid + 1 } else { high = mid }
        }
        var cursor = low
        var day = from
        while day <= through {
            var mark: Mark? = nil
            if cursor < entries.count, entries[cursor].day.dayNumber == day {
                mark = entries[cursor].mark
                cursor += 1
            }
            let state: TrackerDayState
            if day > today {
                state = .future
            } else if rule.expects(day) {
                switch mark {
                case .done?: state = .done
                case .skipped?: state = .skipped
                case nil: state = day == today ? .pending : .missed
                }
            } else {
                state = mark == .done ? .doneOffSchedule : .notScheduled
            }
            body(day, state)
            day += 1
        }
    }
}
