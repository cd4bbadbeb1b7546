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
        if from.dayNumber <= countThrough {
            let counts = DayCounts(trackers, from: from.dayNumber, through: countThrough, today: today)
            var run = runOfPerfectDays(before: from.dayNumber, of: trackers, today: today)
            for index in 0..<counts.count {
                let day = from.dayNumber + index
                let state = counts.state(at: index, isToday: day == today.dayNumber)
                var length = 0
                if state == .perfect {
                    run += 1
                    length = run
                } else if state.breaksStreak {
                    run = 0
                }
                result.append(DaySummary(
                    day: CivilDate(dayNumber: day), state: state, scheduled: Int(counts.scheduled[index]),
                    done: Int(counts.done[index]), skipped: Int(counts.skipped[index]), runLength: length))
            }
        }
        var day = max(from.dayNumber, countThrough + 1)
        while day <= through.dayNumber {
            result.append(DaySummary(day: CivilDate(dayNumber: day), state: .future))
            day += 1
        }
        return result
    }

    /// The perfect days since the last day that broke the overall streak, before `day` (a past
    /// day or today): the run the day continues. A day's counts do not depend on the days counted
    /// with it, so this counts backwards in growing windows and stops at the first breaking day,
    /// instead of counting the whole history for a year's calendar or a few weeks' trend.
    static func runOfPerfectDays(before day: Int, of trackers: [Tracker], today: CivilDate) -> Int {
        guard let historyStart = DayCounts.earliestStart(of: trackers, today: today) else { return 0 }
        var perfect = 0
        var last = day - 1
        var size = 32
        while last >= historyStart {
            let first = max(historyStart, last - size + 1)
            let counts = DayCounts(trackers, from: first, through: last, today: today)
            for index in stride(from: counts.count - 1, through: 0, by: -1) {
                let state = counts.state(at: index, isToday: false)
                if state == .perfect {
                    perfect += 1
                } else if state.breaksStreak {
                    return perfect
                }
            }
            last = first - 1
            size *= 4
        }
        return perfect
    }
}
