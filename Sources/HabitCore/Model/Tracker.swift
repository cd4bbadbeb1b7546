/// A habit or an irregular event, as kept in one file of the data directory.
public struct Tracker: Hashable, Sendable, Identifiable {
    /// The file's stem under `trackers/`, unique in a directory.
    public var id: String
    public var name: String
    public var category: String
    public var schedule: Schedule
    public var emoji: String?
    public var color: TrackerColor?
    public var isPinned: Bool
    /// The first day the tracker counts. Trackers written by `habit add` always have one; for a
    /// hand-written file without it, the first logged day stands in (see `effectiveStart`).
    public var start: CivilDate?
    public var description: String?
    public var goal: Goal?
    public var log: CompletionLog
    /// What a numeric habit counts (`target`, `unit`, `target_type`); nil for a yes/no habit.
    public var measure: Measure?
    /// Times of day to be reminded at, in order, each once (`remind` in the file).
    public var reminders: [ReminderTime]
    /// Hidden from the day view, the list and statistics; its history is kept (`archived = true`).
    public var isArchived: Bool = false
    /// From habit.toml, not the tracker's file (`Journal` sets them): the first day of the week
    /// for "N per week" schedules, and the vacations that excuse every tracker.
    public var weekStartsOn: Weekday = .monday
    public var vacations: Vacations = .none
    /// A habit to quit (`quit = true`): every day counts as kept unless a slip is logged.
    public var isQuit: Bool = false
    /// Forgiven misses (`allow = "1 per week"`); nil when none are.
    public var allowance: Allowance?

    public init(
        id: String, name: String, category: String, schedule: Schedule, emoji: String? = nil,
        color: TrackerColor? = nil, isPinned: Bool = false, start: CivilDate? = nil,
        description: String? = nil, goal: Goal? = nil, log: CompletionLog = CompletionLog(), measure: Measure? = nil,
        reminders: [ReminderTime] = [],
        isArchived: Bool = false, isQuit: Bool = false, allowance: Allowance? = nil
    ) {
        self.id = id
        self.name = name
        self.category = category
        self.schedule = schedule
        self.emoji = emoji
        self.color = color
        self.isPinned = isPinned
        self.start = start
        self.description = description
        self.goal = goal
        self.log = log
        self.measure = measure
        self.reminders = reminders
        self.isArchived = isArchived
        self.isQuit = isQuit
        self.allowance = allowance
    }

    public var isEvent: Bool { schedule.isEvent }

    /// Whether the tracker counts amounts against a target.
    public var isNumeric: Bool { measure != nil }

    /// Whether a day without a line counts as done: an `at_most` habit's day with nothing logged
    /// is a total of 0, within the target; a quit habit's day without a slip is kept.
    public var unmarkedIsDone: Bool { isQuit || measure?.direction == .atMost }

    /// The allowance that applies: forgiven misses count days, so periodic schedules and events
    /// have none.
    public var effectiveAllowance: Allowance? {
        switch schedule {
        case .weekly, .interval: allowance
        case .event, .periodic: nil
        }
    }

    /// The start to use in computations: the written start, else the first logged day, else `today`
    /// (a tracker nobody has touched yet begins now).
    public func effectiveStart(today: CivilDate) -> CivilDate {
        start ?? log.first.map { min($0.day, today) } ?? today
    }

    /// The day an event was done (its first done entry); nil for habits and open events.
    public var eventDoneDay: CivilDate? {
        guard isEvent else { return nil }
        return log.entries.first(where: { $0.mark == .done })?.day
    }

    /// The mark that counts on `day`: the line's own mark; else, on a vacation day, skipped; else,
    /// for an `at_most` habit with no line, done (a total of 0).
    public func effectiveMark(on day: CivilDate) -> Mark? {
        let entry = log.entry(on: day)
        if let mark = entry?.mark { return mark }
        if vacations.contains(day) { return .skipped }
        return entry == nil && unmarkedIsDone ? .done : nil
    }

    /// Whether the tracker is expected on `day`: up to today, its state is done, skipped, missed or
    /// pending (see `TrackerDayState` and docs/statistics.md; for periodic and interval schedules
    /// this depends on the marks around the day); after today, whether its schedule allows the day.
    public func isScheduled(on day: CivilDate, today: CivilDate) -> Bool {
        let walk = TrackerWalk(self, today: today)
        if day > today { return walk.rule.expects(day.dayNumber) }
        return walk.state(on: day.dayNumber).isExpected
    }

    /// Why a day cannot be marked, or nil when it can.
    public func markingRefusal(on day: CivilDate, today: CivilDate) -> MarkingRefusal? {
        if day > today { return .future }
        if let start, day < start { return .beforeStart(start) }
        switch schedule {
        case .weekly(let days):
            if !ScheduleRule(self, today: today).matches(day.dayNumber) { return .notScheduled(days) }
        case .event:
            if let doneDay = eventDoneDay, doneDay != day { return .eventAlreadyDone(doneDay) }
        case .periodic, .interval:
            break
        }
        return nil
    }
}

public enum MarkingRefusal: Hashable, Sendable {
    case future
    case beforeStart(CivilDate)
    case notScheduled(WeekdaySet)
    /// An event is done once: on this day.
    case eventAlreadyDone(CivilDate)
}
