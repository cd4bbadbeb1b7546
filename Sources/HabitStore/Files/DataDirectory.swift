#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HabitSystem

/// Where the data lives: `--dir`, else `HABIT_DIR`, else `$XDG_DATA_HOME/habit`, else
/// `~/.local/share/habit`.
public struct DataDirectory: Hashable, Sendable {
    public let path: String

    public init(path: String) {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        self.path = path
    }

    public static func resolve(explicit: String?, environment: [String: String]) -> DataDirectory {
        if let explicit, !explicit.isEmpty { return DataDirectory(path: absolute(explicit, environment: environment)) }
        if let fromEnvironment = environment["HABIT_DIR"], !fromEnvironment.isEmpty {
            return DataDirectory(path: absolute(fromEnvironment, environment: environment))
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return DataDirectory(path: xdg + "/habit") }
        return DataDirectory(path: home(environment) + "/.local/share/habit")
    }

    /// `$XDG_STATE_HOME/habit`, else `~/.local/state/habit`: machine state (locks, timers, the
    /// reminders installed), never in the data directory.
    public static func stateFolder(_ environment: [String: String]) -> String {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg + "/habit" }
        return home(environment) + "/.local/state/habit"
    }

    /// `$HOME`, else the account's home from the password database.
    public static func home(_ environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir { return String(cString: directory) }
        return "/"
    }

    private static func absolute(_ path: String, environment: [String: String]) -> String {
        if path.hasPrefix("/") { return path }
        if path == "~" || path.hasPrefix("~/") { return home(environment) + path.dropFirst() }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let current = getcwd(&buffer, buffer.count).map { String(cString: $0) } ?? "."
        return (current == "/" ? "" : current) + "/" + path
    }

    /// Access to the files below this directory that never leaves it.
    public var files: SafeDirectory { SafeDirectory(root: path) }

    public var isInitialized: Bool { files.exists(DataFormat.settingsFile) }

    /// The directory with every link and `..` resolved (the path as given when it cannot be).
    public var realPath: String {
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard realpath(path, &resolved) != nil else { return path }
        return String(decoding: resolved.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A file name for machine state kept about this directory outside it (its cache, its lock):
    /// 16 hex digits of an FNV-1a hash of `realPath`, so every way of naming one directory finds
    /// the same file.
    public static func key(ofRealPath real: String) -> String {
        FNV1a.hex(real.utf8)
    }
}
