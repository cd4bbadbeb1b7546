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

        let quit = bool(TrackerKey.quit.rawValue, in: root) ?? false
        var schedule = decodeSchedule(root, quit: quit)
        if schedule == nil { usable = false }
        if quit, let written = schedule, written != .daily {
            report(.quitNotDaily, at: TrackerKey.quit.path, key: true)
            schedule = nil
            usable = false
        }

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
        let archived = bool(TrackerKey.archived.rawValue, in: root) ?? false

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

        let (measure, measureUsable) = decodeMeasure(root, isEvent: schedule == .event)
        if !measureUsable { usable = false }
        if quit, measure != nil {
            report(.quitWithTarget, at: TrackerKey.target.path, key: true)
            usable = false
        }
        let (allowance, allowanceUsable) = decodeAllowance(root, schedule: schedule)
        if !allowanceUsable { usable = false }

        let log = decodeLog(root, start: start, measure: measure, quit: quit)
        let reminders = decodeReminders(root)
        warnAboutLookalikes(knownKeys: Self.trackerKeys)

        guard usable, let schedule else { return nil }
        return Tracker(
            id: id, name: name, category: category, schedule: schedule, emoji: emoji, color: color,
            isPinned: pinned, start: start, description: description, goal: goal, log: log, measure: measure,
            reminders: reminders,
            isArchived: archived, isQuit: quit, allowance: allowance)
    }

    /// `allow = "1 per week"`: forgiven misses. Returns false when the file cannot be used.
    private mutating func decodeAllowance(_ root: TOMLTable, schedule: Schedule?) -> (Allowance?, Bool) {
        let key = TrackerKey.allow
        guard root[key.rawValue] != nil else { return (nil, true) }
        guard let text = string(key.rawValue, in: root) else { return (nil, false) }
        switch Allowance.parse(text) {
        case .success(let allowance):
            switch schedule {
            case .event?, .periodic?: report(.allowanceWithoutDays, at: key.path, key: true)
            default: break
            }
            return (allowance, true)
        case .failure(.countOutOfRange(let maximum)):
            report(.allowanceCountOutOfRange(text, maximum: maximum), at: key.path)
        case .failure(.unknown):
            report(.unknownAllowance(text), at: key.path)
        }
        return (nil, false)
    }

    /// `target`, `target_type` and `unit`: what a numeric habit counts. Returns false when the
    /// file cannot be used.
    private mutating func decodeMeasure(_ root: TOMLTable, isEvent: Bool) -> (Measure?, Bool) {
        var direction = Measure.Direction.atLeast
        var usable = true
        if let text = string(TrackerKey.targetType.rawValue, in: root) {
            if let parsed = Measure.Direction(rawValue: text.lowercased()) {
                direction = parsed
            } else {
                report(.unknownTargetType(text), at: TrackerKey.targetType.path)
                usable = false
            }
        } else if root[TrackerKey.targetType.rawValue] != nil {
            usable = false
        }
        let unit = string(TrackerKey.unit.rawValue, in: root).flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 }
        guard let value = root[TrackerKey.target.rawValue] else {
            for key in [TrackerKey.unit, .targetType] where root[key.rawValue] != nil {
                report(.measureWithoutTarget(key: key.rawValue), at: key.path, key: true)
            }
            return (nil, usable)
        }
        guard let target = Self.number(value) else {
            report(.notANumber(key: TrackerKey.target.rawValue), at: TrackerKey.target.path)
            return (nil, false)
        }
        if isEvent {
            report(.eventWithTarget, at: TrackerKey.target.path, key: true)
            return (nil, false)
        }
        guard Measure.isValidTarget(target, direction) else {
            report(.badTarget(atMost: direction == .atMost), at: TrackerKey.target.path)
            return (nil, false)
        }
        return (Measure(target: target, direction: direction, unit: unit), usable)
    }

    /// An integer or a float as a number.
    static func number(_ value: TOMLValue) -> Double? {
        switch value {
        case .integer(let number): Double(number)
        case .float(let number): number
        default: nil
        }
    }

    private mutating func decodeSchedule(_ root: TOMLTable, quit: Bool) -> Schedule? {
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
            // A quit habit is kept every day: it needs no schedule.
            if quit { return .daily }
            reportMissing(TrackerKey.schedule.rawValue, knownKeys: Self.trackerKeys)
            return nil
        case .string(let text)?:
            switch ScheduleText.parse(text) {
            case .success(let schedule): return schedule
            case .failure(.countOutOfRange(let maximum)):
                report(.scheduleCountOutOfRange(text, maximum: maximum), at: TrackerKey.schedule.path)
            case .failure(.unknown):
                report(.unknownSchedule(text), at: TrackerKey.schedule.path)
            }
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

    private mutating func decodeLog(_ root: TOMLTable, start: CivilDate?, measure: Measure?, quit: Bool) -> CompletionLog {
        let logKey = TrackerKey.log.rawValue
        guard let value = root[logKey] else { return CompletionLog() }
        guard case .table(let table) = value else {
            report(.logNotATable, at: [logKey])
            return CompletionLog()
        }
        var entries: [CompletionLog.Entry] = []
        entries.reserveCapacity(table.count)
        var notes: [CivilDate: String] = [:]
        var early: [String] = []
        var warnedAboutAmounts = false
        var warnedAboutSlips = false
        for (key, mark) in table {
            guard let day = CivilDate(key) else {
                report(CivilDate.looksLikeDate(key) ? .notACalendarDay(key) : .notADateKey(key), at: [logKey, key], key: true)
                continue
            }
            let written: LogValue?
            switch mark {
            case .boolean(true): written = .done
            case .boolean(false): continue
            case .string(FormatWord.skip): written = .skipped
            case .string(FormatWord.slip): written = .slipped
            case .integer, .float:
                guard let amount = amount(mark, at: [logKey, key]) else { continue }
                written = .amount(amount)
            case .table(let fields):
                guard let (value, note) = dayTable(fields, at: [logKey, key]) else { continue }
                if let note { notes[day] = note }
                guard let value else { continue }
                written = value
            default:
                report(.badMark(found: mark.kind), at: [logKey, key])
                continue
            }
            guard let written else { continue }
            if case .amount = written, measure == nil, !warnedAboutAmounts {
                warnedAboutAmounts = true
                report(.amountWithoutTarget, at: [logKey, key])
            }
            if written == .slipped, !quit, !warnedAboutSlips {
                warnedAboutSlips = true
                report(.slipWithoutQuit, at: [logKey, key])
            }
            entries.append(CompletionLog.Entry(day: day, value: written, measure: measure))
            if let start, day < start { early.append(key) }
        }
        if let start, let first = early.min() {
            report(.marksBeforeStart(first: first, count: early.count, start: start.description), at: [logKey, first], key: true)
        }
        return CompletionLog(entries, notes: notes)
    }

    /// A day's total: a number from 0 up.
    private mutating func amount(_ value: TOMLValue, at path: [String]) -> Double? {
        guard let amount = Self.number(value) else {
            report(.notANumber(key: path.last ?? ""), at: path)
            return nil
        }
        guard amount.isFinite, amount >= 0, amount <= Measure.maximumAmount else {
            report(.badAmount, at: path)
            return nil
        }
        return amount
    }

    /// A day written as a table: `{ done = true, note = "…" }`, `{ skip = true, … }`,
    /// `{ amount = 12, … }`, or a note alone. Nil when it has errors.
    private mutating func dayTable(_ fields: TOMLTable, at path: [String]) -> (LogValue?, String?)? {
        var value: LogValue? = nil
        var note: String? = nil
        var valid = true
        var values = 0
        for (key, field) in fields {
            switch LogKey(rawValue: key) {
            case .done?, .skip?, .slip?:
                guard case .boolean(let flag) = field else {
                    report(.wrongType(key: key, expected: .boolean, found: field.kind), at: path + [key])
                    valid = false
                    continue
                }
                values += 1
                if flag {
                    value = switch LogKey(rawValue: key) {
                    case .done?: .done
                    case .slip?: .slipped
                    default: .skipped
                    }
                }
            case .amount?:
                values += 1
                if let amount = amount(field, at: path + [key]) { value = .amount(amount) } else { valid = false }
            case .note?:
                guard case .string(let text) = field else {
                    report(.wrongType(key: key, expected: .string, found: field.kind), at: path + [key])
                    valid = false
                    continue
                }
                note = text.isEmpty ? nil : text
            case nil:
                report(.unknownLogKey(key), at: path + [key], key: true)
            }
        }
        if values > 1 {
            report(.logValueConflict, at: path)
            return nil
        }
        return valid ? (value, note) : nil
    }
}

extension CivilDate {
    static func looksLikeDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 10 && bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-")
    }
}
