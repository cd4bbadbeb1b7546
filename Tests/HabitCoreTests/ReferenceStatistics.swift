import HabitCore

/// A deliberately naive implementation of docs/statistics.md: day by day, straight from the
/// definitions, using only `CompletionLog.entry(on:)`, the tracker's schedule and measure, and the
/// vacations as written. Slow on purpose; the fast code in HabitCore/Progress is checked against it.
enum Reference {
    /// The vacations of the journal being checked, as written in habit.toml (task-local, so
    /// tests running in parallel each have their own).
    @TaskLocal static var vacations: [Vacation] = []

    static func onVacation(_ day: CivilDate) -> Bool {
        vacations.contains { $0.from <= day && day <= $0.to }
    }

    /// The mark that counts on a day up to today: the line's mark, else a vacation's skip, else
    /// done for an `at_most` habit without a line.
    static func effective(_ tracker: Tracker, _ day: CivilDate) -> Mark? {
        let entry = tracker.log.entry(on: day)
        if let mark = entry?.mark { return mark }
        if onVacation(day) { return .skipped }
        if entry == nil, tracker.measure?.direction == .atMost { return .done }
        if entry == nil, tracker.isQuit { return .done }
        return nil
    }

    /// Whether a day counts as excused: skipped up to today; after today, a vacation day without a
    /// mark of its own (marks after today do not count, vacations are a plan).
    static func excused(_ tracker: Tracker, _ day: CivilDate, today: CivilDate) -> Bool {
        if day <= today { return effective(tracker, day) == .skipped }
        return onVacation(day) && tracker.log.entry(on: day)?.mark == nil
    }

    static func roundHalfUp(_ count: Int, _ available: Int, _ length: Int) -> Int {
        guard available > 0 else { return 0 }
        let exact = Double(count * available) / Double(length)
        return min(available, Int((exact + 0.5).rounded(.down)))
    }

    static func periodDays(_ period: Period, _ day: CivilDate, _ weekStartsOn: Weekday) -> [CivilDate] {
        switch period {
        case .week:
            var first = day
            while first.weekday != weekStartsOn { first = first.adding(days: -1) }
            return (0..<7).map { first.adding(days: $0) }
        case .month:
            var first = day
            while first.day != 1 { first = first.adding(days: -1) }
            var days: [CivilDate] = []
            var current = first
            while current.month == first.month {
                days.append(current)
                current = current.adding(days: 1)
            }
            return days
        }
    }

    struct PeriodResult {
        var days: [CivilDate]
        var done: Int
        var required: Int
        var state: PeriodState
        /// Days of a missed period that carry its shortfall.
        var missedDays: Set<CivilDate>
    }

    static func period(_ tracker: Tracker, containing day: CivilDate, today: CivilDate) -> PeriodResult {
        guard case .periodic(let count, let kind) = tracker.schedule else { fatalError("not periodic") }
        let start = tracker.effectiveStart(today: today)
        let days = periodDays(kind, day, tracker.weekStartsOn)
        let counted = days.filter { $0 >= start }
        let available = counted.filter { !excused(tracker, $0, today: today) }.count
        let required = roundHalfUp(count, available, days.count)
        let done = counted.filter { $0 <= today && effective(tracker, $0) == .done }.count
        let state: PeriodState
        if days[0] > today {
            state = .future
        } else if required == 0 {
            state = .excused
        } else if done >= required {
            state = .met
        } else if days.last! >= today {
            state = .inProgress
        } else {
            state = .missed
        }
        var missedDays: Set<CivilDate> = []
        if state == .missed {
            let unmarked = counted.filter { effective(tracker, $0) == nil || effective(tracker, $0) == .slipped }
            missedDays = Set(unmarked.suffix(required - done))
        }
        return PeriodResult(days: days, done: done, required: required, state: state, missedDays: missedDays)
    }

    /// The state with forgiven misses: a missed day is forgiven when it is among the first
    /// `allow` missed days of its week or month (counted from the period's first day).
    static func state(_ tracker: Tracker, on day: CivilDate, today: CivilDate) -> TrackerDayState {
        let raw = rawState(tracker, on: day, today: today)
        guard raw == .missed, let allowance = tracker.allowance else { return raw }
        switch tracker.schedule {
        case .event, .periodic: return raw
        case .weekly, .interval: break
        }
        let days = periodDays(allowance.period, day, tracker.weekStartsOn).filter { $0 <= day }
        let missedSoFar = days.filter { rawState(tracker, on: $0, today: today) == .missed }.count
        return missedSoFar <= allowance.count ? .forgiven : raw
    }

    static func rawState(_ tracker: Tracker, on day: CivilDate, today: CivilDate) -> TrackerDayState {
        if day > today { return .future }
        let start = tracker.effectiveStart(today: today)
        let written = tracker.log.entry(on: day)?.mark
        let offSchedule: TrackerDayState = written == .done ? .doneOffSchedule : .notScheduled
        if day < start { return offSchedule }
        let mark = effective(tracker, day)
        func expected() -> TrackerDayState {
            switch mark {
            case .done?: return .done
            case .skipped?: return .skipped
            case .slipped?: return .missed
            case nil: return day == today ? .pending : .missed
            }
        }
        switch tracker.schedule {
        case .weekly(let days):
            return days.contains(day.weekday) ? expected() : offSchedule
        case .event:
            if let doneDay = tracker.log.entries.first(where: { $0.mark == .done })?.day, day > doneDay { return offSchedule }
            return expected()
        case .interval(let length):
            if mark == .done || mark == .skipped { return expected() }
            let windowStart = day.adding(days: -(length - 1))
            guard windowStart >= start else { return .notScheduled }
            let settled = stride(from: windowStart, to: day, by: 1).contains {
                effective(tracker, $0) == .done || effective(tracker, $0) == .skipped
            }
            return settled ? .notScheduled : expected()
        case .periodic:
            if mark == .done || mark == .skipped { return expected() }
            let result = period(tracker, containing: day, today: today)
            switch result.state {
            case .met, .excused, .future: return .notScheduled
            case .inProgress: return day == today ? .pending : .notScheduled
            case .missed: return result.missedDays.contains(day) ? .missed : .notScheduled
            }
        }
    }

    static func dayState(_ trackers: [Tracker], on day: CivilDate, today: CivilDate) -> DayState {
        if day > today { return .future }
        let states = trackers.map { state($0, on: day, today: today) }.filter(\.isExpected)
        if states.isEmpty { return .nothingScheduled }
        // A forgiven miss is excused across all trackers, like a skip.
        let excused: Set<TrackerDayState> = [.skipped, .forgiven]
        if states.allSatisfy({ excused.contains($0) }) { return .excused }
        if states.allSatisfy({ $0 == .done || excused.contains($0) }) { return .perfect }
        if day == today { return .inProgress }
        return states.contains(.done) ? .partial : .missed
    }

    /// The earliest day anything can happen: the earliest effective start.
    static func firstDay(_ trackers: [Tracker], today: CivilDate) -> CivilDate? {
        trackers.map { $0.effectiveStart(today: today) }.min()
    }

    /// The first day something is asked of a tracker: a habit's first weekday from its start; the
    /// start of an event (unless it was done before it) or of a periodic or "every N days" tracker.
    static func firstAsked(_ tracker: Tracker, today: CivilDate) -> CivilDate? {
        let start = tracker.effectiveStart(today: today)
        switch tracker.schedule {
        case .weekly(let days):
            return (0..<7).map { start.adding(days: $0) }.first { days.contains($0.weekday) }
        case .event:
            if let doneDay = tracker.log.entries.first(where: { $0.mark == .done })?.day, doneDay < start { return nil }
            return start
        case .periodic, .interval:
            return start
        }
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
        for tracker in trackers { result.trackersCompleted += completions(tracker, today: today) }
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
            let run = runEnding(at: day, from: first, state: stateOf, good: .perfect, neutral: overallNeutral)
            result.bestStreak = max(result.bestStreak, run)
            day = day.adding(days: 1)
        }
        result.firstScheduledDay = trackers.compactMap { firstAsked($0, today: today) }.filter { $0 <= today }.min()
        // Current streak: the run ending today, or at the last day before today that is not neutral.
        var end = today
        while end >= first && overallNeutral.contains(stateOf(end)) {
            end = end.adding(days: -1)
        }
        if end >= first {
            result.currentStreak = runEnding(at: end, from: first, state: stateOf, good: .perfect, neutral: overallNeutral)
        }
        if let scheduledFirst = result.firstScheduledDay {
            result.trackedDays = today.days(since: scheduledFirst) + 1
            result.average = Double(result.trackersCompleted) / Double(result.trackedDays)
        }
        return result
    }

    /// Written done marks up to today, and the `at_most` days done without a line.
    static func completions(_ tracker: Tracker, today: CivilDate) -> Int {
        var count = tracker.log.entries.filter { $0.mark == .done && $0.day <= today }.count
        let start = tracker.effectiveStart(today: today)
        var day = start
        while day <= today {
            if state(tracker, on: day, today: today) == .done, tracker.log.entry(on: day)?.mark != .done { count += 1 }
            day = day.adding(days: 1)
        }
        return count
    }

    struct Progress: Equatable {
        var currentStreak = 0
        var bestStreak = 0
        var doneDays = 0
        var skippedDays = 0
        var missedDays = 0
        var forgivenDays = 0
        var completions = 0
        var metPeriods = 0
        var missedPeriods = 0
        var completionRate: Double? = nil
        var goalDone: Int? = nil
        var goalRequired: Int? = nil
        var goalPercent: Double? = nil
        var goalEnd: CivilDate? = nil
        var quit: QuitRecord? = nil
    }

    static let trackerNeutral: Set<TrackerDayState> = [.skipped, .notScheduled, .doneOffSchedule, .pending, .forgiven]
    static let periodNeutral: Set<PeriodState> = [.excused, .inProgress]

    static func progress(_ tracker: Tracker, today: CivilDate) -> Progress {
        var result = Progress()
        let start = tracker.effectiveStart(today: today)
        result.completions = completions(tracker, today: today)
        let stateOf = memoized(tracker, from: start, through: today, today: today)
        var day = start
        while day <= today {
            switch stateOf(day) {
            case .done: result.doneDays += 1
            case .skipped: result.skippedDays += 1
            case .missed: result.missedDays += 1
            case .forgiven: result.forgivenDays += 1
            default: break
            }
            let run = runEnding(at: day, from: start, state: stateOf, good: .done, neutral: trackerNeutral)
            result.bestStreak = max(result.bestStreak, run)
            day = day.adding(days: 1)
        }
        // Current streak: ending today, or yesterday if today is not done yet (then further back
        // over excused days).
        // (A slip logged today makes today missed, not pending: then the run is 0.)
        var end = today
        if end >= start && stateOf(end) != .done && stateOf(end) != .missed { end = end.adding(days: -1) }
        while end >= start && trackerNeutral.contains(stateOf(end)) {
            end = end.adding(days: -1)
        }
        if end >= start {
            result.currentStreak = runEnding(at: end, from: start, state: stateOf, good: .done, neutral: trackerNeutral)
        }
        var denominator = result.doneDays + result.missedDays + result.forgivenDays
        var numerator = result.doneDays
        if case .periodic = tracker.schedule, start <= today {
            // Streaks in periods: the run of met periods, passing over excused ones and the one in
            // progress.
            var states: [PeriodState] = []
            var first = start
            while first <= today {
                let result = period(tracker, containing: first, today: today)
                states.append(result.state)
                first = result.days.last!.adding(days: 1)
            }
            result.metPeriods = states.filter { $0 == .met }.count
            result.missedPeriods = states.filter { $0 == .missed }.count
            var run = 0
            result.bestStreak = 0
            for state in states {
                if state == .met { run += 1 } else if !periodNeutral.contains(state) { run = 0 }
                result.bestStreak = max(result.bestStreak, run)
            }
            result.currentStreak = run
            numerator = result.metPeriods
            denominator = result.metPeriods + result.missedPeriods
        }
        result.completionRate = denominator > 0 ? Double(numerator) / Double(denominator) : nil
        if tracker.isQuit {
            // Clean runs straight from the definition: for each day, walk back to the last slip.
            let slips = stride(from: start, through: today, by: 1).filter { tracker.log.entry(on: $0)?.mark == .slipped }
            func clean(endingAt day: CivilDate) -> Int {
                var count = 0
                var current = day
                while current >= start, tracker.log.entry(on: current)?.mark != .slipped {
                    count += 1
                    current = current.adding(days: -1)
                }
                return count
            }
            let best = stride(from: start, through: today, by: 1).map(clean(endingAt:)).max() ?? 0
            result.quit = QuitRecord(
                currentClean: clean(endingAt: today), bestClean: best, slips: slips.count, trackedDays: max(0, today.days(since: start) + 1))
        }

        if let goal = tracker.goal {
            let end = goal.endDay(from: start)
            var done = 0
            var required = 0
            func isDone(_ day: CivilDate) -> Bool { day <= today && state(tracker, on: day, today: today) == .done }
            switch tracker.schedule {
            case .event:
                required = 1
                if let doneDay = tracker.eventDoneDay, doneDay >= start, doneDay <= end, doneDay <= today { done = 1 }
            case .weekly(let days):
                for day in stride(from: start, through: end, by: 1) where days.contains(day.weekday) {
                    if isDone(day) { done += 1 }
                    if !excused(tracker, day, today: today) { required += 1 }
                }
            case .periodic(let count, let kind):
                var first = start
                while first <= end {
                    let days = periodDays(kind, first, tracker.weekStartsOn)
                    let inside = days.filter { $0 >= start && $0 <= end }
                    let quota = roundHalfUp(count, inside.filter { !excused(tracker, $0, today: today) }.count, days.count)
                    required += quota
                    done += min(inside.filter(isDone).count, quota)
                    first = days.last!.adding(days: 1)
                }
            case .interval(let length):
                var first = start
                while first <= end {
                    let inside = stride(from: first, through: min(end, first.adding(days: length - 1)), by: 1).map { $0 }
                    let quota = roundHalfUp(1, inside.filter { !excused(tracker, $0, today: today) }.count, length)
                    required += quota
                    done += min(inside.filter(isDone).count, quota)
                    first = first.adding(days: length)
                }
            }
            result.goalDone = done
            result.goalRequired = required
            result.goalEnd = end
            result.goalPercent = required == 0 ? 100 : min(100, max(0, 100 * Double(done) / Double(required)))
        }
        return result
    }

    /// What the day view shows on `day`: the day's own mark; else done when a periodic tracker's
    /// period is met or an "every N days" window is covered.
    static func shownMark(_ tracker: Tracker, on day: CivilDate, today: CivilDate) -> Mark? {
        guard day <= today else { return nil }
        if let mark = effective(tracker, day) { return mark }
        let start = tracker.effectiveStart(today: today)
        switch tracker.schedule {
        case .periodic:
            return period(tracker, containing: day, today: today).state == .met ? .done : nil
        case .interval(let length):
            guard day >= start else { return nil }
            let from = max(start, day.adding(days: -(length - 1)))
            return stride(from: from, through: day, by: 1).contains { effective(tracker, $0) != nil } ? .done : nil
        default:
            return nil
        }
    }

    /// Habit strength by the formula, recomputing each day's window from scratch.
    static func strength(_ tracker: Tracker, today: CivilDate) -> [Double]? {
        guard let frequency = tracker.schedule.frequency else { return nil }
        let start = tracker.effectiveStart(today: today)
        let f = Double(frequency.numerator) / Double(frequency.denominator)
        let window = frequency.denominator * (f < 1 ? 2 : 1)
        let needed = Double(frequency.numerator * (f < 1 ? 2 : 1))
        var multiplier = 1.0
        var term = 1.0
        let exponent = -(f.squareRoot() / 13) * 0.693_147_180_559_945_3
        for n in 1...20 {
            term *= exponent / Double(n)
            multiplier += term
        }
        func value(_ day: CivilDate) -> Double {
            guard day >= start, effective(tracker, day) != .skipped else { return 0 }
            let entry = tracker.log.entry(on: day)
            guard let measure = tracker.measure else { return effective(tracker, day) == .done ? 1 : 0 }
            if let amount = entry?.amount { return measure.fraction(of: amount) }
            return entry?.mark == .done ? 1 : measure.fraction(of: 0)
        }
        // A habit to reduce and a habit to quit start strong: an untouched day is kept.
        var score = tracker.measure?.direction == .atMost || tracker.isQuit ? 1.0 : 0.0
        var result: [Double] = []
        for day in stride(from: start, through: today, by: 1) {
            if effective(tracker, day) != .skipped {
                let sum = (0..<window).map { value(day.adding(days: -$0)) }.reduce(0, +)
                score = score * multiplier + min(1, sum / needed) * (1 - multiplier)
            }
            result.append(score)
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
