import Foundation
import HabitGit
import HabitStore

/// Records changes of the data directory in git: one commit per command, of the files it wrote.
///
/// Only the command's own files are committed, so a half-finished hand edit elsewhere in the
/// directory never rides along unvalidated (`habit commit` and `habit sync` take those, after
/// checking them).
///
/// A `habit` killed in the middle of a commit can leave git's lock files (`.git/index.lock`,
/// `.git/refs/heads/main.lock`, …) behind, and libgit2 then refuses every later commit. The caller
/// holds habit's own directory lock, so no other habit is committing: a git lock that stays put for
/// `staleGitLockAge` seconds belongs to a dead process (or to a git command run by hand that is
/// stuck), is removed, and the commit is tried once more (docs/reliability.md).
struct History {
    let directory: DataDirectory

    /// How old a git lock file must be before habit, holding its own lock, treats it as abandoned.
    static let staleGitLockAge: TimeInterval = 1.5

    func record(_ message: String, files: Set<String>, autocommit: Bool) throws {
        guard autocommit, !files.isEmpty, let repository = GitSetup.repository(of: directory) else { return }
        do {
            try repository.commit(message: message, paths: files.sorted())
        } catch let error as GitError where error.kind == .locked || History.mentionsLock(error) {
            guard History.removeStaleGitLocks(gitDirectory: repository.gitDirectory) else { throw error }
            // A fresh handle: the failed attempt may have left state cached in the old one.
            guard let again = GitSetup.repository(of: directory) else { throw error }
            try again.commit(message: message, paths: files.sorted())
        }
    }

    static func mentionsLock(_ error: GitError) -> Bool {
        (error.detail ?? "").contains(".lock")
    }

    /// Waits until every git lock file is at least `staleGitLockAge` old (a live git finishing in the
    /// meantime removes its own), then removes those that remain. Returns whether any was removed.
    static func removeStaleGitLocks(gitDirectory: String, now: () -> Date = Date.init) -> Bool {
        let deadline = now().addingTimeInterval(staleGitLockAge + 0.5)
        while true {
            let locks = gitLockFiles(in: gitDirectory)
            if locks.isEmpty { return true }  // the holder finished: retrying is right
            let youngest = locks.compactMap { modificationDate(of: $0) }.max() ?? .distantPast
            if now().timeIntervalSince(youngest) >= staleGitLockAge || now() >= deadline {
                for lock in locks { unlink(lock) }
                return true
            }
            usleep(50_000)
        }
    }

    /// `*.lock` files directly in the git directory and under `refs/`.
    static func gitLockFiles(in gitDirectory: String) -> [String] {
        let base = gitDirectory.hasSuffix("/") ? String(gitDirectory.dropLast()) : gitDirectory
        var found: [String] = []
        let fileManager = FileManager.default
        for name in (try? fileManager.contentsOfDirectory(atPath: base)) ?? [] where name.hasSuffix(".lock") {
            found.append(base + "/" + name)
        }
        if let walker = fileManager.enumerator(atPath: base + "/refs") {
            for case let relative as String in walker where relative.hasSuffix(".lock") {
                found.append(base + "/refs/" + relative)
            }
        }
        return found
    }

    private static func modificationDate(of path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
