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
    /// Times of day to be reminded at, in order, each once (`remind` in the file).
    public var reminders: [ReminderTime]

    public init(
        id: String, name: String, category: String, schedule: Schedule, emoji: String? = nil,
        color: TrackerColor? = nil, isPinned: Bool = false, start: CivilDate? = nil,
        description: String? = nil, goal: Goal? = nil, log: CompletionLog = CompletionLog(),
        reminders: [ReminderTime] = []
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
        self.reminders = reminders
    }

    public var isEvent: Bool { schedule.isEvent }

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

    /// Whether the tracker is expected on `day` (see `ScheduleRule`).
    public func isScheduled(on day: CivilDate, today: CivilDate) -> Bool {
        ScheduleRule(self, today: today).expects(day.dayNumber)
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
