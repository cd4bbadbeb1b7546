/// The written forms of schedules, shared by tracker files and the command line: `"daily"`,
/// `"3 per week"`, `"10 per month"`, `"every 2 days"`, and (on the command line) weekday lists.
public enum ScheduleText {
    public enum Problem: Error, Hashable, Sendable {
        /// Not a schedule at all.
        case unknown
        /// "9 per week": the count is outside `1...maximum`.
        case countOutOfRange(maximum: Int)
    }

    static let dailyWords: Set<String> = ["daily", "every day", "everyday", "each day"]

    /// Parses the string forms a file may hold (case and spacing are forgiven; weekday lists are
    /// arrays in files, so they are not accepted here).
    public static func parse(_ text: String) -> Result<Schedule, Problem> {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let joined = words.joined(separator: " ")
        if dailyWords.contains(joined) { return .success(.daily) }
        switch joined {
        case "weekly", "every week", "once a week": return .success(.periodic(count: 1, period: .week))
        case "monthly", "every month", "once a month": return .success(.periodic(count: 1, period: .month))
        case "every other day": return .success(.interval(days: 2))
        default: break
        }
        // "every N days"
        if words.count == 3, words[0] == "every", ["day", "days"].contains(words[2]) {
            guard let days = Int(words[1]) else { return .failure(.unknown) }
            guard (1...366).contains(days) else { return .failure(.countOutOfRange(maximum: 366)) }
            return .success(days == 1 ? .daily : .interval(days: days))
        }
        // "N per week", "N times per week", "N times a week", "N/week", "N x week"
        var rest = words.flatMap { word -> [String] in
            word.contains("/") ? word.split(separator: "/", omittingEmptySubsequences: false).map(String.init).flatMap { [$0, "per"] }.dropLast() : [word]
        }.filter { !$0.isEmpty }
        guard let first = rest.first, let count = Int(first) else { return .failure(.unknown) }
        rest.removeFirst()
        if let word = rest.first, ["times", "time", "x"].contains(word) { rest.removeFirst() }
        if let word = rest.first, ["per", "a", "each", "every", "in", "/"].contains(word) { rest.removeFirst() }
        guard rest.count == 1, let period = Period(rawValue: rest[0].hasSuffix("s") ? String(rest[0].dropLast()) : rest[0]) else {
            return .failure(.unknown)
        }
        guard (1...period.maximumCount).contains(count) else { return .failure(.countOutOfRange(maximum: period.maximumCount)) }
        return .success(.periodic(count: count, period: period))
    }

    /// The string a file holds for a schedule written as a string; nil for weekday lists other
    /// than every day, and for events (they have no schedule).
    public static func fileText(_ schedule: Schedule) -> String? {
        switch schedule {
        case .weekly(let days): return days == .all ? "daily" : nil
        case .event: return nil
        case .periodic(let count, let period): return "\(count) per \(period.rawValue)"
        case .interval(let days): return "every \(days) days"
        }
    }
}
