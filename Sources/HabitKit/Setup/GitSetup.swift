import HabitGit
import HabitStore

/// How a data directory relates to git: the files git must ignore, the merge driver that merges
/// data files with habit's rules even for a `git pull` by hand.
enum GitSetup {
    static let ignore = """
        # Written by habit: temporary files of interrupted writes, and the lock older releases kept here.
        .habit-tmp-*
        .habit.lock

        """

    /// Routes data files through habit's merge, also for a `git pull` made by hand.
    static let attributes = """
        habit.toml merge=habit
        trackers/*.toml merge=habit

        """

    static let driverKey = "merge.habit.driver"
    static let driverCommand = MergeDriverConfig.driver

    /// Registers the merge driver in the repository's own config (git never clones config), and
    /// turns off git's rename detection for merges: a tracker's identity is its file, and a `git
    /// pull` that paired a deleted tracker with a new one would move marks between them.
    static func registerMergeDriver(in repository: Repository) throws {
        try repository.setConfigValue(MergeDriverConfig.name, forKey: "merge.habit.name")
        try repository.setConfigValue(driverCommand, forKey: driverKey)
        try repository.setConfigValue("false", forKey: "merge.renames")
    }

    /// The same, only when it is missing: the first change in a clone made by `git clone`.
    static func registerMergeDriverIfMissing(in repository: Repository) throws {
        if try repository.localConfigValue(forKey: driverKey) == nil || repository.localConfigValue(forKey: "merge.renames") == nil {
            try registerMergeDriver(in: repository)
        }
    }

    /// Writes `.gitignore` and `.gitattributes` when missing (a user's own versions are kept).
    /// Returns the paths written.
    @discardableResult
    static func writeSupportFiles(in directory: DataDirectory) throws -> [String] {
        var written: [String] = []
        for (name, text) in [(".gitignore", ignore), (".gitattributes", attributes)] where !directory.files.exists(name) {
            try directory.files.write(name, contents: Array(text.utf8))
            written.append(name)
        }
        return written
    }
}
