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
    /// `.some(nil)` makes a numeric habit a yes/no one.
    public var measure: Measure??
    /// The reminder times; an empty list removes the key.
    public var reminders: [ReminderTime]?
    /// true writes `archived = true`; false removes the key.
    public var isArchived: Bool?
    /// true writes `quit = true` (a habit to quit); false removes it.
    public var isQuit: Bool?
    /// Forgiven misses (`allow`); `.some(nil)` removes the key.
    public var allowance: Allowance??

    public init(
        name: String? = nil, category: String? = nil, schedule: Schedule? = nil, emoji: String?? = nil,
        color: TrackerColor?? = nil, isPinned: Bool? = nil, start: CivilDate?? = nil,
        description: String?? = nil, goal: Goal?? = nil, measure: Measure?? = nil, reminders: [ReminderTime]? = nil,
        isArchived: Bool? = nil, isQuit: Bool? = nil, allowance: Allowance?? = nil
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
        self.measure = measure
        self.reminders = reminders
        self.isArchived = isArchived
        self.isQuit = isQuit
        self.allowance = allowance
    }

    public var isEmpty: Bool {
        name == nil && category == nil && schedule == nil && emoji == nil && color == nil && isPinned == nil
            && start == nil && description == nil && goal == nil && measure == nil && reminders == nil
            && isArchived == nil && isQuit == nil && allowance == nil
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

    /// A habit's `schedule` value; nil for an event.
    static func schedule(_ schedule: Schedule) -> TOMLValue? {
        if case .weekly(let days) = schedule { return self.schedule(days) }
        return ScheduleText.fileText(schedule).map { .string($0) }
    }

    static func mark(_ mark: Mark) -> TOMLValue {
        mark == .done ? .boolean(true) : .string(mark.rawValue)
    }

    /// A number as the file writes it: an integer when it is whole, else a float.
    static func number(_ value: Double) -> TOMLValue {
        if value.rounded() == value, abs(value) < 9e15 { return .integer(Int64(value)) }
        return .float(value)
    }

    /// A day's line: `true`, `"skip"` or a total, or a table when it carries a note
    /// (`{ amount = 12, note = "hot day" }`, `{ note = "…" }` alone). Nil for neither.
    static func day(_ value: LogValue?, note: String?) -> TOMLValue? {
        guard let note, !note.isEmpty else {
            switch value {
            case .done?: return .boolean(true)
            case .skipped?: return .string(FormatWord.skip)
            case .slipped?: return .string(FormatWord.slip)
            case .amount(let total)?: return number(total)
            case nil: return nil
            }
        }
        var table = TOMLTable()
        switch value {
        case .done?: table.insert(.boolean(true), forKey: LogKey.done.rawValue, at: 0)
        case .skipped?: table.insert(.boolean(true), forKey: LogKey.skip.rawValue, at: 0)
        case .slipped?: table.insert(.boolean(true), forKey: LogKey.slip.rawValue, at: 0)
        case .amount(let total)?: table.insert(number(total), forKey: LogKey.amount.rawValue, at: 0)
        case nil: break
        }
        table.insert(.string(note), forKey: LogKey.note.rawValue, at: table.count)
        return .table(table)
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
        if tracker.isQuit {
            add(TrackerKey.quit.rawValue, .boolean(true))
        } else if let value = schedule(tracker.schedule) {
            add(TrackerKey.schedule.rawValue, value)
        } else {
            add(TrackerKey.kind.rawValue, .string(FormatWord.event))
        }
        if let measure = tracker.measure {
            add(TrackerKey.target.rawValue, number(measure.target))
            if measure.direction == .atMost { add(TrackerKey.targetType.rawValue, .string(FormatWord.atMost)) }
            if let unit = measure.unit { add(TrackerKey.unit.rawValue, .string(unit)) }
        }
        if let allowance = tracker.allowance { add(TrackerKey.allow.rawValue, .string(allowance.description)) }
        if let emoji = tracker.emoji { add(TrackerKey.emoji.rawValue, .string(emoji)) }
        if let color = tracker.color { add(TrackerKey.color.rawValue, .string(color.description)) }
        add(TrackerKey.pinned.rawValue, .boolean(tracker.isPinned))
        if let start = tracker.start { add(TrackerKey.start.rawValue, date(start)) }
        if let description = tracker.description { add(TrackerKey.description.rawValue, .string(description)) }
        if let goal = tracker.goal { add(TrackerKey.goal.rawValue, .string(goal.description)) }
        if !tracker.reminders.isEmpty { add(TrackerKey.remind.rawValue, reminders(tracker.reminders)) }
        if tracker.isArchived { add(TrackerKey.archived.rawValue, .boolean(true)) }
        // The log is written by hand so that a day with a note stays one inline line.
        var log = ""
        var days = Set(tracker.log.notes.keys)
        for entry in tracker.log.entries { days.insert(entry.day) }
        for day in days.sorted() {
            guard let value = self.day(tracker.log.entry(on: day)?.value, note: tracker.log.note(on: day)) else { continue }
            log += TOMLSerializer.key(day.description) + " = " + TOMLSerializer.value(value) + "\n"
        }
        return TOMLDocument.serialize(root) + "\n[" + TrackerKey.log.rawValue + "]\n" + log
    }
}

/// How a day of the log is written, for code outside the store that writes one (the merge).
public enum LogLine {
    /// A number as the file writes it: an integer when it is whole, else a float.
    public static func number(_ value: Double) -> TOMLValue { TrackerEncoding.number(value) }

    /// A day's line for a value and a note; nil for neither.
    public static func day(_ value: LogValue?, note: String?) -> TOMLValue? { TrackerEncoding.day(value, note: note) }
}
