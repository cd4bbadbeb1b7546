import HabitCore
import TOML

/// A change to a tracker's fields; nil leaves a field as it is, `.some(nil)` removes an optional one.
public struct TrackerChanges: Sendable {
    public var name: String?
    public var category: String?
    public var schedule: Schedule?
    public var emoji: String??
    public var color: TrackerColor??
    public var isPinned: Bool?
    public var start: CivilDate??
    public var description: String??
    public var goal: Goal??
    /// The reminder times; an empty list removes the key.
    public var reminders: [ReminderTime]?

    public init(
        name: String? = nil, category: String? = nil, schedule: Schedule? = nil, emoji: String?? = nil,
        color: TrackerColor?? = nil, isPinned: Bool? = nil, start: CivilDate?? = nil,
        description: String?? = nil, goal: Goal?? = nil, reminders: [ReminderTime]? = nil
    ) {
        self.name = name
        self.category = category
        self.schedule = schedule
        self.emoji = emoji
        self.color = color
        self.isPinned = isPinned
        self.start = start
        self.description = description
        self.goal = goal
        self.reminders = reminders
    }

    public var isEmpty: Bool {
        name == nil && category == nil && schedule == nil && emoji == nil && color == nil && isPinned == nil
            && start == nil && description == nil && goal == nil && reminders == nil
    }
}

/// How model values are written into a file.
enum TrackerEncoding {
    static func date(_ day: CivilDate) -> TOMLValue {
        let (year, month, dayOfMonth) = day.components
        return .localDate(TOMLLocalDate(year: year, month: month, day: dayOfMonth)!)
    }

    /// `"daily"` for all seven days, else the list of day names.
    static func schedule(_ days: WeekdaySet) -> TOMLValue {
        days == .all ? .string(FormatWord.daily) : .array(days.days.map { .string($0.fileName) })
    }

    static func mark(_ mark: Mark) -> TOMLValue {
        mark == .done ? .boolean(true) : .string(Mark.skipped.rawValue)
    }

    /// `["08:00", "20:30"]`
    static func reminders(_ times: [ReminderTime]) -> TOMLValue {
        .array(ReminderTime.distinct(times).map { .string($0.description) })
    }

    /// A fresh tracker file in the documented key order, ending with an empty `[log]`.
    static func newTrackerFile(_ tracker: Tracker) -> String {
        var root = TOMLTable()
        func add(_ key: String, _ value: TOMLValue) { root.insert(value, forKey: key, at: root.count) }
        add(TrackerKey.name.rawValue, .string(tracker.name))
        add(TrackerKey.category.rawValue, .string(tracker.category))
        switch tracker.schedule {
        case .event: add(TrackerKey.kind.rawValue, .string(FormatWord.event))
        case .weekly(let days): add(TrackerKey.schedule.rawValue, schedule(days))
        }
        if let emoji = tracker.emoji { add(TrackerKey.emoji.rawValue, .string(emoji)) }
        if let color = tracker.color { add(TrackerKey.color.rawValue, .string(color.description)) }
        add(TrackerKey.pinned.rawValue, .boolean(tracker.isPinned))
        if let start = tracker.start { add(TrackerKey.start.rawValue, date(start)) }
        if let description = tracker.description { add(TrackerKey.description.rawValue, .string(description)) }
        if let goal = tracker.goal { add(TrackerKey.goal.rawValue, .string(goal.description)) }
        if !tracker.reminders.isEmpty { add(TrackerKey.remind.rawValue, reminders(tracker.reminders)) }
        var log = TOMLTable()
        for entry in tracker.log.entries {
            log.insert(mark(entry.mark), forKey: entry.day.description, at: log.count)
        }
        add(TrackerKey.log.rawValue, .table(log))
        return TOMLDocument.serialize(root)
    }
}
