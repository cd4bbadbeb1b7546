/// What a reminder says about its tracker on the day it rings.
public enum ReminderState: String, Hashable, Sendable, CaseIterable {
    /// Scheduled and not marked yet: the reminder is worth sending.
    case due
    case done
    case skipped
    /// Not expected that day (another weekday, before the start, an event already done).
    case notScheduled = "not_scheduled"
}

/// One reminder time of one tracker on one day.
public struct Reminder: Hashable, Sendable {
    public var time: ReminderTime
    public var tracker: Tracker
    public var state: ReminderState
    /// When it rings: the time on the clock of the day (a time before `day_starts_at` belongs to
    /// the evening of the day, so it rings after midnight).
    public var instant: Int
    // Only this module computes one: the memberwise initialiser serves.
}

/// Which reminders ring, and which are worth delivering.
///
/// `habit remind run` is started by the system's scheduler at reminder times, and may also start
/// late (after a suspend) or early (by hand). So it does not ask "is it 08:00 now?" but "which
/// reminders of the current day rang since the last run?": each rings at most once, a run after a
/// gap catches up on the ones it missed, and a reminder of a day that has ended is dropped.
public enum ReminderRule {
    /// The state of `tracker` on `day`, seen from `today`.
    public static func state(of tracker: Tracker, on day: CivilDate, today: CivilDate) -> ReminderState {
        switch tracker.log.mark(on: day) {
        case .done?: return .done
        case .skipped?: return .skipped
        case .slipped?: return .done  // a quit habit's day is settled either way: nothing to remind of
        case nil: return tracker.isScheduled(on: day, today: today) ? .due : .notScheduled
        }
    }

    /// Every reminder of `day` (a day as habit counts them, honouring `day_starts_at`), in the
    /// order they ring, then by tracker name.
    public static func reminders(of trackers: [Tracker], on day: CivilDate, today: CivilDate, settings: Settings,
                                 clock: LocalClock) -> [Reminder] {
        var result: [Reminder] = []
        for tracker in trackers where !tracker.reminders.isEmpty {
            let state = state(of: tracker, on: day, today: today)
            for time in ReminderTime.distinct(tracker.reminders) {
                // A time before the day's start is that day's late evening: the next calendar day.
                let wallDay = time.minutes < settings.dayStartsAt ? day.adding(days: 1) : day
                result.append(Reminder(time: time, tracker: tracker, state: state,
                                       instant: clock.instant(of: wallDay, minutes: time.minutes)))
            }
        }
        return result.sorted {
            if $0.instant != $1.instant { return $0.instant < $1.instant }
            let names = ($0.tracker.name.lowercased(), $1.tracker.name.lowercased())
            return names.0 != names.1 ? names.0 < names.1 : $0.tracker.id < $1.tracker.id
        }
    }

    /// The day habit counts as today at `instant`.
    public static func today(at instant: Int, settings: Settings, clock: LocalClock) -> CivilDate {
        let local = clock.local(at: instant)
        return settings.today(wallClockDate: local.day, minutesSinceMidnight: local.minutes)
    }

    /// The reminders to deliver at `now`: those of the current day that rang after `lastRun`
    /// (any time of the day when there was no run before) and at or before `now`, whose tracker
    /// is still due. One per tracker: when several of its times rang since the last run, the
    /// latest.
    public static func due(_ trackers: [Tracker], settings: Settings, clock: LocalClock, now: Int, lastRun: Int?) -> [Reminder] {
        let today = today(at: now, settings: settings, clock: clock)
        var latest: [String: Reminder] = [:]
        for reminder in reminders(of: trackers, on: today, today: today, settings: settings, clock: clock)
        where reminder.state == .due && reminder.instant <= now && (lastRun.map { reminder.instant > $0 } ?? true) {
            latest[reminder.tracker.id] = reminder  // sorted by instant: the last one wins
        }
        let byName = NameOrder.sorted(latest.values, by: \.tracker).enumerated()
        return byName.sorted { ($0.element.instant, $0.offset) < ($1.element.instant, $1.offset) }.map(\.element)
    }
}

extension Journal {
    /// The distinct reminder times of all trackers, in order: what the system's scheduler is set to.
    public var reminderTimes: [ReminderTime] {
        ReminderTime.distinct(trackers.flatMap(\.reminders))
    }
}
