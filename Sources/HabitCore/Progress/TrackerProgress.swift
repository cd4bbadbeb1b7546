/// One tracker's streaks, rates and goal progress up to `today` (definitions in docs/statistics.md).
public struct TrackerProgress: Hashable, Sendable {
    public var trackerID: String
    /// Done scheduled days in a row, ending today or, while today is not done yet, at the last
    /// scheduled day before it. Skipped and unscheduled days are excused (neither break nor extend).
    public var currentStreak: Int
    /// The longest such run ever.
    public var bestStreak: Int
    /// Scheduled days up to today that were done.
    public var doneDays: Int
    /// Scheduled days up to today that were skipped.
    public var skippedDays: Int
    /// Scheduled days before today that were not marked (today is never missed).
    public var missedDays: Int
    /// Every done entry up to today, on schedule or not (the "completed days" of the card).
    public var completions: Int
    /// Progress towards the goal; nil for a tracker without one.
    public var goal: GoalProgress?

    public init(
        trackerID: String, currentStreak: Int = 0, bestStreak: Int = 0, doneDays: Int = 0, skippedDays: Int = 0,
        missedDays: Int = 0, completions: Int = 0, goal: GoalProgress? = nil
    ) {
        self.trackerID = trackerID
        self.currentStreak = currentStreak
        self.bestStreak = bestStreak
        self.doneDays = doneDays
        self.skippedDays = skippedDays
        self.missedDays = missedDays
        self.completions = completions
        self.goal = goal
    }

    /// The completion rate's denominator: scheduled days up to today, less skipped ones, with
    /// today only once it is done.
    public var dueDays: Int { doneDays + missedDays }

    /// `doneDays / dueDays` in 0…1; nil when nothing has been due yet.
    public var completionRate: Double? {
        dueDays > 0 ? Double(doneDays) / Double(dueDays) : nil
    }

    public init(tracker: Tracker, today: CivilDate) {
        self.init(trackerID: tracker.id)
        let rule = ScheduleRule(tracker, today: today)
        let start = rule.startDay
        let last = today.dayNumber
        let goalEnd = tracker.goal.map { $0.endDay(from: CivilDate(dayNumber: start)).dayNumber }
        let goalLimit = goalEnd ?? Int.min
        // Scheduled days in a closed range of day numbers (within [start, today]).
        func scheduledDays(_ from: Int, _ through: Int) -> Int {
            rule.matchingDays(from: from, through: through)
        }
        // Only the marks on scheduled days matter; between two of them, any scheduled day is an
        // unmarked day before today: a miss. So the walk is over entries, not days.
        var goalDone = 0
        var goalSkipped = 0
        var run = 0
        var best = 0
        var done = 0
        var skipped = 0
        var previous = start - 1  // the last scheduled day with a mark so far
        var isTodayMarked = false
        let entries = tracker.log.entries
        var cursor = tracker.log.lowerBound(CivilDate(dayNumber: start))
        while cursor < entries.count, entries[cursor].day.dayNumber <= last {
            let entry = entries[cursor]
            let day = entry.day.dayNumber
            cursor += 1
            guard rule.matches(day) else { continue }
            if day > previous + 1, scheduledDays(previous + 1, day - 1) > 0 { run = 0 }
            previous = day
            if day == last { isTodayMarked = true }
            if entry.mark == .done {
                done += 1
                run += 1
                if run > best { best = run }
                if day <= goalLimit { goalDone += 1 }
            } else {
                skipped += 1
                if day <= goalLimit { goalSkipped += 1 }
            }
        }
        // Unmarked scheduled days after the last mark, today excepted, are misses.
        if scheduledDays(previous + 1, last - 1) > 0 { run = 0 }
        let isTodayPending = start <= last && !isTodayMarked && scheduledDays(last, last) == 1
        currentStreak = run
        bestStreak = best
        doneDays = done
        skippedDays = skipped
        missedDays = scheduledDays(start, last) - done - skipped - (isTodayPending ? 1 : 0)
        let log = tracker.log
        let future = log.entries[log.lowerBound(today.adding(days: 1))...]
        completions = log.doneCount - future.reduce(0) { $0 + ($1.mark == .done ? 1 : 0) }

        if let goal = tracker.goal, let goalEnd {
            let required: Int
            switch tracker.schedule {
            case .weekly(let days):
                required = ScheduleRule.weekdayCount(mask: days.rawValue, from: start, through: goalEnd) - goalSkipped
            case .event:
                // An event is one thing to do: the goal is to have it done by the end day.
                required = 1
            }
            self.goal = GoalProgress(
                goal: goal, endDay: CivilDate(dayNumber: goalEnd), doneDays: goalDone, requiredDays: required)
        }
    }

    /// Progress of every tracker in the journal, in journal order.
    public static func all(in journal: Journal, today: CivilDate) -> [TrackerProgress] {
        journal.trackers.map { TrackerProgress(tracker: $0, today: today) }
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

    public init(goal: Goal, endDay: CivilDate, doneDays: Int, requiredDays: Int) {
        self.goal = goal
        self.endDay = endDay
        self.doneDays = doneDays
        self.requiredDays = requiredDays
    }

    /// `100 × doneDays / requiredDays` clamped to 0…100 (unrounded); 100 when nothing is required.
    public var percent: Double {
        guard requiredDays > 0 else { return 100 }
        return min(100, max(0, 100 * Double(doneDays) / Double(requiredDays)))
    }

    public var isReached: Bool { doneDays >= requiredDays }

    /// Whether the goal period is over on `today`.
    public func isOver(today: CivilDate) -> Bool { today > endDay }
}
