/// What a tracker's streak counts: days for weekdays, events and "every N days"; calendar weeks
/// or months for "N per week/month".
public enum StreakUnit: String, Hashable, Sendable {
    case days, weeks, months
}

/// One tracker's streaks, rates and goal progress up to `today` (definitions in docs/statistics.md).
public struct TrackerProgress: Hashable, Sendable {
    public var trackerID: String
    /// Done scheduled days in a row, ending today or, while today is not done yet, at the last
    /// scheduled day before it. Skipped and unscheduled days are excused (neither break nor extend).
    /// For a periodic tracker: met periods in a row (the period in progress counts once met).
    public var currentStreak: Int
    /// The longest such run ever.
    public var bestStreak: Int
    /// What the streaks count.
    public var streakUnit: StreakUnit
    /// Scheduled days up to today that were done.
    public var doneDays: Int
    /// Scheduled days up to today that were skipped (or on vacation).
    public var skippedDays: Int
    /// Scheduled days before today that were not marked (today is never missed). For a periodic
    /// tracker, the shortfall of its missed periods.
    public var missedDays: Int
    /// Every done day up to today, on schedule or not (the "completed days" of the card); for an
    /// `at_most` habit this includes the days without a line.
    public var completions: Int
    /// Periodic trackers: periods that reached their quota (the current one once it has), and
    /// periods that ended short of it.
    public var metPeriods: Int
    public var missedPeriods: Int
    /// Progress towards the goal; nil for a tracker without one.
    public var goal: GoalProgress?
    /// Missed days within the allowance (`allow`): they do not break the streak but count as
    /// misses in the completion rate.
    public var forgivenDays: Int = 0
    /// A quit habit's record; nil for other trackers.
    public var quit: QuitRecord?

    public init(
        trackerID: String, currentStreak: Int = 0, bestStreak: Int = 0, streakUnit: StreakUnit = .days, doneDays: Int = 0,
        skippedDays: Int = 0, missedDays: Int = 0, completions: Int = 0, metPeriods: Int = 0, missedPeriods: Int = 0,
        goal: GoalProgress? = nil
    ) {
        self.trackerID = trackerID
        self.currentStreak = currentStreak
        self.bestStreak = bestStreak
        self.streakUnit = streakUnit
        self.doneDays = doneDays
        self.skippedDays = skippedDays
        self.missedDays = missedDays
        self.completions = completions
        self.metPeriods = metPeriods
        self.missedPeriods = missedPeriods
        self.goal = goal
    }

    /// Whether the tracker is judged by calendar periods.
    public var isPeriodic: Bool { streakUnit != .days }

    /// The completion rate's denominator: scheduled days up to today, less skipped ones, with
    /// today only once it is done; for a periodic tracker, periods met or missed.
    public var dueDays: Int { isPeriodic ? metPeriods + missedPeriods : doneDays + missedDays + forgivenDays }

    /// `doneDays / dueDays` (periodic: `metPeriods / dueDays`) in 0…1; nil when nothing has been
    /// due yet.
    public var completionRate: Double? {
        guard dueDays > 0 else { return nil }
        return Double(isPeriodic ? metPeriods : doneDays) / Double(dueDays)
    }

    public init(tracker: Tracker, today: CivilDate) {
        self.init(trackerID: tracker.id)
        let walk = TrackerWalk(tracker, today: today)
        let start = walk.startDay
        let last = today.dayNumber
        var run = 0
        var best = 0
        var implicitDone = 0
        var clean = QuitRecord.Counter()
        if start <= last {
            walk.walk(from: start, through: last) { _, state, marks in
                if tracker.isQuit { clean.add(slip: marks.written == .slipped) }
                switch state {
                case .done:
                    doneDays += 1
                    run += 1
                    if run > best { best = run }
                    if marks.written != .done { implicitDone += 1 }
                case .skipped:
                    skippedDays += 1
                case .missed:
                    missedDays += 1
                    run = 0
                case .forgiven:
                    forgivenDays += 1
                default:
                    break
                }
            }
        }
        if tracker.isQuit { quit = clean.record }
        if case .periodic(let count, let period) = walk.rule.kind {
            streakUnit = period == .week ? .weeks : .months
            run = 0
            best = 0
            if start <= last {
                walk.walkPeriods(count, period, from: start, through: last) { tally, _ in
                    switch tally.state {
                    case .met:
                        metPeriods += 1
                        run += 1
                        if run > best { best = run }
                    case .missed:
                        missedPeriods += 1
                        run = 0
                    case .excused, .inProgress, .future:
                        break
                    }
                }
            }
        }
        currentStreak = run
        bestStreak = best
        completions = tracker.log.doneCount(through: today) + implicitDone
        if let goal = tracker.goal {
            self.goal = GoalProgress(goal, of: walk, today: last)
        }
    }

    /// Progress of every tracker in the journal, in journal order.
    public static func all(in journal: Journal, today: CivilDate) -> [TrackerProgress] {
        journal.trackers.filter { !$0.isArchived }.map { TrackerProgress(tracker: $0, today: today) }
    }
}

/// A quit habit's record up to today: its runs of days without a slip (docs/statistics.md §8).
public struct QuitRecord: Hashable, Sendable {
    /// Days without a slip since the last slip (or the start), through today: "N days clean".
    public var currentClean: Int
    /// The longest run of days without a slip.
    public var bestClean: Int
    /// Slips from the start through today.
    public var slips: Int
    /// Days from the start through today.
    public var trackedDays: Int

    public init(currentClean: Int, bestClean: Int, slips: Int, trackedDays: Int) {
        (self.currentClean, self.bestClean, self.slips, self.trackedDays) = (currentClean, bestClean, slips, trackedDays)
    }

    /// Slips per 7 days over the tracked days; nil before the start.
    public var slipsPerWeek: Double? { trackedDays > 0 ? Double(slips) * 7 / Double(trackedDays) : nil }

    /// Slips per 30 days over the tracked days (a month as Loop Habit Tracker counts one).
    public var slipsPerMonth: Double? { trackedDays > 0 ? Double(slips) * 30 / Double(trackedDays) : nil }

    /// Counts runs day by day, in order.
    struct Counter {
        var record = QuitRecord(currentClean: 0, bestClean: 0, slips: 0, trackedDays: 0)

        mutating func add(slip: Bool) {
            record.trackedDays += 1
            if slip {
                record.slips += 1
                record.currentClean = 0
            } else {
                record.currentClean += 1
                record.bestClean = max(record.bestClean, record.currentClean)
            }
        }
    }
}

extension GoalProgress {
    /// The goal of the walk's tracker: done and required days from its start to the goal's end.
    init(_ goal: Goal, of walk: TrackerWalk, today: Int) {
        let start = walk.startDay
        let end = goal.endDay(from: CivilDate(dayNumber: start)).dayNumber
        var done = 0
        var required = 0
        // Whether a day is excused: skipped up to today, a vacation after it (marks written after
        // today do not count; vacations ahead are a plan).
        func excused(_ day: Int, _ marks: DayMarks) -> Bool {
            day <= today ? marks.effective == .skipped : marks.written == nil && marks.effective == .skipped
        }
        switch walk.rule.kind {
        case .daily where walk.rule.isEvent:
            // An event is one thing to do: the goal is to have it done by the end day.
            required = 1
            if let doneDay = walk.tracker.eventDoneDay?.dayNumber, doneDay >= start, doneDay <= min(end, today) { done = 1 }
        case .daily:
            walk.walk(from: start, through: end) { day, state, marks in
                guard walk.rule.expects(day) else { return }
                if state == .done { done += 1 }
                if !excused(day, marks) { required += 1 }
            }
        case .periodic(let count, let period):
            // Each calendar period overlapping the goal asks for its quota in proportion to the
            // days of it inside the goal period that are not excused.
            walk.walkPeriods(count, period, from: start, through: end) { tally, days in
                var available = 0
                var doneInPeriod = 0
                for (day, state, marks) in days where day >= start && day <= end {
                    if !excused(day, marks) { available += 1 }
                    if state == .done { doneInPeriod += 1 }
                }
                let quota = ScheduleRule.quota(count, available: available, length: tally.last.days(since: tally.first) + 1)
                required += quota
                done += min(doneInPeriod, quota)
            }
        case .interval(let days):
            // Blocks of `days` days from the start, each asking for one done day.
            var available = 0
            var doneInBlock = 0
            var blockStart = start
            func close(at blockEnd: Int) {
                let quota = ScheduleRule.quota(1, available: available, length: days)
                required += quota
                done += min(doneInBlock, quota)
                available = 0
                doneInBlock = 0
                blockStart = blockEnd + 1
            }
            walk.walk(from: start, through: end) { day, state, marks in
                if !excused(day, marks) { available += 1 }
                if state == .done { doneInBlock += 1 }
                if day == blockStart + days - 1 || day == end { close(at: day) }
            }
        }
        self.init(goal: goal, endDay: CivilDate(dayNumber: end), doneDays: done, requiredDays: required)
    }
}

/// How far a habit is through its goal: done scheduled days in the goal period so far, out of
/// the scheduled days of the whole period (skipped days excused).
public struct GoalProgress: Hashable, Sendable {
    public var goal: Goal
    /// The last day of the goal period (`goal.endDay(from: start)`).
    public var endDay: CivilDate
    /// Done scheduled days in [start, min(endDay, today)].
    public var doneDays: Int
    /// Scheduled days in [start, endDay] (future ones included) less skipped days up to today.
    public var requiredDays: Int
    // Only this module computes one: the memberwise initialiser serves.

    /// `100 × doneDays / requiredDays` clamped to 0…100 (unrounded); 100 when nothing is required.
    public var percent: Double {
        guard requiredDays > 0 else { return 100 }
        return min(100, max(0, 100 * Double(doneDays) / Double(requiredDays)))
    }

    public var isReached: Bool { doneDays >= requiredDays }

    /// Whether the goal period is over on `today`.
    public func isOver(today: CivilDate) -> Bool { today > endDay }
}
