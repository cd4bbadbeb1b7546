import ArgumentParser
import HabitCore

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

    @Option(name: .long, help: ArgumentHelp("A time of day to be reminded at, like 08:00 (repeatable; see `habit remind`).", valueName: "time"))
    var remind: [String] = []

    @Flag(name: .customLong("no-remind"), help: "Remove the tracker's reminder times.")
    var noRemind = false

    var hasAny: Bool {
        category != nil || days != nil || daily || event || emoji != nil || trackerColor != nil || description != nil
            || start != nil || goal != nil || !remind.isEmpty || noRemind
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
        let chosen = [days != nil, daily, event].filter { $0 }.count
        if chosen > 1 { throw Failure.usage(t[.scheduleConflict]) }
        if event { return .event }
        if daily { return .daily }
        if let days { return .weekly(try Self.weekdays(days, t)) }
        return nil
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
