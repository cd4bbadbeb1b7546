/// Per-day tallies over all trackers for a range of days up to today: three flat arrays filled
/// tracker by tracker, so a day never needs a lookup.
struct DayCounts {
    let from: Int
    let count: Int
    var scheduled: [Int32]
    var skipped: [Int32]
    var done: [Int32]

    /// Whether a tracker's days can be counted with strides over its weekdays and one pass over its
    /// log: weekdays and events with no vacation and no `at_most` day without a line.
    static func isSimple(_ tracker: Tracker) -> Bool {
        (tracker.schedule.weekdays != nil || tracker.isEvent) && tracker.vacations.isEmpty && !tracker.unmarkedIsDone
            && tracker.effectiveAllowance == nil
    }

    /// The earliest effective start among trackers that have started by `today`.
    static func earliestStart(of trackers: [Tracker], today: CivilDate) -> Int? {
        var earliest: Int? = nil
        for tracker in trackers {
            let start = tracker.effectiveStart(today: today).dayNumber
            if start <= today.dayNumber, start < (earliest ?? Int.max) { earliest = start }
        }
        return earliest
    }

    init(_ trackers: [Tracker], from: Int, through: Int, today: CivilDate) {
        self.from = from
        count = max(0, through - from + 1)
        scheduled = Array(repeating: 0, count: count)
        skipped = Array(repeating: 0, count: count)
        done = Array(repeating: 0, count: count)
        guard count > 0 else { return }
        for tracker in trackers {
            let rule = ScheduleRule(tracker, today: today)
            let first = max(from, rule.startDay)
            let last = min(through, today.dayNumber)
            guard first <= last else { continue }
            guard DayCounts.isSimple(tracker) else {
                addWalk(of: tracker, from: first, through: last, today: today)
                continue
            }
            let entries = tracker.log.entries
            var cursor = tracker.log.lowerBound(CivilDate(dayNumber: first))
            scheduled.withUnsafeMutableBufferPointer { scheduled in
                // Scheduled days: a contiguous block for an event, strides of seven for a habit.
                if rule.isEvent {
                    let end = min(last, rule.eventEnd)
                    if first <= end {
                        for index in (first - from)...(end - from) { scheduled[index] &+= 1 }
                    }
                } else {
                    let firstWeekday = ScheduleRule.weekdayIndex(first)
                    for offset in 0..<7 where rule.mask & (1 << UInt8((firstWeekday + offset) % 7)) != 0 {
                        var index = first - from + offset
                        let end = last - from
                        while index <= end {
                            scheduled[index] &+= 1
                            index += 7
                        }
                    }
                }
            }
            // Marks: only entries on scheduled days count; the rest are off-schedule completions.
            skipped.withUnsafeMutableBufferPointer { skipped in
                done.withUnsafeMutableBufferPointer { done in
                    while cursor < entries.count {
                        let entry = entries[cursor]
                        let day = entry.day.dayNumber
                        if day > last { break }
                        cursor += 1
                        guard rule.matches(day) else { continue }
                        switch entry.mark {
                        case .done?: done[day - from] &+= 1
                        case .skipped?: skipped[day - from] &+= 1
                        case .slipped?, nil: break
                        }
                    }
                }
            }
        }
    }

    /// Counts a tracker day by day from its states (periodic and interval schedules, vacations,
    /// `at_most` habits).
    private mutating func addWalk(of tracker: Tracker, from first: Int, through last: Int, today: CivilDate) {
        let origin = from
        scheduled.withUnsafeMutableBufferPointer { scheduled in
            skipped.withUnsafeMutableBufferPointer { skipped in
                done.withUnsafeMutableBufferPointer { done in
                    TrackerWalk(tracker, today: today).walk(from: first, through: last) { day, state, _ in
                        switch state {
                        case .done:
                            scheduled[day - origin] &+= 1
                            done[day - origin] &+= 1
                        case .skipped, .forgiven:
                            // A forgiven miss is excused across all trackers, like a skip.
                            scheduled[day - origin] &+= 1
                            skipped[day - origin] &+= 1
                        case .missed, .pending:
                            scheduled[day - origin] &+= 1
                        case .notScheduled, .doneOffSchedule, .future:
                            break
                        }
                    }
                }
            }
        }
    }

    @inline(__always)
    func state(at index: Int, isToday: Bool) -> DayState {
        let scheduled = self.scheduled[index]
        if scheduled == 0 { return .nothingScheduled }
        let due = scheduled - skipped[index]
        if due == 0 { return .excused }
        let done = self.done[index]
        if done == due { return .perfect }
        if isToday { return .inProgress }
        return done > 0 ? .partial : .missed
    }
}
