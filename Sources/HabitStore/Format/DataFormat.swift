import HabitCore

/// The layout of a data directory and the keys of its files: the one place that names them.
public enum DataFormat {
    public static let settingsFile = "habit.toml"
    public static let trackersFolder = "trackers"
    public static let trackerExtension = ".toml"

    /// `trackers/<id>.toml`, relative to the data directory.
    public static func trackerFile(id: String) -> String {
        trackersFolder + "/" + id + trackerExtension
    }

    /// The id of a tracker file path (`trackers/run.toml` → `run`); nil for any other path,
    /// including hidden files (`trackers/.x.toml`) and files in sub-folders.
    public static func trackerID(ofFile path: String) -> String? {
        let prefix = trackersFolder + "/"
        guard path.hasPrefix(prefix), path.hasSuffix(trackerExtension),
              path.utf8.count > prefix.utf8.count + trackerExtension.utf8.count
        else { return nil }
        let id = path.dropFirst(prefix.count).dropLast(trackerExtension.count)
        guard !id.contains("/"), !id.hasPrefix(".") else { return nil }
        return String(id)
    }

    /// Whether `path` is `habit.toml` or a tracker file.
    public static func isDataFile(_ path: String) -> Bool {
        path == settingsFile || trackerID(ofFile: path) != nil
    }

    /// Files habit itself keeps in the directory and git ignores (the lock, temporary files).
    public static func isPrivate(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasPrefix(".habit")
    }
}

/// Keys of a tracker file.
public enum TrackerKey: String, CaseIterable, Sendable {
    case name, category, kind, schedule, emoji, color, pinned, start, description, goal, log
    // MARK: numeric habits
    case unit, target
    case targetType = "target_type"
    // MARK: reminders
    case remind
    // MARK: archive
    case archived
    // MARK: quit habits, forgiven misses
    case quit, allow

    public var path: [String] { [rawValue] }
}

/// Keys of a day of the log written as an inline table: `{ amount = 12, note = "hot day" }`.
public enum LogKey: String, CaseIterable, Sendable {
    case done, skip, amount, note
    // MARK: quit habits
    case slip
}

/// Keys of habit.toml.
public enum SettingsKey: String, CaseIterable, Sendable {
    case categories
    case weekStartsOn = "week_starts_on"
    case dayStartsAt = "day_starts_at"
    case autocommit
    // MARK: vacations
    case vacation

    public var path: [String] { [rawValue] }
}

/// Keys of a `[[vacation]]` of habit.toml.
public enum VacationKey: String, CaseIterable, Sendable {
    case from, to
}

/// Values with a meaning in the files.
public enum FormatWord {
    public static let daily = "daily"
    public static let event = "event"
    public static let habit = "habit"
    public static let skip = "skip"
    public static let slip = "slip"
    // MARK: numeric habits
    public static let atLeast = Measure.Direction.atLeast.rawValue
    public static let atMost = Measure.Direction.atMost.rawValue
}
