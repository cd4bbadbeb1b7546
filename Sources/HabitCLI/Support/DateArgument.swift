import HabitCore

/// Days as people type them: `2026-11-21`, `today`, `yesterday`, `-3` (days ago), or a weekday
/// name meaning the latest such day (today included).
enum DateArgument {
    static func parse(_ text: String, today: CivilDate) -> CivilDate? {
        let lower = text.lowercased().trimmingWhitespace()
        switch lower {
        case "today", "сегодня": return today
        case "yesterday", "вчера": return today.adding(days: -1)
        default: break
        }
        if let day = CivilDate(lower) { return day }
        if lower.hasPrefix("-"), let count = Int(lower.dropFirst()), count >= 0, count < 1_000_000 {
            return today.adding(days: -count)
        }
        if let weekday = Weekday(name: lower) {
            let back = (today.weekday.rawValue - weekday.rawValue + 7) % 7
            return today.adding(days: -back)
        }
        return nil
    }
}
