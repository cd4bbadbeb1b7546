import HabitGit

/// git operations that a stale lock file would block forever: the lock is removed when its owner
/// is gone (see `GitLocks`) and the operation tried once more; a lock a live process holds is
/// reported with that process.
enum GitLockRecovery {
    static func retrying<Result>(_ repository: any BranchHistory, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as GitError where error.kind == .locked || (error.detail ?? "").contains(".lock") {
            let held = GitLocks.recoverStale(in: repository.gitDirectoryPath)
            if !held.isEmpty { throw HabitError.gitLocked(held.map { HeldLock(path: $0.path, holders: $0.holders) }) }
            return try body()
        }
    }

    /// Removes stale locks before a step that writes git's files (cheap when there are none).
    static func sweep(_ repository: any BranchHistory) {
        let directory = repository.gitDirectoryPath
        if !GitLocks.find(in: directory).isEmpty { GitLocks.recoverStale(in: directory, maximumWait: 0) }
    }
}
