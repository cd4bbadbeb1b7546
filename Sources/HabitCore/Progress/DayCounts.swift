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
            let everyDay = !rule.isEvent && rule.mask == WeekdaySet.all.rawValue
            // The schedule's weekdays as bits of a day's offset from `from`, modulo 7: bit `k` set
            // when `from + k` falls on a scheduled weekday. Offsets are never negative, so matching
            // a day takes one unsigned remainder instead of `weekdayIndex`'s signed ones.
            let fromWeekday = ScheduleRule.weekdayIndex(from)
            var offsetMask: UInt8 = 0
            for offset in 0..<7 where rule.mask & (1 << UInt8((fromWeekday + offset) % 7)) != 0 {
                offsetMask |= 1 << UInt8(offset)
            }
            scheduled.withUnsafeMutableBufferPointer { scheduled in
                // Scheduled days: a contiguous block for an event or a daily habit, strides of
                // seven for a habit on some weekdays.
                if rule.isEvent || everyDay {
                    let end = rule.isEvent ? min(last, rule.eventEnd) : last
                    if first <= end {
                        for index in (first - from)...(end - from) { scheduled[index] &+= 1 }
                    }
                } else {
                    for offset in 0..<7 where offsetMask & (1 << UInt8(offset)) != 0 {
                        // The first index at or after `first - from` that is `offset` modulo 7.
                        var index = first - from + (offset - (first - from) % 7 + 7) % 7
                        let end = last - from
                        while index <= end {
                            scheduled[index] &+= 1
                            index += 7
                        }
                    }
                }
            }
            // Marks: only entries on scheduled days count; the rest are off-schedule completions.
            // A daily habit's need no weekday at all.
            let isEvent = rule.isEvent, eventEnd = rule.eventEnd
            skipped.withUnsafeMutableBufferPointer { skipped in
                done.withUnsafeMutableBufferPointer { done in
                    // Day numbers fit an Int32 and `from` is at most the first of them: `&-`.
                    tracker.log.forEachMark(from: first, through: last) { day, mark in
                        let index = day &- from
                        if !everyDay {
                            let matches = isEvent
                                ? day <= eventEnd
                                : offsetMask & (1 << UInt8(truncatingIfNeeded: UInt(bitPattern: index) % 7)) != 0
                            guard matches else { return }
                        }
                        switch mark {
                        case .done?: done[index] &+= 1
                        case .skipped?: skipped[index] &+= 1
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
