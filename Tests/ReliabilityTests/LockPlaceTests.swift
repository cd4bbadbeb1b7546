import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Issue 40: the writers' lock lives outside the data (in `.git/`, or the XDG state directory), so
/// a repository `habit init` did not make stays clean for `git status`, and a lock an older release
/// took in the data directory is still honoured.
@Suite(.serialized) struct LockPlaceTests {
    @Test("a repository made with the git CLI: after list and done, git status shows nothing, not even ignored files")
    func repositoryMadeWithGit() throws {
        let directory = try HabitDirectory(label: "lockgit", initArguments: ["init", "--no-git"])
        #expect(directory.run(["category", "add", "Health"]).succeeded)
        #expect(directory.run(["add", "Run", "--category", "Health", "--daily", "--start", "2026-11-01"]).succeeded)
        try directory.git(["init", "-q", "-b", "main"])
        try directory.git(["add", "-A"])
        try directory.git(["commit", "-q", "-m", "my trackers"])
        #expect(try directory.git(["status", "--porcelain", "--ignored"]).isEmpty)

        #expect(directory.run(["list"]).succeeded)
        let done = directory.run(["done", "run"])
        #expect(done.succeeded, "\(done.all)")
        #expect(try directory.git(["status", "--porcelain", "--ignored"]).isEmpty, "the lock or a temporary file was left in the worktree")
        #expect(try directory.git(["log", "-1", "--format=%s"]).contains("done: Run"))
        #expect(FileManager.default.fileExists(atPath: directory.path + "/.git/habit-lock"))
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/.habit.lock"))
    }

    @Test("a directory without git locks in the XDG state directory, keyed by the directory")
    func plainDirectory() throws {
        let directory = try HabitDirectory(git: false, label: "lockplain")
        #expect(directory.run(["category", "add", "Health"]).succeeded)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/.habit.lock"))
        let state = directory.environment["HOME"]! + "/.local/state/habit/locks"
        let locks = try FileManager.default.contentsOfDirectory(atPath: state)
        #expect(locks.count == 1 && locks[0].hasSuffix(".lock"), "\(locks)")
        // Another name for the same directory finds the same lock.
        let link = directory.scratch.sub("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory.path)
        #expect(directory.run(["--dir", link, "category", "add", "Study"]).succeeded)
        #expect(try FileManager.default.contentsOfDirectory(atPath: state) == locks)
    }

    @Test("a lock an older release holds on .habit.lock makes a new habit wait, and a new habit never creates that file",
          arguments: [true, false])
    func olderReleaseLockIsHonoured(git: Bool) throws {
        let directory = try HabitDirectory(git: git, label: "lockold")
        #expect(directory.run(["category", "add", "Health"]).succeeded)
        #expect(directory.run(["add", "Run", "--category", "Health", "--daily", "--start", "2026-11-01"]).succeeded)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/.habit.lock"))
        // An older habit: flock on .habit.lock in the data directory, with its holder's text.
        try directory.write(".habit.lock", "pid 4242: habit sync\n")
        let holder = try ChildProcess("/usr/bin/flock", [directory.path + "/.habit.lock", "sleep", "2"],
                                      environment: directory.environment, scratch: directory.scratch.path)
        usleep(300_000)
        let done = directory.run(["done", "run"])
        _ = holder.wait()
        #expect(done.succeeded, "\(done.all)")
        #expect(done.err.contains("held by pid 4242: habit sync"), "the new habit did not wait for the old lock: \(done.err)")
    }
}
