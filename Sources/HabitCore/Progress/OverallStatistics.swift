/// The statistics screen: figures over all trackers up to `today` (definitions in docs/statistics.md).
public struct OverallStatistics: Hashable, Sendable {
    /// The longest run of perfect days; neutral days (nothing scheduled, everything skipped, today
    /// in progress) neither break nor extend a run.
    public var bestStreak: Int
    /// The run of perfect days still alive today (today counts once perfect; until then the run
    /// ending before it is shown).
    public var currentStreak: Int
    /// Days up to today on which every scheduled tracker was done or skipped, at least one done.
    public var perfectDays: Int
    /// Every done entry of every tracker, on or before today (on schedule or not).
    public var trackersCompleted: Int
    /// The earliest day up to today on which some tracker was scheduled; nil when there is none.
    public var firstScheduledDay: CivilDate?
    /// Days from `firstScheduledDay` to today inclusive (0 without one): the average's denominator.
    public var trackedDays: Int

    public init(
        bestStreak: Int = 0, currentStreak: Int = 0, perfectDays: Int = 0, trackersCompleted: Int = 0,
        firstScheduledDay: CivilDate? = nil, trackedDays: Int = 0
    ) {
        self.bestStreak = bestStreak
        self.currentStreak = currentStreak
        self.perfectDays = perfectDays
        self.trackersCompleted = trackersCompleted
        self.firstScheduledDay = firstScheduledDay
        self.trackedDays = trackedDays
    }

    /// Trackers completed per tracked day (unrounded; 0 without tracked days).
    public var average: Double {
        trackedDays > 0 ? Double(trackersCompleted) / Double(trackedDays) : 0
    }

    /// No metric has data: the screen shows its empty state. (A perfect day implies a completion.)
    public var isEmpty: Bool { trackersCompleted == 0 }

    public init(journal: Journal, today: CivilDate) {
        self.init(trackers: journal.trackers.filter { !$0.isArchived }, today: today)
    }

    public init(trackers: [Tracker], today: CivilDate) {
        self.init()
        var firstActive = Int.max
        for tracker in trackers {
            let log = tracker.log
            if DayCounts.isSimple(tracker) {
                trackersCompleted += log.doneCount(through: today)
            } else {
                trackersCompleted += TrackerProgress(tracker: tracker, today: today).completions
            }
            let rule = ScheduleRule(tracker, today: today)
            if rule.startDay <= today.dayNumber { firstActive = min(firstActive, rule.firstActiveDay) }
        }
        guard let from = DayCounts.earliestStart(of: trackers, today: today) else { return }
        let counts = DayCounts(trackers, from: from, through: today.dayNumber, today: today)
        var run = 0
        for index in 0..<counts.count {
            switch counts.state(at: index, isToday: index == counts.count - 1) {
            case .perfect:
                perfectDays += 1
                run += 1
                if run > bestStreak { bestStreak = run }
            case .partial, .missed:
                run = 0
            case .nothingScheduled, .excused, .inProgress, .future:
                break
            }
        }
        currentStreak = run
        // Something is first asked on the first scheduled weekday of a habit, or on the start of an
        // event or a periodic or "every N days" tracker.
        if firstActive <= today.dayNumber {
            firstScheduledDay = CivilDate(dayNumber: firstActive)
            trackedDays = today.dayNumber - firstActive + 1
        }
    }
}
