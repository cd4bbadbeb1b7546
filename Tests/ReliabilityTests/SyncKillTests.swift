import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `habit sync` killed at each successive step of a merge, in turn: every file is left either
/// old or new, and the next sync finishes the work with nothing lost (docs/reliability.md).
///
/// Two ways to choose the moment: habit's own failpoints (`HABIT_TEST_KILL_AT=N`, every step that
/// writes or commits), and, where strace exists, a SIGKILL injected at the N-th call of each
/// system call that changes a file (`strace -e inject=…:when=N`), which reaches inside libgit2.
/// `HABIT_KILL_ALL=1` tries every N of every system call; by default writes are sampled.
@Suite("Sync killed at every step", .serialized)
struct SyncKillTests {
    /// Machine B holds a mark, a new tracker and a hand edit that A has not seen, and A pushed a
    /// mark and an edit that B has not seen: B's sync commits the hand edit, merges, writes three
    /// files, moves its branch and pushes.
    final class Scenario {
        let scratch: ScratchDirectory
        let remote: String
        let a: HabitDirectory
        let b: HabitDirectory
        let saved: String
        /// B's files after an uninterrupted sync.
        var after: [String: [UInt8]] = [:]
        var before: [String: [UInt8]] = [:]

        init() throws {
            scratch = try ScratchDirectory("synckill")
            remote = scratch.sub("remote.git")
            saved = scratch.sub("saved")
            try GitCommandLine.run(["init", "-q", "--bare", "-b", "main", remote], in: scratch.path)
            a = try HabitDirectory(label: "killa")
            for arguments in [["category", "add", "H"], ["add", "Run", "--category", "H", "--daily", "--start", "2026-11-01"],
                              ["add", "Swim", "--category", "H", "--days", "mon,thu", "--start", "2026-11-01"],
                              ["remote", "set", remote], ["sync"]] {
                try Self.expect(a.run(arguments), arguments)
            }
            b = try HabitDirectory(label: "killb", initArguments: ["init", "--remote", remote])
            for arguments in [["done", "run", "--date", "2026-11-20"], ["edit", "swim", "--emoji", "🏊"], ["sync"]] {
                try Self.expect(a.run(arguments), arguments)
            }
            for arguments in [["done", "run", "--date", "2026-11-21"], ["add", "Read", "--category", "H", "--daily", "--start", "2026-11-01"],
                              ["done", "read", "--date", "2026-11-19"]] {
                try Self.expect(b.run(arguments), arguments)
            }
            try b.write("trackers/run.toml", "# kept by hand\n" + b.text("trackers/run.toml"))
            try FileManager.default.createDirectory(atPath: saved, withIntermediateDirectories: true)
            try Self.copy(b.path, to: saved + "/b", scratch: scratch.path)
            try Self.copy(remote, to: saved + "/remote.git", scratch: scratch.path)
            before = Self.dataFiles(b)
            try Self.expect(b.run(["sync"]), ["sync"])
            after = Self.dataFiles(b)
        }

        static func expect(_ outcome: ProcessOutcome, _ arguments: [String]) throws {
            guard outcome.succeeded else { throw Failure("habit \(arguments.joined(separator: " ")): \(outcome.all)") }
        }

        static func copy(_ from: String, to: String, scratch: String) throws {
            try? FileManager.default.removeItem(atPath: to)
            let outcome = try ChildProcess("/bin/cp", ["-a", from, to], environment: [:], scratch: scratch).wait()
            guard outcome.succeeded else { throw Failure("cp: \(outcome.all)") }
        }

        /// Puts B and the remote back as they were before B's sync.
        func restore() throws {
            try Self.copy(saved + "/b", to: b.path, scratch: scratch.path)
            try Self.copy(saved + "/remote.git", to: remote, scratch: scratch.path)
        }

        static func dataFiles(_ directory: HabitDirectory) -> [String: [UInt8]] {
            directory.snapshot().filter { !$0.key.hasPrefix(".habit-tmp-") && !$0.key.contains("/.habit-tmp-") }
        }

        /// What must hold after a kill (each file old or new), and after the next sync (everything new).
        func problemsAfterKill(_ label: String) throws -> [String] {
            var problems: [String] = []
            let now = Self.dataFiles(b)
            for path in Set(now.keys).union(before.keys).union(after.keys).sorted() where now[path] != before[path] && now[path] != after[path] {
                problems.append("\(label): \(path) is neither old nor new: \(String(decoding: now[path] ?? [], as: UTF8.self))")
            }
            // Before anything else runs, status tells the truth: an interrupted step is not a hand edit.
            let interrupted = !(try b.git(["config", "--get", "habit.advance"], allowFailure: true)).isEmpty
            let status = b.run(["status"])
            if interrupted, !status.out.contains("A change was interrupted") || status.out.contains("Edited by hand") {
                problems.append("\(label): habit status after the kill does not say the change was interrupted:\n\(status.out)")
            }
            let next = b.run(["sync"])
            if !next.succeeded { problems.append("\(label): the next sync failed: \(next.all)") }
            if Self.dataFiles(b) != after { problems.append("\(label): after the next sync the files differ from an uninterrupted sync") }
            if !b.temporaryFiles().isEmpty { problems.append("\(label): temporary files left: \(b.temporaryFiles())") }
            let porcelain = try b.git(["status", "--porcelain"])
            if !porcelain.isEmpty { problems.append("\(label): git status: \(porcelain)") }
            let check = b.run(["check"])
            if !check.succeeded { problems.append("\(label): habit check: \(check.all)") }
            for repository in [b.path, remote] {
                let fsck = try ChildProcess("/usr/bin/git", ["--git-dir", repository.hasSuffix(".git") ? repository : repository + "/.git",
                                                             "fsck", "--strict", "--no-progress"],
                                            environment: b.environment, scratch: scratch.path).wait()
                if !fsck.succeeded { problems.append("\(label): git fsck in \(repository): \(fsck.all)") }
            }
            let pushed = try GitCommandLine.run(["--git-dir", remote, "show", "main:trackers/run.toml"], in: scratch.path)
            if !pushed.contains("2026-11-20 = true") || !pushed.contains("2026-11-21 = true") {
                problems.append("\(label): the remote lacks a mark:\n\(pushed)")
            }
            return problems
        }
    }

    @Test("killed at each of habit's own steps (HABIT_TEST_KILL_AT=1, 2, …)")
    func killedAtEveryFailpoint() throws {
        let scenario = try Scenario()
        var problems: [String] = []
        var step = 1
        while step < 200 {
            try scenario.restore()
            let outcome = scenario.b.run(["sync"], environment: ["HABIT_TEST_KILL_AT": "\(step)"])
            if outcome.signal == nil {
                #expect(outcome.succeeded, "with no kill the sync succeeds: \(outcome.all)")
                break
            }
            problems += try scenario.problemsAfterKill("kill at step \(step)")
            step += 1
        }
        #expect(step > 8, "the scenario passes through every kind of step")
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
        figure("sync kills at habit's failpoints: \(step - 1) steps, each killed once, all recovered by the next sync")
    }

    static let strace: String? = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("killed at the N-th call of each system call that changes a file (strace)",
          .enabled(if: strace != nil, "strace is not installed"),
          arguments: ["rename,renameat,renameat2", "fsync,fdatasync", "unlink,unlinkat", "write,pwrite64", "ftruncate,truncate"])
    func killedInsideSystemCalls(_ calls: String) throws {
        let scenario = try Scenario()
        let everyCall = ProcessInfo.processInfo.environment["HABIT_KILL_ALL"] == "1"
        var problems: [String] = []
        var call = 1
        var kills = 0
        while call < 5000 {
            try scenario.restore()
            let outcome = scenario.b.run([
                "-f", "-qq", "-o", "/dev/null", "-e", "trace=\(calls)", "-e", "inject=\(calls):signal=SIGKILL:when=\(call)",
                BuiltProduct.habit!, "sync",
            ], executable: Self.strace!)
            if outcome.signal == nil && !outcome.err.contains("+++ killed by SIGKILL") && !outcome.status.isKilled {
                #expect(outcome.succeeded, "with no kill the sync succeeds: \(outcome.all)")
                break
            }
            kills += 1
            problems += try scenario.problemsAfterKill("\(calls) #\(call)")
            // Writes are many (libgit2 writes objects a few bytes at a time): by default every
            // one of the first ten, then every seventh.
            call += everyCall || call < 10 || !calls.hasPrefix("write") ? 1 : 7
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
        figure("sync kills inside \(calls): \(kills) kills, all recovered by the next sync")
    }
}

private extension Int32 {
    /// strace exits with the tracee's signal number + 128 when the tracee was killed.
    var isKilled: Bool { self == 128 + SIGKILL }
}
