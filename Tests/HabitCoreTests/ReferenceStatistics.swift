import HabitCore

/// A deliberately naive implementation of docs/statistics.md: day by day, straight from the
/// definitions, using only `Tracker.isScheduled(on:today:)` and `CompletionLog.mark(on:)`.
/// Slow on purpose; the fast code in HabitCore/Progress is checked against it.
enum Reference {
    static func state(_ tracker: Tracker, on day: CivilDate, today: CivilDate) -> TrackerDayState {
        if day > today { return .future }
        let mark = tracker.log.mark(on: day)
        if tracker.isScheduled(on: day, today: today) {
            if mark == .done { return .done }
            if mark == .skipped { return .skipped }
            if day == today { return .pending }
            return .missed
        }
        return mark == .done ? .doneOffSchedule : .notScheduled
    }

    static func dayState(_ trackers: [Tracker], on day: CivilDate, today: CivilDate) -> DayState {
        if day > today { return .future }
        let scheduled = trackers.filter { $0.isScheduled(on: day, today: today) }
        if scheduled.isEmpty { return .nothingScheduled }
        let marks = scheduled.map { $0.log.mark(on: day) }
        if marks.allSatisfy({ $0 == .skipped }) { return .excused }
        if marks.allSatisfy({ $0 != nil }) && marks.contains(.done) { return .perfect }
        if day == today { return .inProgress }
        return marks.contains(.done) ? .partial : .missed
    }

    /// The earliest day anything can happen: the earliest effective start.
    static func firstDay(_ trackers: [Tracker], today: CivilDate) -> CivilDate? {
        trackers.map { $0.effectiveStart(today: today) }.min()
    }

    /// Length of the run of days in state `good` ending at `day`, walking backwards over
    /// `neutral` days and stopping at anything else.
    static func runEnding<S>(at day: CivilDate, from first: CivilDate, state: (CivilDate) -> S, good: S, neutral: Set<S>) -> Int {
        guard state(day) == good else { return 0 }
        var count = 0
        var current = day
        while current >= first {
            let value = state(current)
            if value == good {
                count += 1
            } else if !neutral.contains(value) {
                break
            }
            current = current.adding(days: -1)
        }
        return count
    }

    struct Overall: Equatable {
        var bestStreak = 0
        var currentStreak = 0
        var perfectDays = 0
        var trackersCompleted = 0
        var firstScheduledDay: CivilDate? = nil
        var trackedDays = 0
        var average: Double = 0
    }

    static let overallNeutral: Set<DayState> = [.nothingScheduled, .excused, .inProgress]

    static func overall(_ trackers: [Tracker], today: CivilDate) -> Overall {
        var result = Overall()
        for tracker in trackers {
            for entry in tracker.log.entries where entry.mark == .done && entry.day <= today {
                result.trackersCompleted += 1
            }
        }
        guard let first = firstDay(trackers, today: today), first <= today else { return result }
        var memo: [CivilDate: DayState] = [:]
        var day = first
        while day <= today {
            memo[day] = dayState(trackers, on: day, today: today)
            day = day.adding(days: 1)
        }
        let stateOf = { (day: CivilDate) in memo[day]! }
        day = first
        while day <= today {
            if stateOf(day) == .perfect { result.perfectDays += 1 }
            let run = runEnding(at: day, from: first, state: stateOf,
                                good: .perfect, neutral: overallNeutral)
            result.bestStreak = max(result.bestStreak, run)
            if result.firstScheduledDay == nil, trackers.contains(where: { $0.isScheduled(on: day, today: today) }) {
                result.firstScheduledDay = day
            }
            day = day.adding(days: 1)
        }
        // Current streak: the run ending today, or at the last day before today that is not neutral.
        var end = today
        while end >= first && overallNeutral.contains(stateOf(end)) {
            end = end.adding(days: -1)
        }
        if end >= first {
            result.currentStreak = runEnding(at: end, from: first, state: stateOf,
                                             good: .perfect, neutral: overallNeutral)
        }
        if let scheduledFirst = result.firstScheduledDay {
            result.trackedDays = today.days(since: scheduledFirst) + 1
            result.average = Double(result.trackersCompleted) / Double(result.trackedDays)
        }
        return result
    }

    struct Progress: Equatable {
        var currentStreak = 0
        var bestStreak = 0
        var doneDays = 0
        var skippedDays = 0
        var missedDays = 0
        var completions = 0
        var completionRate: Double? = nil
        var goalDone: Int? = nil
        var goalRequired: Int? = nil
        var goalPercent: Double? = nil
        var goalEnd: CivilDate? = nil
    }

    static let trackerNeutral: Set<TrackerDayState> = [.skipped, .notScheduled, .doneOffSchedule, .pending]

    static func progress(_ tracker: Tracker, today: CivilDate) -> Progress {
        var result = Progress()
        let start = tracker.effectiveStart(today: today)
        result.completions = tracker.log.entries.filter { $0.mark == .done && $0.day <= today }.count
        let stateOf = memoized(tracker, from: start, through: today, today: today)
        var day = start
        while day <= today {
            switch stateOf(day) {
            case .done: result.doneDays += 1
            case .skipped: result.skippedDays += 1
            case .missed: result.missedDays += 1
            default: break
            }
            let run = runEnding(at: day, from: start, state: stateOf, good: .done, neutral: trackerNeutral)
            result.bestStreak = max(result.bestStreak, run)
            day = day.adding(days: 1)
        }
        // Current streak: ending today, or yesterday if today is not done yet (then further back
        // over excused days).
        var end = today
        if end >= start && stateOf(end) != .done { end = end.adding(days: -1) }
        while end >= start && trackerNeutral.contains(stateOf(end)) {
            end = end.adding(days: -1)
        }
        if end >= start {
            result.currentStreak = runEnding(at: end, from: start, state: stateOf, good: .done, neutral: trackerNeutral)
        }
        let denominator = result.doneDays + result.missedDays
        result.completionRate = denominator > 0 ? Double(result.doneDays) / Double(denominator) : nil

        if let goal = tracker.goal {
            let end = goal.endDay(from: start)
            var done = 0
            var required = 0
            if tracker.isEvent {
                required = 1
                if let doneDay = tracker.eventDoneDay, doneDay >= start, doneDay <= end, doneDay <= today { done = 1 }
            } else {
                var day = start
                while day <= end {
                    if tracker.schedule.weekdays!.contains(day.weekday) {
                        let mark = day <= today ? tracker.log.mark(on: day) : nil
                        if mark == .done { done += 1 }
                        if mark != .skipped { required += 1 }
                    }
                    day = day.adding(days: 1)
                }
            }
            result.goalDone = done
            result.goalRequired = required
            result.goalEnd = end
            result.goalPercent = required == 0 ? 100 : min(100, max(0, 100 * Double(done) / Double(required)))
        }
        return result
    }

    /// `state(tracker, on:, today:)` computed once per day of `from...through`.
    static func memoized(_ tracker: Tracker, from: CivilDate, through: CivilDate, today: CivilDate) -> (CivilDate) -> TrackerDayState {
        var memo: [CivilDate: TrackerDayState] = [:]
        var day = from
        while day <= through {
            memo[day] = state(tracker, on: day, today: today)
            day = day.adding(days: 1)
        }
        return { memo[$0] ?? state(tracker, on: $0, today: today) }
    }

    /// Run lengths of a tracker's days `from...through` as the calendars report them.
    static func trackerRunLengths(_ tracker: Tracker, from: CivilDate, through: CivilDate, today: CivilDate) -> [Int] {
        let first = min(tracker.effectiveStart(today: today), from)
        let stateOf = memoized(tracker, from: first, through: through, today: today)
        return stride(from: from, through: through, by: 1).map {
            runEnding(at: $0, from: first, state: stateOf, good: .done, neutral: trackerNeutral)
        }
    }

    /// Run lengths of all trackers' days `from...through` as the calendars report them.
    static func overallRunLengths(_ trackers: [Tracker], from: CivilDate, through: CivilDate, today: CivilDate) -> [Int] {
        guard let start = firstDay(trackers, today: today) else { return Array(repeating: 0, count: through.days(since: from) + 1) }
        let first = min(start, from)
        var memo: [CivilDate: DayState] = [:]
        for day in stride(from: first, through: through, by: 1) {
            memo[day] = dayState(trackers, on: day, today: today)
        }
        return stride(from: from, through: through, by: 1).map {
            runEnding(at: $0, from: first, state: { memo[$0]! }, good: .perfect, neutral: overallNeutral)
        }
    }
}
