import HabitCore
import HabitStore

/// The one place where the store and git meet: reading the directory, and changing it under the
/// lock with one commit per change.
public struct Workspace: Sendable {
    public let directory: DataDirectory

    public init(directory: DataDirectory) {
        self.directory = directory
    }

    /// Loads the directory for reading; no lock is needed since every write is an atomic rename.
    /// - Parameter useCache: false reads every file in full (for `habit check`).
    public func read(useCache: Bool = true) throws(StoreError) -> Store {
        try Store.load(directory, useCache: useCache)
    }

    /// Runs `change` on a freshly loaded store while holding the directory lock, then commits
    /// what changed with `message` (when the directory is a git repository and autocommit is on).
    /// If `change` throws, nothing is committed. Temporary files that killed writers left behind
    /// are removed first (under the lock no other habit is writing).
    /// - Parameter preview: a store the caller loaded before (to validate its input); used instead
    ///   of loading again when, under the lock, no file has changed since it was read.
    public func modify<Result>(
        _ message: @autoclosure () -> String, reusing preview: Store? = nil, onWait: (String) -> Void = { _ in },
        _ change: (Store) throws -> Result
    ) throws -> Result {
        let lock = try DirectoryLock(directory: directory.path, description: "habit \(message())", onWait: onWait)
        defer { withExtendedLifetime(lock) {} }
        AtomicFile.sweepStaleTemporaryFiles(in: [directory.path, directory.trackersPath, directory.path + "/.git"])
        let store = try preview.flatMap { $0.isUnchangedOnDisk ? $0 : nil } ?? Store.load(directory)
        let result = try change(store)
        try History(directory: directory).record(message(), files: store.changedFiles, autocommit: store.settings.autocommit)
        return result
    }
}
