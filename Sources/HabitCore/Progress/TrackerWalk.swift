/// What the log and the vacations say about one day of one tracker.
struct DayMarks {
    /// The mark that counts (`Tracker.effectiveMark(on:)`).
    var effective: Mark?
    /// The line's own mark.
    var written: Mark?
    /// Whether the day has a line with an amount, `true` or `"skip"`.
    var hasEntry: Bool
}

/// Reads a tracker's marks day by day in increasing order with a cursor into its log and one
/// into the vacations: no lookup per day.
struct MarkCursor {
    var log: CompletionLog.Cursor
    var vacations: Vacations.Cursor
    let unmarkedIsDone: Bool

    init(_ tracker: Tracker, from day: Int) {
        log = CompletionLog.Cursor(tracker.log, from: day)
        vacations = Vacations.Cursor(tracker.vacations, from: day)
        unmarkedIsDone = tracker.unmarkedIsDone
    }

    /// Days must be asked in increasing order (the same day twice is fine).
    @inline(__always)
    mutating func marks(on day: Int) -> DayMarks {
        let entry = log.entry(on: day)
        if let written = entry?.mark { return DayMarks(effective: written, written: written, hasEntry: true) }
        let hasEntry = entry != nil
        // A quit habit's slip is written like a mark but is none: the day is missed.
        if vacations.contains(day) { return DayMarks(effective: .skipped, written: nil, hasEntry: hasEntry) }
        return DayMarks(effective: !hasEntry && unmarkedIsDone ? .done : nil, written: nil, hasEntry: hasEntry)
    }
}

extension Optional where Wrapped == Mark {
    /// Whether the mark covers an "every N days" window: done or skipped (a slip does not).
    var settles: Bool { self == .done || self == .skipped }
}

/// How a calendar period of a periodic tracker ended (or stands, for the current one).
public enum PeriodState: Hashable, Sendable {
    /// Its done days reached the quota.
    case met
    /// Over, short of the quota.
    case missed
    /// Nothing was asked: every day before the start or excused.
    case excused
    /// Contains today, quota not reached yet: never breaks a streak.
    case inProgress
    /// Starts after today.
    case future
}

/// One calendar period of a periodic tracker.
public struct PeriodTally: Hashable, Sendable {
    public var first: CivilDate
    public var last: CivilDate
    /// Done days in the period up to today (from the start).
    public var done: Int
    /// Done days the period asks for (the quota in proportion to the days that count).
    public var required: Int
    public var state: PeriodState

    public var isMet: Bool { state == .met }
}

/// One tracker's days in order, with their states (docs/statistics.md): the one place that
/// applies the schedule, the marks, vacations and `at_most` days without a line.
struct TrackerWalk {
    let tracker: Tracker
    let rule: ScheduleRule
    let today: Int

    init(_ tracker: Tracker, today: CivilDate) {
        self.tracker = tracker
        rule = ScheduleRule(tracker, today: today)
        self.today = today.dayNumber
    }

    var startDay: Int { rule.startDay }

    /// The state of a day before the start or off a habit's weekdays: a written done mark is a
    /// completion off schedule.
    @inline(__always)
    static func offSchedule(_ marks: DayMarks) -> TrackerDayState {
        marks.written == .done ? .doneOffSchedule : .notScheduled
    }

    /// Calls `body` for every day `from...through` with the tracker's state on it and its marks.
    /// With an allowance (`allow = "1 per week"`), the first missed days of each period are
    /// `forgiven`, so the walk begins at the period containing `from`.
    func walk(from: Int, through: Int, _ body: (Int, TrackerDayState, DayMarks) -> Void) {
        guard from <= through else { return }
        guard let allowance = tracker.effectiveAllowance else {
            walkRaw(from: from, through: through, body)
            return
        }
        let bounds = { (day: Int) in
            allowance.period.bounds(containing: CivilDate(dayNumber: day), weekStartsOn: tracker.weekStartsOn)
        }
        var periodLast = Int.min
        var forgiven = 0
        walkRaw(from: bounds(from).lowerBound.dayNumber, through: through) { day, state, marks in
            if day > periodLast {
                periodLast = bounds(day).upperBound.dayNumber
                forgiven = 0
            }
            var state = state
            if state == .missed, forgiven < allowance.count {
                forgiven += 1
                state = .forgiven
            }
            if day >= from { body(day, state, marks) }
        }
    }

    private func walkRaw(from: Int, through: Int, _ body: (Int, TrackerDayState, DayMarks) -> Void) {
        switch rule.kind {
        case .daily: walkDays(from: from, through: through, body)
        case .interval(let days): walkInterval(days, from: from, through: through, body)
        case .periodic(let count, let period):
            walkPeriods(count, period, from: from, through: through) { _, days in
                for (day, state, marks) in days where day >= from && day <= through { body(day, state, marks) }
            }
        }
    }

    /// The state of one day (a walk over the days it depends on only).
    func state(on day: Int) -> TrackerDayState {
        var result = TrackerDayState.future
        walk(from: day, through: day) { _, state, _ in result = state }
        return result
    }

    // MARK: Weekdays and events

    private func walkDays(from: Int, through: Int, _ body: (Int, TrackerDayState, DayMarks) -> Void) {
        var cursor = MarkCursor(tracker, from: from)
        var day = from
        while day <= through {
            let marks = cursor.marks(on: day)
            let state: TrackerDayState
            if day > today {
                state = .future
            } else if rule.expects(day) {
                switch marks.effective {
                case .done?: state = .done
                case .skipped?: state = .skipped
                case .slipped?: state = .missed
                case nil: state = day == today ? .pending : .missed
                }
            } else {
                state = Self.offSchedule(marks)
            }
            body(day, state, marks)
            day += 1
        }
    }

    // MARK: Every N days

    /// A day is due when the window of `days` days ending on it lies after the start and holds
    /// no done or skipped day before it; a due day not done is missed (pending today).
    private func walkInterval(_ days: Int, from: Int, through: Int, _ body: (Int, TrackerDayState, DayMarks) -> Void) {
        let start = rule.startDay
        // The state of a day depends on the `days - 1` days before it.
        let begin = min(from, max(start, from - days + 1))
        var cursor = MarkCursor(tracker, from: begin)
        var lastSettled = Int.min
        var day = begin
        while day <= through {
            let marks = cursor.marks(on: day)
            let state: TrackerDayState
            if day > today {
                state = .future
            } else if day < start {
                state = Self.offSchedule(marks)
            } else {
                switch marks.effective {
                case .done?: state = .done
                case .skipped?: state = .skipped
                case nil, .slipped?:
                    let windowStart = day - days + 1
                    let due = windowStart >= start && lastSettled < windowStart
                    state = due ? (day == today && marks.effective == nil ? .pending : .missed) : .notScheduled
                }
                if marks.effective.settles { lastSettled = day }
            }
            if day >= from { body(day, state, marks) }
            day += 1
        }
    }

    /// Whether an interval tracker's window is satisfied on `day` (a done or skipped day in the
    /// `days` days ending on it), and the day the next window ends.
    func intervalCover(on day: Int) -> (covered: Bool, nextDue: Int)? {
        guard case .interval(let days) = rule.kind, day >= rule.startDay else { return nil }
        var cursor = MarkCursor(tracker, from: max(rule.startDay, day - days + 1))
        var lastSettled = Int.min
        for current in max(rule.startDay, day - days + 1)...day where current <= today {
            if cursor.marks(on: current).effective.settles { lastSettled = current }
        }
        if lastSettled == Int.min { return (false, max(day, rule.startDay + days - 1)) }
        return (true, lastSettled + days)
    }

    // MARK: N per week or month

    /// Walks the calendar periods that overlap `from...through` (and the start's), calling `body`
    /// with each period's tally and the states of its days.
    func walkPeriods(_ count: Int, _ period: Period, from: Int, through: Int,
                     _ body: (PeriodTally, [(Int, TrackerDayState, DayMarks)]) -> Void) {
        let start = rule.startDay
        var periodFirst = period.bounds(containing: CivilDate(dayNumber: from), weekStartsOn: tracker.weekStartsOn).lowerBound.dayNumber
        var cursor = MarkCursor(tracker, from: periodFirst)
        var days: [(Int, TrackerDayState, DayMarks)] = []
        days.reserveCapacity(31)
        var marks: [DayMarks] = []
        marks.reserveCapacity(31)
        while periodFirst <= through {
            let periodLast = period.bounds(containing: CivilDate(dayNumber: periodFirst), weekStartsOn: tracker.weekStartsOn)
                .upperBound.dayNumber
            marks.removeAll(keepingCapacity: true)
            var available = 0
            var done = 0
            for day in periodFirst...periodLast {
                var dayMarks = cursor.marks(on: day)
                if day > today {
                    // Only vacations are known ahead; marks written after today do not count.
                    dayMarks.effective = dayMarks.effective == .skipped && dayMarks.written == nil ? .skipped : nil
                }
                marks.append(dayMarks)
                guard day >= start else { continue }
                if dayMarks.effective != .skipped { available += 1 }
                if day <= today, dayMarks.effective == .done { done += 1 }
            }
            let required = ScheduleRule.quota(count, available: available, length: periodLast - periodFirst + 1)
            let state: PeriodState
            if periodFirst > today {
                state = .future
            } else if required == 0 {
                state = .excused
            } else if done >= required {
                state = .met
            } else {
                state = periodLast >= today ? .inProgress : .missed
            }
            // A missed period's shortfall falls on its last unmarked days.
            var shortfall = state == .missed ? required - done : 0
            days.removeAll(keepingCapacity: true)
            for offset in stride(from: periodLast - periodFirst, through: 0, by: -1) {
                let day = periodFirst + offset
                let dayMarks = marks[offset]
                let dayState: TrackerDayState
                if day > today {
                    dayState = .future
                } else if day < start {
                    dayState = Self.offSchedule(dayMarks)
                } else {
                    switch dayMarks.effective {
                    case .done?: dayState = .done
                    case .skipped?: dayState = .skipped
                    case nil, .slipped?:
                        if state == .inProgress, day == today {
                            dayState = .pending
                        } else if shortfall > 0 {
                            dayState = .missed
                            shortfall -= 1
                        } else {
                            dayState = .notScheduled
                        }
                    }
                }
                days.append((day, dayState, dayMarks))
            }
            days.reverse()
            let tally = PeriodTally(
                first: CivilDate(dayNumber: periodFirst), last: CivilDate(dayNumber: periodLast), done: done,
                required: required, state: state)
            body(tally, days)
            periodFirst = periodLast + 1
        }
    }

    /// The tally of the period containing `day` (periodic trackers only).
    func period(containing day: Int) -> PeriodTally? {
        guard case .periodic(let count, let period) = rule.kind else { return nil }
        var result: PeriodTally? = nil
        walkPeriods(count, period, from: day, through: day) { tally, _ in if result == nil { result = tally } }
        return result
    }
}
