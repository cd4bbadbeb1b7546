import Foundation

/// Where the data lives: `--dir`, else `HABIT_DIR`, else `$XDG_DATA_HOME/habit`, else
/// `~/.local/share/habit`.
public struct DataDirectory: Hashable, Sendable {
    public static let settingsFileName = "habit.toml"
    public static let trackersFolderName = "trackers"

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
        let home = environment["HOME"] ?? NSHomeDirectory()
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return DataDirectory(path: xdg + "/habit") }
        return DataDirectory(path: home + "/.local/share/habit")
    }

    private static func absolute(_ path: String, environment: [String: String]) -> String {
        if path.hasPrefix("/") { return path }
        if path == "~" || path.hasPrefix("~/") { return (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst() }
        return FileManager.default.currentDirectoryPath + "/" + path
    }

    public var settingsPath: String { path + "/" + DataDirectory.settingsFileName }
    public var trackersPath: String { path + "/" + DataDirectory.trackersFolderName }

    public func trackerPath(id: String) -> String { trackersPath + "/" + id + ".toml" }

    /// The path as shown to the user in diagnostics: relative to the data directory.
    public static func trackerFile(id: String) -> String { "\(trackersFolderName)/\(id).toml" }

    public var isInitialized: Bool { FileManager.default.fileExists(atPath: settingsPath) }
}
