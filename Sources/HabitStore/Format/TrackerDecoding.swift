import HabitCore
import TOML

/// Reading a tracker file into the model.
extension FileDecoder {
    static let trackerKeys = TrackerKey.allCases.map(\.rawValue)

    /// Decodes a tracker; nil when a required part is unusable (the diagnostics say why).
    /// - Parameter categories: the categories of habit.toml; nil when it could not be read (then
    ///   the category is not checked).
    mutating func tracker(id: String, categories: [String]?) -> Tracker? {
        let root = document.root
        var usable = true

        var name = ""
        let nameKey = TrackerKey.name.rawValue
        if let value = string(nameKey, in: root) {
            switch TrackerName.problem(with: value) {
            case .empty: report(.nameEmpty, at: [nameKey]); usable = false
            case .tooLong(let count): report(.nameTooLong(count: count), at: [nameKey]); usable = false
            case .controlCharacter: report(.nameControlCharacter, at: [nameKey]); usable = false
            case nil: name = value
            }
        } else if root[nameKey] == nil {
            reportMissing(nameKey, knownKeys: Self.trackerKeys)
            usable = false
        } else {
            usable = false
        }

        var category = ""
        let categoryKey = TrackerKey.category.rawValue
        if let value = string(categoryKey, in: root) {
            category = value
            if let categories, !categories.contains(value) {
                let existing = categories.first { TrackerName.key($0) == TrackerName.key(value) }
                report(.unknownCategory(name: value, existing: existing), at: [categoryKey])
            }
        } else if root[categoryKey] == nil {
            reportMissing(categoryKey, knownKeys: Self.trackerKeys)
            usable = false
        } else {
            usable = false
        }

        let schedule = decodeSchedule(root)
        if schedule == nil { usable = false }

        var emoji: String?
        if let value = string(TrackerKey.emoji.rawValue, in: root), !value.isEmpty {
            if TrackerEmoji.isValid(value) {
                emoji = value
            } else {
                report(.notAnEmoji(value), at: TrackerKey.emoji.path)
            }
        }

        var color: TrackerColor?
        if let value = string(TrackerKey.color.rawValue, in: root) {
            color = TrackerColor(value)
            if color == nil { report(.unknownColor(value), at: TrackerKey.color.path) }
        }

        let pinned = bool(TrackerKey.pinned.rawValue, in: root) ?? false

        var start: CivilDate?
        if let value = root[TrackerKey.start.rawValue] {
            if case .localDate(let date) = value, let day = CivilDate(year: date.year, month: date.month, day: date.day) {
                start = day
            } else {
                report(.notADate, at: TrackerKey.start.path)
            }
        }

        let description = string(TrackerKey.description.rawValue, in: root)

        var goal: Goal?
        if let value = root[TrackerKey.goal.rawValue] {
            switch value {
            case .string(let text):
                goal = Goal(text)
                if goal == nil { report(.notAGoal(text), at: TrackerKey.goal.path) }
            case .integer(let days):
                goal = Goal(count: Int(clamping: days), unit: .days)
                if goal == nil { report(.goalNotPositive, at: TrackerKey.goal.path) }
            default:
                report(.wrongType(key: TrackerKey.goal.rawValue, expected: .string, found: value.kind), at: TrackerKey.goal.path)
            }
        }

        let log = decodeLog(root, start: start)
        let reminders = decodeReminders(root)
        warnAboutLookalikes(knownKeys: Self.trackerKeys)

        guard usable, let schedule else { return nil }
        return Tracker(
            id: id, name: name, category: category, schedule: schedule, emoji: emoji, color: color,
            isPinned: pinned, start: start, description: description, goal: goal, log: log, reminders: reminders)
    }

    private mutating func decodeSchedule(_ root: TOMLTable) -> Schedule? {
        var isEvent = false
        if let kind = string(TrackerKey.kind.rawValue, in: root) {
            switch kind {
            case FormatWord.event: isEvent = true
            case FormatWord.habit: isEvent = false
            default:
                report(.unknownKind(kind), at: TrackerKey.kind.path)
                return nil
            }
        }
        let value = root[TrackerKey.schedule.rawValue]
        if isEvent {
            if value != nil {
                report(.eventWithSchedule, at: TrackerKey.schedule.path, key: true)
                return nil
            }
            return .event
        }
        switch value {
        case nil:
            reportMissing(TrackerKey.schedule.rawValue, knownKeys: Self.trackerKeys)
            return nil
        case .string(let text)?:
            if text.lowercased() == FormatWord.daily { return .daily }
            report(.unknownSchedule(text), at: TrackerKey.schedule.path)
            return nil
        case .array(let elements)?:
            var days: [Weekday] = []
            for (index, element) in elements.enumerated() {
                guard case .string(let text) = element, let day = Weekday(name: text) else {
                    report(.notAWeekday, at: [TrackerKey.schedule.rawValue, String(index)])
                    return nil
                }
                days.append(day)
            }
            if days.isEmpty {
                report(.emptySchedule, at: TrackerKey.schedule.path)
                return nil
            }
            return .weekly(WeekdaySet(days))
        case let other?:
            report(.wrongType(key: TrackerKey.schedule.rawValue, expected: .array, found: other.kind), at: TrackerKey.schedule.path)
            return nil
        }
    }

    private mutating func decodeLog(_ root: TOMLTable, start: CivilDate?) -> CompletionLog {
        let logKey = TrackerKey.log.rawValue
        guard let value = root[logKey] else { return CompletionLog() }
        guard case .table(let table) = value else {
            report(.logNotATable, at: [logKey])
            return CompletionLog()
        }
        var entries: [CompletionLog.Entry] = []
        entries.reserveCapacity(table.count)
        var early: [String] = []
        for (key, mark) in table {
            guard let day = CivilDate(key) else {
                report(CivilDate.looksLikeDate(key) ? .notACalendarDay(key) : .notADateKey(key), at: [logKey, key], key: true)
                continue
            }
            switch mark {
            case .boolean(true): entries.append(.init(day: day, mark: .done))
            case .boolean(false): continue
            case .string(FormatWord.skip): entries.append(.init(day: day, mark: .skipped))
            default:
                report(.badMark(found: mark.kind), at: [logKey, key])
                continue
            }
            if let start, day < start { early.append(key) }
        }
        if let start, let first = early.min() {
            report(.marksBeforeStart(first: first, count: early.count, start: start.description), at: [logKey, first], key: true)
        }
        return CompletionLog(entries)
    }
}

extension CivilDate {
    static func looksLikeDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 10 && bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-")
    }
}
