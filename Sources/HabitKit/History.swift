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
/// `.git/refs/heads/main.lock`, …) behind, after which libgit2 refuses every commit. The caller
/// holds habit's directory lock, so no other habit is committing meanwhile; two rules follow
/// (docs/reliability.md):
/// - a marker file written around each commit tells the next writer that the previous habit commit
///   never finished: the git locks it finds are that commit's and are removed at once;
/// - a git lock without the marker may be a `git` the user runs by hand: once it has stayed put for
///   `staleGitLockAge` seconds it is treated as abandoned, removed, and the commit is tried once more.
struct History {
    let directory: DataDirectory

    /// How old a foreign git lock file must be before habit, holding its own lock, removes it.
    static let staleGitLockAge: TimeInterval = 1.5
    static let markerName = "habit-commit-in-progress"

    func record(_ message: String, files: Set<String>, autocommit: Bool) throws {
        guard autocommit, !files.isEmpty, let repository = GitSetup.repository(of: directory) else { return }
        try commit(message, paths: files.sorted(), in: repository)
    }

    /// Commits `paths`, recovering from git locks a killed habit left behind. The caller holds the
    /// directory lock.
    func commit(_ message: String, paths: [String], in repository: Repository) throws {
        let gitDirectory = History.trimmed(repository.gitDirectory)
        let marker = gitDirectory + "/" + History.markerName
        if FileManager.default.fileExists(atPath: marker) {
            // The previous habit commit was killed; whatever git locks exist are its own.
            for lock in History.gitLockFiles(in: gitDirectory) { unlink(lock) }
        }
        FileManager.default.createFile(atPath: marker, contents: Data("pid \(getpid())\n".utf8))
        defer { unlink(marker) }  // also when the commit fails: only a killed habit leaves it
        do {
            try repository.commit(message: message, paths: paths)
        } catch let error as GitError where error.kind == .locked || History.mentionsLock(error) {
            History.removeStaleGitLocks(gitDirectory: gitDirectory)
            // A fresh handle: the failed attempt may have left state cached in the old one.
            guard let again = GitSetup.repository(of: directory) else { throw error }
            try again.commit(message: message, paths: paths)
        }
    }

    static func mentionsLock(_ error: GitError) -> Bool {
        (error.detail ?? "").contains(".lock")
    }

    /// Waits until every git lock file is at least `staleGitLockAge` old (a live git finishing in the
    /// meantime removes its own), then removes those that remain.
    static func removeStaleGitLocks(gitDirectory: String) {
        let deadline = Date().addingTimeInterval(staleGitLockAge + 0.5)
        while true {
            let locks = gitLockFiles(in: gitDirectory)
            if locks.isEmpty { return }
            let youngest = locks.compactMap { modificationDate(of: $0) }.max() ?? .distantPast
            if Date().timeIntervalSince(youngest) >= staleGitLockAge || Date() >= deadline {
                for lock in locks { unlink(lock) }
                return
            }
            usleep(50_000)
        }
    }

    /// `*.lock` files directly in the git directory and under `refs/`.
    static func gitLockFiles(in gitDirectory: String) -> [String] {
        var found: [String] = []
        let fileManager = FileManager.default
        for name in (try? fileManager.contentsOfDirectory(atPath: gitDirectory)) ?? [] where name.hasSuffix(".lock") {
            found.append(gitDirectory + "/" + name)
        }
        if let walker = fileManager.enumerator(atPath: gitDirectory + "/refs") {
            for case let relative as String in walker where relative.hasSuffix(".lock") {
                found.append(gitDirectory + "/refs/" + relative)
            }
        }
        return found
    }

    private static func trimmed(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    private static func modificationDate(of path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
