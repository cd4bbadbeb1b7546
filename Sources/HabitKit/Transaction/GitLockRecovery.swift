import HabitGit
#if canImport(Glibc)
import Glibc
#endif

/// git operations that a stale lock file would block forever: the lock is removed when its owner
/// is gone (see `GitLocks`) and the operation tried once more; a lock a live process may own is
/// never removed, and is reported with that process.
enum GitLockRecovery {
    static func retrying<Result>(_ repository: Repository, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as GitError where isLock(error) {
            let held = GitLocks.recoverStale(in: repository.gitDirectoryPath)
            if !held.isEmpty { throw refusal(held) }
            return try body()
        }
    }

    /// As `retrying`, but a lock another git holds is waited for, up to `patience` seconds (a
    /// `git commit` beside habit holds the index's lock for a moment at a time).
    static func waiting<Result>(_ repository: Repository, patience: Double = 5, _ body: () throws -> Result) throws -> Result {
        var waited = 0.0
        while true {
            do {
                return try body()
            } catch let error as GitError where isLock(error) {
                let held = GitLocks.recoverStale(in: repository.gitDirectoryPath, maximumWait: 0)
                if waited >= patience { throw held.isEmpty ? error : refusal(held) }
                if !held.isEmpty { usleep(20_000) }
                waited += 0.02
            }
        }
    }

    /// Takes the index's lock for a change (`IndexLock`), once no git is about to commit in the
    /// repository: a `git commit` whose editor is open moves the branch only if it has not moved
    /// since it began, so a change made meanwhile would make it fail. Waits up to `patience`
    /// seconds for such a git, or for a lock another git holds.
    static func lockIndex(_ repository: Repository, patience: Double = 5) throws -> IndexLock {
        var waited = 0.0
        while case let gits = GitLocks.committingGits(in: repository.gitDirectoryPath), !gits.isEmpty {
            guard waited < patience else { throw HabitError.gitCommitting(holders: gits) }
            usleep(50_000)
            waited += 0.05
        }
        return try waiting(repository, patience: patience) { try IndexLock(repository) }
    }

    static func isLock(_ error: GitError) -> Bool {
        error.kind == .locked || (error.detail ?? "").contains(".lock")
    }

    static func refusal(_ held: [GitLocks.Held]) -> HabitError {
        .gitLocked(held.map { HeldLock(path: $0.path, holders: $0.holders) })
    }

    /// Removes stale locks before a step that writes git's files (cheap when there are none).
    static func sweep(_ repository: Repository) {
        let directory = repository.gitDirectoryPath
        if !GitLocks.find(in: directory).isEmpty { GitLocks.recoverStale(in: directory, maximumWait: 0) }
    }
}
