import HabitCore
import HabitGit
import HabitStore

/// The use cases of habit over one data directory. Every change is one operation that takes the
/// directory lock, finishes whatever a killed habit left half done, loads, checks every rule,
/// writes the changed files and commits them as one step; reads take no lock.
public struct Habits: Sendable {
    public let directory: DataDirectory
    /// Where the load cache lives (nil: no cache).
    public let cache: LoadCache.Location?
    /// Told once, with the holder's description, when another habit holds the directory.
    public let onWait: @Sendable (String) -> Void
    /// Seconds since the epoch, for commits and the records of syncs.
    public let clock: @Sendable () -> Double
    /// The local time zone's offset from UTC in minutes, for commit times.
    public let utcOffsetMinutes: Int
    /// Told the distinct reminder times of all trackers after a change altered them, so that an
    /// installed reminder timer can follow (nil: nobody listens).
    public var onReminderTimesChanged: (@Sendable ([ReminderTime]) -> Void)? = nil
    /// Seconds a change waits for another process's lock before it is refused as busy: long for a
    /// command, a moment for `habit ui`, which says so and tries again rather than freeze.
    public var lockTimeout: Double = 30
    /// `$XDG_STATE_HOME/habit`: where the lock of a directory without git lives (a repository's
    /// is in its git directory).
    public var stateFolder: String
    /// The user's `after-change` hook, run after every committed change (nil: none).
    public var afterChange: AfterChangeHook? = nil
    /// Told when the hook failed, was not executable or ran past its bound; the change stands.
    public var onHookProblem: (@Sendable (HookProblem) -> Void)? = nil
    /// The last answer of `syncState()`, shared by the copies of this value.
    let syncStates = SyncStates()

    public init(directory: DataDirectory, cache: LoadCache.Location?, onWait: @escaping @Sendable (String) -> Void = { _ in },
                clock: @escaping @Sendable () -> Double, utcOffsetMinutes: Int = 0, stateFolder: String? = nil) {
        self.directory = directory
        self.stateFolder = stateFolder ?? DataDirectory.stateFolder([:])
        self.cache = cache
        self.onWait = onWait
        self.clock = clock
        self.utcOffsetMinutes = utcOffsetMinutes
    }

    /// Registers habit's merge driver in a clone that lacks it (made by `git clone`, which never
    /// copies config), so that a `git pull` by hand after any first command, even `habit list`,
    /// merges data files with habit's rules. Reads `.git/config` without libgit2 and writes only
    /// when something is missing; a config that cannot be written is left for the next command.
    public func registerMergeDriverIfMissing() {
        MergeDriverConfig.registerIfMissing(workingDirectory: directory.path)
    }

    /// Loads the directory for reading; no lock is needed since every write is an atomic rename.
    /// - Parameter useCache: false reads every byte (for `habit check`).
    public func read(useCache: Bool = true) throws(HabitError) -> Store {
        do {
            return try Store.load(from: directory.files, cache: useCache ? cache : nil)
        } catch {
            throw ErrorTranslation.translate(error)
        }
    }

    /// Runs `body`, turning every lower-layer error into a `HabitError`.
    func translating<Result>(remoteURL: String? = nil, _ body: () throws -> Result) throws(HabitError) -> Result {
        do {
            return try body()
        } catch {
            if let error = ErrorTranslation.translate(error, remoteURL: remoteURL) as? HabitError { throw error }
            throw HabitError.git(detail: "\(error)")
        }
    }

    /// Takes the directory lock for the rest of the caller's scope.
    func lock(_ description: String) throws -> DirectoryLock {
        try DirectoryLock(directory: directory, stateFolder: stateFolder, timeout: lockTimeout, description: description, onWait: onWait)
    }

    /// The repository of the data directory itself, or nil when it is a plain directory (a data
    /// directory nested inside some other repository, such as `examples/` in a checkout, is plain).
    func repository() throws -> Repository? {
        guard directory.files.exists(".git") else { return nil }
        let repository = try Repository.open(at: directory.path)
        repository.commitTime = GitTime(secondsSinceEpoch: Int64(clock()), offsetMinutes: Int32(utcOffsetMinutes))
        return repository
    }

    /// Commits made outside `repository()` (init, clone) carry the same clock.
    func stamped(_ repository: Repository) -> Repository {
        repository.commitTime = GitTime(secondsSinceEpoch: Int64(clock()), offsetMinutes: Int32(utcOffsetMinutes))
        return repository
    }
}
