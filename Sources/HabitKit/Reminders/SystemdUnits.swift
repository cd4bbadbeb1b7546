import HabitCore
import TOML

/// The systemd user units that run `habit remind run` at the reminder times: a oneshot service,
/// and a timer with one `OnCalendar=` line per distinct time (local time of the manager's zone).
public enum SystemdUnits {
    public static let service = "habit-remind.service"
    public static let timer = "habit-remind.timer"
    /// Where `enable` links the timer, so it starts with the user's manager.
    public static let wantsFolder = "timers.target.wants"

    static let header = "# Written by `habit remind install`: rewritten when reminder times change, removed by `habit remind uninstall`."

    static func serviceText(_ command: ReminderCommand) -> String {
        var lines = [header, "[Unit]", "Description=habit: send the reminders that are due", "",
                     // KillMode=process: the waiter for a notification's Done and Snooze outlives the run.
                     "[Service]", "Type=oneshot", "KillMode=process",
"ExecStart=" + ([quote(command.executable, isCommand: true)] + ["--dir", command.directory, "remind", "run"].map { quote($0) })
                        .joined(separator: " ")]
        if let language = command.language { lines.append("Environment=" + quote(language)) }
        return lines.joined(separator: "\n") + "\n"
    }

    static func timerText(_ times: [ReminderTime]) -> String {
        var lines = [header, "[Unit]", "Description=habit: reminder times", "", "[Timer]"]
        lines += ReminderTime.distinct(times).map { "OnCalendar=" + calendar($0) }
        // Persistent: a time missed while the machine slept or was off fires once when it is back;
        // AccuracySec: on the minute, not within the default minute of slack.
        lines += ["Persistent=true", "AccuracySec=1s", "", "[Install]", "WantedBy=timers.target"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `*-*-* 08:00:00`
    public static func calendar(_ time: ReminderTime) -> String {
        "*-*-* \(time):00"
    }

    /// One word of a command line as systemd reads it: as it is when plain, else in double quotes
    /// with C escapes, `%` (specifiers) doubled, and in arguments `$` (variables) doubled too (the
    /// command's own path is not searched for variables, so there `$` stays as it is).
    static func quote(_ word: String, isCommand: Bool = false) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || "0123456789/._-+:@=,".unicodeScalars.contains($0))
        }
        if plain { return word }
        return Escaping.quoted(word) { scalar in
            switch scalar {
            case "%": "%%"
            case "$": isCommand ? nil : "$$"
            default: Escaping.common(scalar)
            }
        }
    }
}

/// What the scheduler runs: this program on this data directory, in the installing user's language
/// (neither systemd nor cron passes the login shell's environment on).
public struct ReminderCommand: Equatable, Sendable {
    public var executable: String
    public var directory: String
    /// `LANG=ru_RU.UTF-8`, or nil.
    public var language: String?

    public init(executable: String, directory: String, language: String?) {
        self.executable = executable
        self.directory = directory
        self.language = language
    }

    /// The language variable of `environment` that decides habit's language, if it is a plain
    /// locale name.
    public static func language(from environment: [String: String]) -> String? {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[key], !value.isEmpty else { continue }
            let plain = value.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || "0123456789_.@-".unicodeScalars.contains($0)) }
            return plain ? "\(key)=\(value)" : nil
        }
        return nil
    }
}
