import HabitCore

/// Days as people type them: `2026-11-21`, `today`, `yesterday`, `tomorrow`, `-3` (days ago), a
/// weekday name meaning the latest such day (today included), or `last friday` (the one before
/// today). A future day parses; the command says whether it may be used.
enum DateArgument {
    static func parse(_ text: String, today: CivilDate) -> CivilDate? {
        let lower = text.lowercased().trimmingWhitespace()
        switch lower {
        case "today", "сегодня": return today
        case "yesterday", "вчера": return today.adding(days: -1)
        case "tomorrow", "завтра": return today.adding(days: 1)
        default: break
        }
        if let day = CivilDate(lower) { return day }
        if lower.hasPrefix("-"), let count = Int(lower.dropFirst()), count >= 0, count < 1_000_000 {
            return today.adding(days: -count)
        }
        let words = lower.split(separator: " ", omittingEmptySubsequences: true)
        if words.count == 2, ["last", "прошлый", "прошлая", "прошлое", "прошлую"].contains(String(words[0])),
           let weekday = Weekday(name: words[1]) ?? russianWeekday(String(words[1])) {
            let back = (today.weekday.rawValue - weekday.rawValue + 6) % 7 + 1
            return today.adding(days: -back)
        }
        if let weekday = Weekday(name: lower) ?? russianWeekday(lower) {
            let back = (today.weekday.rawValue - weekday.rawValue + 7) % 7
            return today.adding(days: -back)
        }
        return nil
    }

    private static func russianWeekday(_ text: String) -> Weekday? {
        let names: [(String, Weekday)] = [("понедельник", .monday), ("пн", .monday), ("вторник", .tuesday), ("вт", .tuesday),
                                          ("среда", .wednesday), ("среду", .wednesday), ("ср", .wednesday),
                                          ("четверг", .thursday), ("чт", .thursday), ("пятница", .friday), ("пятницу", .friday),
                                          ("пт", .friday), ("суббота", .saturday), ("субботу", .saturday), ("сб", .saturday),
                                          ("воскресенье", .sunday), ("вс", .sunday)]
        return names.first { $0.0 == text }?.1
    }
}
