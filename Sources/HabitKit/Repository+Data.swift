import Foundation
import HabitGit
import HabitStore

/// How habit's data directory relates to git.
public enum GitSetup {
    /// Files git must not track: the lock and temporary files of interrupted writes.
    static let ignore = """
        # Written by habit: the lock of concurrent commands, temporary files of interrupted writes, the load cache.
        .habit.lock
        .habit-tmp-*
        .habit-cache

        """

    /// Routes data files through habit's merge, also for a `git pull` made by hand.
    static let attributes = """
        habit.toml merge=habit
        trackers/*.toml merge=habit

        """

    /// Registers the merge driver in the repository's own config (git never clones config).
    static func registerMergeDriver(in repository: Repository) throws {
        try repository.setConfigValue("habit data files (three-way merge that keeps every completion)", forKey: "merge.habit.name")
        try repository.setConfigValue("habit merge-driver %O %A %B %P", forKey: "merge.habit.driver")
    }

    /// Writes `.gitignore` and `.gitattributes` when missing (a user's own versions are kept).
    static func writeSupportFiles(in directory: DataDirectory) throws {
        for (name, text) in [(".gitignore", ignore), (".gitattributes", attributes)] {
            let path = directory.path + "/" + name
            if !FileManager.default.fileExists(atPath: path) { try AtomicFile.write(Array(text.utf8), to: path) }
        }
    }

    /// The repository of the data directory itself, or nil when it is a plain directory (a data
    /// directory nested inside some other repository, such as `examples/` in a checkout, is plain).
    public static func repository(of directory: DataDirectory) -> Repository? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path + "/.git", isDirectory: &isDirectory) else { return nil }
        return try? Repository.open(at: directory.path)
    }
}
