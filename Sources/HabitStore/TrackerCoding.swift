import HabitCore
import TOML

/// Reading a tracker file into the model, and the keys it uses.
enum TrackerKeys {
    static let name = "name"
    static let category = "category"
    static let kind = "kind"
    static let schedule = "schedule"
    static let emoji = "emoji"
    static let color = "color"
    static let pinned = "pinned"
    static let start = "start"
    static let description = "description"
    static let goal = "goal"
    static let log = "log"
}

extension FileDecoder {
    /// Decodes a tracker; nil when a required part is unusable (the diagnostics say why).
    mutating func tracker(id: String, categories: Set<String>?) -> Tracker? {
        let root = document.root
        var usable = true

        var name = ""
        if let value = string(TrackerKeys.name, in: root) {
            switch TrackerName.problem(with: value) {
            case .empty: report("the name is empty", at: [TrackerKeys.name], hint: "give the tracker a name, e.g. name = \"Read\""); usable = false
            case .tooLong(let count):
                report("Name is limited to \(TrackerName.maximumLength) characters (this one has \(count))", at: [TrackerKeys.name],
                       hint: "shorten the name")
                usable = false
            case .controlCharacter:
                report("the name contains a control character", at: [TrackerKeys.name], hint: "remove escape sequences and control characters from the name")
                usable = false
            case nil: name = value
            }
        } else if root[TrackerKeys.name] == nil {
            reportMissing(TrackerKeys.name, hint: "add a line like: name = \"Morning run\"")
            usable = false
        } else {
            usable = false
        }

        var category = ""
        if let value = string(TrackerKeys.category, in: root) {
            category = value
            if let categories, !categories.contains(value) {
                report("unknown category \"\(value)\"", at: [TrackerKeys.category],
                       hint: "add it to `categories` in habit.toml (or run: habit category add \"\(value)\")")
            }
        } else if root[TrackerKeys.category] == nil {
            reportMissing(TrackerKeys.category, hint: "add a line like: category = \"Health\"")
            usable = false
        } else {
            usable = false
        }

        let schedule = decodeSchedule(root)
        if schedule == nil { usable = false }

        var emoji: String?
        if let value = string(TrackerKeys.emoji, in: root) {
            if value.isEmpty {
                emoji = nil
            } else if TrackerEmoji.isValid(value) {
                emoji = value
            } else {
                report("the emoji must be a single emoji, like \"🏃\"", at: [TrackerKeys.emoji])
            }
        }

        var color: TrackerColor?
        if let value = string(TrackerKeys.color, in: root) {
            color = TrackerColor(value)
            if color == nil {
                report("unknown colour \"\(value)\"", at: [TrackerKeys.color],
                       hint: "use one of \(PaletteColor.allCases.map(\.rawValue).joined(separator: ", ")) or \"#RRGGBB\"")
            }
        }

        let pinned = bool(TrackerKeys.pinned, in: root) ?? false

        var start: CivilDate?
        if let value = root[TrackerKeys.start] {
            if case .localDate(let date) = value, let day = CivilDate(year: date.year, month: date.month, day: date.day) {
                start = day
            } else {
                report("expected a date like 2026-11-21", at: [TrackerKeys.start], hint: "write the date without quotes: start = 2026-11-21")
            }
        }

        let description = string(TrackerKeys.description, in: root)

        var goal: Goal?
        if let value = root[TrackerKeys.goal] {
            switch value {
            case .string(let text):
                goal = Goal(text)
                if goal == nil { report("expected a goal like \"30d\", \"8w\" or \"3m\"", at: [TrackerKeys.goal]) }
            case .integer(let days):
                goal = Goal(count: Int(clamping: days), unit: .days)
                if goal == nil { report("the goal must be a positive number of days", at: [TrackerKeys.goal]) }
            default:
                report("expected a goal like \"30d\", \"8w\" or \"3m\", not \(value.typeDescription)", at: [TrackerKeys.goal])
            }
        }

        let log = decodeLog(root)

        guard usable, let schedule else { return nil }
        return Tracker(
            id: id, name: name, category: category, schedule: schedule, emoji: emoji, color: color,
            isPinned: pinned, start: start, description: description, goal: goal, log: log)
    }

    private mutating func decodeSchedule(_ root: TOMLTable) -> Schedule? {
        var isEvent = false
        if let kind = string(TrackerKeys.kind, in: root) {
            switch kind {
            case "event": isEvent = true
            case "habit": isEvent = false
            default:
                report("unknown kind \"\(kind)\"", at: [TrackerKeys.kind], hint: "use kind = \"habit\" (the default) or kind = \"event\"")
                return nil
            }
        }
        let value = root[TrackerKeys.schedule]
        if isEvent {
            if value != nil {
                report("an event has no schedule", at: [TrackerKeys.schedule], key: true,
                       hint: "remove the `schedule` line, or the `kind = \"event\"` line to make this a habit")
                return nil
            }
            return .event
        }
        switch value {
        case nil:
            reportMissing(TrackerKeys.schedule, hint: "add schedule = \"daily\" or schedule = [\"mon\", \"wed\", \"fri\"], or kind = \"event\"")
            return nil
        case .string(let text)?:
            if text.lowercased() == "daily" { return .daily }
            report("unknown schedule \"\(text)\"", at: [TrackerKeys.schedule], hint: "use \"daily\" or a list of weekdays like [\"mon\", \"wed\", \"fri\"]")
            return nil
        case .array(let elements)?:
            var days: [Weekday] = []
            for (index, element) in elements.enumerated() {
                guard case .string(let text) = element, let day = Weekday(name: text) else {
                    report("expected a weekday: mon, tue, wed, thu, fri, sat or sun", at: [TrackerKeys.schedule, String(index)])
                    return nil
                }
                days.append(day)
            }
            if days.isEmpty {
                report("the schedule has no days", at: [TrackerKeys.schedule], hint: "list at least one weekday, or use \"daily\"")
                return nil
            }
            return .weekly(WeekdaySet(days))
        case let other?:
            report("`schedule` must be \"daily\" or a list of weekdays, not \(other.typeDescription)", at: [TrackerKeys.schedule])
            return nil
        }
    }

    private mutating func decodeLog(_ root: TOMLTable) -> CompletionLog {
        guard let value = root[TrackerKeys.log] else { return CompletionLog() }
        guard case .table(let table) = value else {
            report("`log` must be a table of days: [log] followed by lines like 2026-11-21 = true", at: [TrackerKeys.log])
            return CompletionLog()
        }
        var entries: [CompletionLog.Entry] = []
        entries.reserveCapacity(table.count)
        for (key, mark) in table {
            guard let day = CivilDate(key) else {
                let reason = CivilDate.looksLikeDate(key) ? "\(key) is not a day of the calendar" : "expected a date like 2026-11-21"
                report(reason, at: [TrackerKeys.log, key], key: true)
                continue
            }
            switch mark {
            case .boolean(true): entries.append(.init(day: day, mark: .done))
            case .boolean(false): continue
            case .string("skip"): entries.append(.init(day: day, mark: .skipped))
            default:
                report("a day is marked with true (done) or \"skip\" (excused), not \(mark.typeDescription)", at: [TrackerKeys.log, key])
            }
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
