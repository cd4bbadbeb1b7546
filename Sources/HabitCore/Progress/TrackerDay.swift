/// What one tracker's day looks like, seen from `today` (see docs/statistics.md).
public enum TrackerDayState: Hashable, Sendable, CaseIterable {
    /// After today: nothing counts yet.
    case future
    /// Not expected: before the start, off the habit's weekdays, after the day an event was done,
    /// within a met period of a periodic habit, or covered by a recent done day of an
    /// "every N days" habit.
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
    /// Missed, but within the tracker's allowance (`allow = "1 per week"`): it neither extends nor
    /// breaks a streak, and still counts as a miss in the completion rate.
    case forgiven

    /// Whether the day counts as a completion (for "trackers completed" and heatmap colour).
    public var isDone: Bool { self == .done || self == .doneOffSchedule }

    /// Whether something is asked of the tracker on the day: done, skipped, missed or pending.
    public var isExpected: Bool {
        self == .done || self == .skipped || self == .missed || self == .pending || self == .forgiven
    }
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
        let walk = TrackerWalk(tracker, today: today)
        var result: [TrackerDay] = []
        result.reserveCapacity(through.days(since: from) + 1)
        // Walk from the tracker's start (or `from` if earlier) so runs entering the range are known.
        let walkFrom = min(walk.startDay, from.dayNumber)
        var run = 0
        walk.walk(from: walkFrom, through: through.dayNumber) { day, state, _ in
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
