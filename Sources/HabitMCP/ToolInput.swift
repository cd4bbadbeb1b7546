import HabitCore
import HabitLocalization
import MCP

/// A tool's arguments, read with the catalog's words for what is wrong with them.
struct ToolInput {
    let arguments: [String: Value]
    let messages: Messages
    let today: CivilDate

    func optionalString(_ name: String) -> String? {
        arguments[name]?.stringValue
    }

    func string(_ name: String) throws -> String {
        guard let text = optionalString(name) else { throw HabitTools.Refused(sentence: messages.text(.mcpMissingArgument, name)) }
        return text
    }

    func bool(_ name: String) -> Bool? {
        arguments[name]?.boolValue
    }

    func number(_ name: String) throws -> Double? {
        guard let value = arguments[name], value != .null else { return nil }
        if let number = value.doubleValue ?? value.intValue.map(Double.init), number.isFinite { return number }
        throw HabitTools.Refused(sentence: messages.text(.badAmount, DataText.safe("\(value)")))
    }

    /// ISO days, today, yesterday and -N (days ago); today when left out.
    func day() throws -> CivilDate {
        guard let text = optionalString("date") else { return today }
        let lower = text.lowercased().trimmingWhitespace()
        switch lower {
        case "", "today", "сегодня": return today
        case "yesterday", "вчера": return today.adding(days: -1)
        default: break
        }
        if let day = CivilDate(lower) { return day }
        if lower.hasPrefix("-"), let count = Int(lower.dropFirst()), count >= 0, count < 1_000_000 { return today.adding(days: -count) }
        throw HabitTools.Refused(sentence: messages.text(.badDate, DataText.safe(text)))
    }

    /// Any written schedule (ScheduleText) or a list of weekday names, as `habit add --schedule`.
    func schedule(_ name: String) throws -> Schedule {
        let text = try string(name)
        switch ScheduleText.parse(text) {
        case .success(let schedule): return schedule
        case .failure(.countOutOfRange(let maximum)):
            throw HabitTools.Refused(sentence: messages.text(.badScheduleCount, DataText.safe(text), maximum))
        case .failure(.unknown):
            let parts = text.split(whereSeparator: { $0 == "," || $0 == " " })
            let days = parts.compactMap { Weekday(name: $0) }
            guard !parts.isEmpty, days.count == parts.count else {
                throw HabitTools.Refused(sentence: messages.text(.badSchedule, DataText.safe(text)))
            }
            return .weekly(WeekdaySet(days))
        }
    }
}
