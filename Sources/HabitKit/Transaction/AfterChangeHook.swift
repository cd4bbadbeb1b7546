#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HabitCore
import HabitStore
import HabitInterchange
import HabitSystem

/// The user's `after-change` program (docs/hooks.md): run after every committed change with one
/// JSON document on its standard input. It is looked for only in the XDG config directory, never in
/// the data directory, which anyone with push access to the remote can change.
public struct AfterChangeHook: Sendable {
    /// Seconds a hook may take before it is killed; the change is committed long before.
    public static let defaultTimeoutSeconds = 5.0

    public let path: String
    public var timeoutSeconds: Double
    /// The environment the hook runs in (habit's own).
    public let environment: [String: String]

    public init(path: String, timeoutSeconds: Double = AfterChangeHook.defaultTimeoutSeconds, environment: [String: String]) {
        self.path = path
        self.timeoutSeconds = timeoutSeconds
        self.environment = environment
    }

    /// `$XDG_CONFIG_HOME/habit/hooks/after-change`, else `~/.config/habit/hooks/after-change`,
    /// when something is there; `HABIT_HOOK_TIMEOUT` (seconds) overrides the bound. Nil without a
    /// home, or when no such file exists.
    public static func locate(environment: [String: String]) -> AfterChangeHook? {
        let base: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = home + "/.config"
        } else {
            return nil
        }
        let path = base + "/habit/hooks/after-change"
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        var timeout = defaultTimeoutSeconds
        if let text = environment["HABIT_HOOK_TIMEOUT"], let seconds = Double(text), seconds > 0, seconds.isFinite { timeout = seconds }
        return AfterChangeHook(path: path, timeoutSeconds: timeout, environment: environment)
    }
}

/// Why a hook did not do its work; the change it followed stands (docs/hooks.md).
public enum HookProblem: Equatable, Sendable {
    /// The file is there but not an executable regular file.
    case notExecutable(path: String)
    /// The hook lies inside the data directory (an `XDG_CONFIG_HOME` pointing there): not run.
    case insideDataDirectory(path: String)
    /// It exited with a status other than 0, or was ended by a signal (status nil); `said` is the
    /// last line of what it wrote to standard error.
    case failed(path: String, status: Int32?, said: String)
    /// It was still running after the bound and was killed.
    case timedOut(path: String, seconds: Double)
}

/// What one committed change did, as the hook reads it.
public struct ChangeRecord: Equatable, Sendable {
    /// The kind of change: the commit message's verb (`done`, `skip`, `undone`, `add`, `edit`,
    /// `rm`, `category add`…).
    public var change: String
    /// The commit message.
    public var summary: String
    /// Changed trackers: id and name (nil for a removed one), in id order.
    public var trackers: [(id: String, name: String?)]
    /// Days whose line or note changed in those trackers, oldest first.
    public var days: [CivilDate]
    /// Files written or removed, relative to the data directory.
    public var files: [String]
    /// The commit, nil when the directory keeps no history (or autocommit is off).
    public var commit: String?

    public static func == (lhs: ChangeRecord, rhs: ChangeRecord) -> Bool {
        lhs.json == rhs.json
    }

    /// The document on the hook's standard input (docs/hooks.md).
    public func json(directory: String = "") -> JSON {
        .object([
            ("version", .int(1)),
            ("change", .string(change)),
            ("summary", .string(summary)),
            ("trackers", .array(trackers.map { .object([("id", .string($0.id)), ("name", $0.name.map(JSON.string) ?? .null)]) })),
            ("days", .array(days.map { .string($0.description) })),
            ("files", .array(files.map(JSON.string))),
            ("commit", commit.map(JSON.string) ?? .null),
            ("directory", .string(directory)),
        ])
    }

    var json: String { json().rendered() }

    /// The record of a change from the trackers before it, the store after it, and its commit.
    static func of(message: String, before: [String: Tracker], after: Journal, files: [String], commit: String?) -> ChangeRecord {
        let verb = message.split(separator: ":", maxSplits: 1).first.map(String.init) ?? message
        var trackers: [(id: String, name: String?)] = []
        var days = Set<CivilDate>()
        let prefix = DataFormat.trackersFolder + "/"
        for file in files where file.hasPrefix(prefix) && file.hasSuffix(".toml") {
            let id = String(file.dropFirst(prefix.count).dropLast(5))
            let old = before[id]
            let new = after.tracker(id: id)
            trackers.append((id, new?.name ?? old?.name))
            let oldLog = old?.log ?? CompletionLog()
            let newLog = new?.log ?? CompletionLog()
            guard oldLog != newLog else { continue }
            for entry in oldLog.entries where newLog.entry(on: entry.day) != entry { days.insert(entry.day) }
            for entry in newLog.entries where oldLog.entry(on: entry.day) != entry { days.insert(entry.day) }
            for (day, note) in oldLog.notes where newLog.note(on: day) != note { days.insert(day) }
            for (day, note) in newLog.notes where oldLog.note(on: day) != note { days.insert(day) }
        }
        return ChangeRecord(change: verb, summary: message, trackers: trackers.sorted { $0.id < $1.id }, days: days.sorted(),
                            files: files.sorted(), commit: commit)
    }
}

extension AfterChangeHook {
    /// Runs the hook with `record` on its standard input, waiting at most `timeoutSeconds`; nil
    /// when it ran and exited 0.
    func run(_ record: ChangeRecord, dataDirectory: String) -> HookProblem? {
        // Links resolved on both sides: a link in the config directory to a file of the data directory
        // is the data directory's file.
        let hook = Self.resolved(path), data = Self.resolved(dataDirectory)
        if hook == data || hook.hasPrefix(data.hasSuffix("/") ? data : data + "/") {
            return .insideDataDirectory(path: path)
        }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(path, X_OK) == 0 else {
            return .notExecutable(path: path)
        }
        var environment = self.environment
        environment["HABIT_HOOK"] = "after-change"
        // Run what was checked, not a link that could be changed meanwhile.
        let path = hook
        let input = Array(record.json(directory: dataDirectory).rendered().utf8)
        let outcome = Subprocess.run(path, [], environment: environment, input: input, timeoutSeconds: timeoutSeconds)
        if outcome.timedOut { return .timedOut(path: self.path, seconds: timeoutSeconds) }
        guard outcome.succeeded else {
            let said = outcome.errors.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
            return .failed(path: self.path, status: outcome.status, said: said)
        }
        return nil
    }

    /// `path` with every link resolved, or as given when it cannot be.
    static func resolved(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard realpath(path, &buffer) != nil else { return path }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
