import HabitCore

/// habit's block in a user's crontab: one line per reminder time between two marker comments.
/// Everything outside the markers is the user's and is kept byte for byte.
public enum CrontabBlock {
    public static let begin = "# BEGIN habit reminders"
    public static let end = "# END habit reminders"

    /// The block's lines. No `NAME=value` lines: in a crontab those apply to every later job,
    /// the user's own included, so the language is set inline in the command.
    static func lines(_ command: ReminderCommand, times: [ReminderTime]) -> [String] {
        let words = [command.language].compactMap { $0 } + [quote(command.executable), "--dir", quote(command.directory), "remind", "run"]
        let invocation = words.joined(separator: " ")
        var lines = [begin + " (managed by `habit remind`; edits inside are overwritten)"]
        lines += ReminderTime.distinct(times).map { "\($0.minute) \($0.hour) * * * \(invocation)" }
        lines.append(end)
        return lines
    }

    /// A word for /bin/sh in single quotes, with `%` escaped (cron turns a bare `%` into a newline).
    static func quote(_ word: String) -> String {
        "'" + word.replacing("'", with: "'\\''").replacing("%", with: "\\%") + "'"
    }

    /// Whether `crontab` holds the block (one that runs habit on `directory`, when given).
    static func isPresent(in crontab: String, for directory: String? = nil) -> Bool {
        let lines = crontab.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: { $0.hasPrefix(begin) }) else { return false }
        guard let directory else { return true }
        let last = lines[first...].firstIndex { $0.hasPrefix(end) } ?? lines.endIndex - 1
        return lines[first...last].contains { $0.contains(" --dir " + quote(directory) + " ") }
    }

    /// `crontab` with the block replaced by `block` where it was (appended when it was not
    /// there), or removed when `block` is nil. Every line ends with a newline, as `crontab -`
    /// requires of the last one.
    static func replacing(in crontab: String, with block: [String]?) -> String {
        var lines = crontab.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var position: Int? = nil
        if let first = lines.firstIndex(where: { $0.hasPrefix(begin) }) {
            position = first
            // A block whose end marker was deleted by hand loses only its begin marker.
            let last = lines[(first + 1)...].firstIndex { $0.hasPrefix(end) } ?? first
            lines.removeSubrange(first...last)
        }
        if let block { lines.insert(contentsOf: block, at: position ?? lines.count) }
        return lines.map { $0 + "\n" }.joined()
    }
}
