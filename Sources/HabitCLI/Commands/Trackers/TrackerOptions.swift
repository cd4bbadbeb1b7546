import ArgumentParser
import HabitCore
import HabitLocalization

/// Options shared by `add` and `edit`.
struct TrackerOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The category (must exist; see `habit category`).", valueName: "name"),
            completion: Completions.categories)
    var category: String?

    @Option(name: .long, help: ArgumentHelp("Weekdays of a habit, e.g. mon,wed,fri.", valueName: "days"))
    var days: String?

    @Flag(name: .long, help: "A habit for every day.")
    var daily = false

    @Flag(name: .long, help: "A one-off irregular event (no schedule).")
    var event = false

    @Option(name: .long, help: ArgumentHelp("One emoji shown before the name.", valueName: "emoji"))
    var emoji: String?

    @Option(name: .customLong("tracker-color"), help: ArgumentHelp("The tracker's colour: red, orange, yellow, green, teal, blue, purple, pink, gray or #RRGGBB.", valueName: "colour"))
    var trackerColor: String?

    @Option(name: .long, help: ArgumentHelp("A short note about the tracker.", valueName: "text"))
    var description: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The first day that counts (default: today).", valueName: "day"))
    var start: String?

    @Option(name: .long, help: ArgumentHelp("How long to keep it up: 30d, 8w, 3m (days, weeks, months); `forever` clears it.", valueName: "goal"))
    var goal: String?

    // MARK: schedules and numeric habits

    @Option(name: .long, help: ArgumentHelp("The schedule: daily, mon,wed,fri, \"3 per week\", \"10 per month\" or \"every 2 days\".", valueName: "schedule"))
    var schedule: String?

    @Option(name: .long, help: ArgumentHelp("Count amounts: the day's target total, e.g. 8 (`none` makes it a yes/no habit again).", valueName: "number"))
    var target: String?

    @Option(name: .long, help: ArgumentHelp("What is counted, e.g. glasses (shown after numbers).", valueName: "word"))
    var unit: String?

    @Flag(name: .customLong("at-least"), help: "The day is done when its total reaches the target (the default).")
    var atLeast = false

    @Flag(name: .customLong("at-most"), help: "The day is done while its total stays within the target: a habit to reduce.")
    var atMost = false

    @Option(name: .long, help: ArgumentHelp("A time of day to be reminded at, like 08:00 (repeatable; see `habit remind`).", valueName: "time"))
    var remind: [String] = []

    @Flag(name: .customLong("no-remind"), help: "Remove the tracker's reminder times.")
    var noRemind = false

    var hasAny: Bool {
        category != nil || days != nil || daily || event || emoji != nil || trackerColor != nil || description != nil
            || start != nil || goal != nil || schedule != nil || target != nil || unit != nil || atLeast || atMost
            || !remind.isEmpty || noRemind
    }

    /// The reminder times the options ask for: nil when they name none, empty for --no-remind.
    func reminders(_ t: Messages) throws -> [ReminderTime]? {
        if noRemind, !remind.isEmpty { throw Failure.usage(t[.remindConflict]) }
        if noRemind { return [] }
        guard !remind.isEmpty else { return nil }
        let words = remind.flatMap { $0.split(whereSeparator: { $0 == "," || $0 == " " }) }
        let times = try words.map { word throws -> ReminderTime in
            guard let time = ReminderTime(lenient: word) else { throw Failure.usage(t.text(.badReminderTime, TerminalText.safe(String(word)))) }
            return time
        }
        guard !times.isEmpty else { throw Failure.usage(t.text(.badReminderTime, TerminalText.safe(remind.joined(separator: " ")))) }
        return ReminderTime.distinct(times)
    }

    /// The schedule the options ask for, nil when they name none.
    func schedule(_ t: Messages) throws -> Schedule? {
        let chosen = [days != nil, daily, event, schedule != nil].filter { $0 }.count
        if chosen > 1 { throw Failure.usage(t[.scheduleConflict]) }
        if event { return .event }
        if daily { return .daily }
        if let days { return .weekly(try Self.weekdays(days, t)) }
        if let schedule { return try Self.schedule(schedule, t) }
        return nil
    }

    /// Any written schedule: daily, weekdays, "3 per week", "10 per month", "every 2 days".
    static func schedule(_ text: String, _ t: Messages) throws -> Schedule {
        switch ScheduleText.parse(text) {
        case .success(let schedule): return schedule
        case .failure(.countOutOfRange(let maximum)): throw Failure.usage(t.text(.badScheduleCount, TerminalText.safe(text), maximum))
        case .failure(.unknown):
            let parts = text.split(whereSeparator: { $0 == "," || $0 == " " })
            let days = parts.compactMap { Weekday(name: $0) }
            guard !parts.isEmpty, days.count == parts.count else { throw Failure.usage(t.text(.badSchedule, TerminalText.safe(text))) }
            return .weekly(WeekdaySet(days))
        }
    }

    /// What the options change about counting: nil leaves it, `.some(nil)` stops counting.
    /// `current` is the tracker's measure before (nil when adding).
    func measure(current: Measure?, _ t: Messages) throws -> Measure?? {
        if atLeast && atMost { throw Failure.usage(t[.targetTypeConflict]) }
        let direction: Measure.Direction? = atMost ? .atMost : atLeast ? .atLeast : nil
        if let target, target.lowercased().trimmingWhitespace() == "none" { return .some(nil) }
        guard target != nil || unit != nil || direction != nil else { return nil }
        var measure: Measure
        if let target {
            guard let number = Self.number(target) else { throw Failure.usage(t.text(.badTarget, TerminalText.safe(target))) }
            measure = Measure(target: number, direction: current?.direction ?? .atLeast, unit: current?.unit)
        } else if let current {
            measure = current
        } else {
            throw Failure.usage(t[.measureNeedsTarget])
        }
        if let direction { measure.direction = direction }
        if let unit { measure.unit = unit.trimmingWhitespace().isEmpty ? nil : unit.trimmingWhitespace() }
        guard Measure.isValidTarget(measure.target, measure.direction) else { throw Failure.usage(t[.badTargetValue]) }
        return .some(measure)
    }

    /// A number as people type it: `2`, `0.5`, `2,5`, `-1`.
    static func number(_ text: String) -> Double? {
        let cleaned = String(text.trimmingWhitespace().map { $0 == "," ? "." : $0 })
        guard let value = Double(cleaned), value.isFinite else { return nil }
        return value
    }

    static func weekdays(_ text: String, _ t: Messages) throws -> WeekdaySet {
        if ["daily", "every day", "all"].contains(text.lowercased().trimmingWhitespace()) { return .all }
        let parts = text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        let days = parts.compactMap { Weekday(name: $0) }
        guard !parts.isEmpty, days.count == parts.count else { throw Failure.usage(t.text(.badWeekdays, TerminalText.safe(text))) }
        return WeekdaySet(days)
    }

    static func emoji(_ text: String, _ t: Messages) throws -> String {
        guard TrackerEmoji.isValid(text) else { throw Failure.usage(t.text(.badEmoji, TerminalText.safe(text))) }
        return text
    }

    static func color(_ text: String, _ t: Messages) throws -> TrackerColor {
        guard let color = TrackerColor(text) else {
            throw Failure.usage(t.text(.badColor, TerminalText.safe(text), t.list(PaletteColor.allCases.map(\.rawValue))))
        }
        return color
    }

    static func goal(_ text: String, _ t: Messages) throws -> Goal? {
        if text.lowercased() == "forever" { return nil }
        guard let goal = Goal(text) else { throw Failure.usage(t.text(.badGoal, TerminalText.safe(text))) }
        return goal
    }

    /// A category's name: the same rules as a tracker's.
    static func categoryName(_ name: String, _ t: Messages) throws -> String {
        if name.trimmingWhitespace().isEmpty { throw Failure.usage(t[.categoryNameEmpty]) }
        return try self.name(name, t)
    }

    static func name(_ name: String, _ t: Messages) throws -> String {
        let trimmed = name.trimmingWhitespace()
        switch TrackerName.problem(with: trimmed) {
        case .empty: throw Failure.usage(t[.nameEmpty])
        case .tooLong(let count): throw Failure.usage(t[.nameTooLong], hint: t.text(.nameTooLongHint, count))
        case .controlCharacter: throw Failure.usage(t[.nameControlCharacter])
        case nil: return trimmed
        }
    }
}
