/// What one tracker's day looks like, seen from `today` (see docs/statistics.md).
public enum TrackerDayState: Hashable, Sendable, CaseIterable {
    /// After today: nothing counts yet.
    case future
    /// Not expected: before the start, off the habit's weekdays, or after the day an event was done.
    case notScheduled
    /// Done on a day it was not scheduled: a completion, but it neither extends nor breaks a streak.
    case doneOffSchedule
    /// Scheduled and done.
    case done
    /// Scheduled and excused: neither extends nor breaks a streak, left out of rates.
    case skipped
    /// Scheduled, before today, not marked.
    case missed
    /// Today, scheduled, not marked yet: "in progress", never a miss.
    case pending

    /// Whether the day counts as a completion (for "trackers completed" and heatmap colour).
    public var isDone: Bool { self == .done || self == .doneOffSchedule }
}

/// One tracker on one day, with the streak run it belongs to.
public struct TrackerDay: Hashable, Sendable {
    public var day: CivilDate
    public var state: TrackerDayState
    /// For a `.done` day: its position in the streak it belongs to (1 = the run starts here);
    /// 0 for every other state. Skipped and unscheduled days in between are excused, so a day
    /// with `runLength > 1` continues the run of the previous done scheduled day.
    public var runLength: Int

    public init(day: CivilDate, state: TrackerDayState, runLength: Int = 0) {
        self.day = day
        self.state = state
        self.runLength = runLength
    }

    /// Whether this done day continues a run from the previous scheduled, non-skipped day.
    public var continuesRun: Bool { runLength > 1 }

    /// Heatmap intensity 0…4: 4 when done (on or off schedule), else 0.
    public var level: Int { state.isDone ? 4 : 0 }

    /// The days `from...through` of one tracker, with streak runs counted from its start.
    public static func days(of tracker: Tracker, from: CivilDate, through: CivilDate, today: CivilDate) -> [TrackerDay] {
        guard from <= through else { return [] }
        let walker = DayWalker(tracker, today: today)
        var result: [TrackerDay] = []
        result.reserveCapacity(through.days(since: from) + 1)
        // Walk from the tracker's start (or `from` if earlier) so runs entering the range are known.
        let walkFrom = min(walker.startDay, from.dayNumber)
        var run = 0
        walker.walk(tracker.log.entries, from: walkFrom, through: through.dayNumber) { day, state in
            var length = 0
            switch state {
            case .done:
                run += 1
                length = run
            case .missed:
                run = 0
            default:
                break
            }
            if day >= from.dayNumber {
                result.append(TrackerDay(day: CivilDate(dayNumber: day), state: state, runLength: length))
            }
        }
        return result
    }
}

/// How a day looks across all trackers.
public enum DayState: Hashable, Sendable, CaseIterable {
    /// After today.
    case future
    /// No tracker scheduled: neither breaks nor extends the overall streak.
    case nothingScheduled
    /// Every scheduled tracker was skipped: not perfect, but neutral for the overall streak.
    case excused
    /// Every scheduled tracker done or skipped, at least one done.
    case perfect
    /// A past day with some scheduled trackers done and some neither done nor skipped.
    case partial
    /// A past day with scheduled trackers, none done, at least one not skipped.
    case missed
    /// Today, not perfect yet: not counted as a miss, never breaks a streak.
    case inProgress

    /// Whether the day ended (or, for today, would end) the overall streak.
    public var breaksStreak: Bool { self == .partial || self == .missed }
}

/// All trackers on one day.
public struct DaySummary: Hashable, Sendable {
    public var day: CivilDate
    public var state: DayState
    /// Trackers scheduled on the day (zero after today).
    public var scheduled: Int
    /// Of those, how many were done.
    public var done: Int
    /// Of those, how many were skipped.
    public var skipped: Int
    /// For a perfect day: its position in the run of perfect days (1 = the run starts here);
    /// 0 otherwise. Neutral days between perfect days do not interrupt a run.
    public var runLength: Int

    public init(day: CivilDate, state: DayState, scheduled: Int = 0, done: Int = 0, skipped: Int = 0, runLength: Int = 0) {
        self.day = day
        self.state = state
        self.scheduled = scheduled
        self.done = done
        self.skipped = skipped
        self.runLength = runLength
    }

    /// Scheduled trackers that were not excused: the ones the day asks for.
    public var due: Int { scheduled - skipped }

    public var continuesRun: Bool { runLength > 1 }

    /// Heatmap intensity 0…4 from the share of due trackers done: 0 when none done (or nothing
    /// due, or future), 4 when all done, else 1, 2 or 3 for a share below ⅓, below ⅔, below 1.
    public var level: Int {
        guard state != .future, due > 0, done > 0 else { return 0 }
        if done >= due { return 4 }
        return 1 + (3 * done) / due
    }

    /// The days `from...through` across `trackers`, with runs of perfect days counted from the
    /// first day any tracker starts.
    public static func days(of trackers: [Tracker], from: CivilDate, through: CivilDate, today: CivilDate) -> [DaySummary] {
        guard from <= through else { return [] }
        var result: [DaySummary] = []
        result.reserveCapacity(through.days(since: from) + 1)
        let countThrough = min(through.dayNumber, today.dayNumber)
        let historyStart = DayCounts.earliestStart(of: trackers, today: today) ?? from.dayNumber
        let countFrom = min(historyStart, from.dayNumber)
        if countFrom <= countThrough {
            let counts = DayCounts(trackers, from: countFrom, through: countThrough, today: today)
            var run = 0
            for index in 0..<counts.count {
                let day = countFrom + index
                let state = counts.state(at: index, isToday: day == today.dayNumber)
                var length = 0
                if state == .perfect {
                    run += 1
                    length = run
                } else if state.breaksStreak {
                    run = 0
                }
                if day >= from.dayNumber {
                    result.append(DaySummary(
                        day: CivilDate(dayNumber: day), state: state, scheduled: Int(counts.scheduled[index]),
                        done: Int(counts.done[index]), skipped: Int(counts.skipped[index]), runLength: length))
                }
            }
        }
        var day = max(from.dayNumber, countThrough + 1)
        while day <= through.dayNumber {
            result.append(DaySummary(day: CivilDate(dayNumber: day), state: .future))
            day += 1
        }
        return result
    }
}

/// Walks one tracker's days in order with a cursor in its sorted log: no lookups per day.
struct DayWalker {
    let startDay: Int
    let today: Int
    /// Weekday bits (Monday = bit 0); unused for events.
    let mask: UInt8
    let isEvent: Bool
    /// Last scheduled day of an event (the day it was done), `Int.max` while open.
    let eventEnd: Int

    init(_ tracker: Tracker, today: CivilDate) {
        startDay = tracker.effectiveStart(today: today).dayNumber
        self.today = today.dayNumber
        switch tracker.schedule {
        case .weekly(let days):
            mask = days.rawValue
            isEvent = false
            eventEnd = Int.max
        case .event:
            mask = 0
            isEvent = true
            eventEnd = tracker.eventDoneDay?.dayNumber ?? Int.max
        }
    }

    /// 0 = Monday … 6 = Sunday.
    @inline(__always)
    static func weekdayIndex(_ day: Int) -> Int { ((day % 7) + 7 + 3) % 7 }

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
        var weekday = DayWalker.weekdayIndex(from)
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
            } else {
                let scheduled = day >= startDay && (isEvent ? day <= eventEnd : mask & (1 << UInt8(weekday)) != 0)
                if scheduled {
                    switch mark {
                    case .done?: state = .done
                    case .skipped?: state = .skipped
                    case nil: state = day == today ? .pending : .missed
                    }
                } else {
                    state = mark == .done ? .doneOffSchedule : .notScheduled
                }
            }
            body(day, state)
            weekday = weekday == 6 ? 0 : weekday + 1
            day += 1
        }
    }

    /// Days in `from...through` whose weekday is in `mask` (a habit's schedule ignoring its start).
    static func weekdayCount(mask: UInt8, from: Int, through: Int) -> Int {
        guard from <= through else { return 0 }
        let length = through - from + 1
        var count = (length / 7) * mask.nonzeroBitCount
        var weekday = weekdayIndex(from)
        for _ in 0..<(length % 7) {
            if mask & (1 << UInt8(weekday)) != 0 { count += 1 }
            weekday = weekday == 6 ? 0 : weekday + 1
        }
        return count
    }
}

/// Per-day tallies over all trackers for a range of days up to today: three flat arrays filled
/// tracker by tracker, so a day never needs a lookup.
struct DayCounts {
    let from: Int
    let count: Int
    var scheduled: [Int32]
    var skipped: [Int32]
    var done: [Int32]

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
            let walker = DayWalker(tracker, today: today)
            let first = max(from, walker.startDay)
            let last = min(through, today.dayNumber)
            guard first <= last else { continue }
            let entries = tracker.log.entries
            var cursor = tracker.log.lowerBound(CivilDate(dayNumber: first))
            scheduled.withUnsafeMutableBufferPointer { scheduled in
                // Scheduled days: a contiguous block for an event, strides of seven for a habit.
                if walker.isEvent {
                    let end = min(last, walker.eventEnd)
                    if first <= end {
                        for index in (first - from)...(end - from) { scheduled[index] &+= 1 }
                    }
                } else {
                    let firstWeekday = DayWalker.weekdayIndex(first)
                    for offset in 0..<7 where walker.mask & (1 << UInt8((firstWeekday + offset) % 7)) != 0 {
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
                        let isScheduled = walker.isEvent
                            ? day <= walker.eventEnd
                            : walker.mask & (1 << UInt8(DayWalker.weekdayIndex(day))) != 0
                        guard isScheduled else { continue }
                        if entry.mark == .done { done[day - from] &+= 1 } else { skipped[day - from] &+= 1 }
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
