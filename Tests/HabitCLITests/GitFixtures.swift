import Foundation
import Testing
@testable import HabitCLI
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Several machines' data directories, a bare remote, and in-process `habit` for each.
final class SyncWorld {
    let root: String
    let remote: String

    init() throws {
        root = URL(fileURLWithPath: NSTemporaryDirectory() + "habit-sync-" + UUID().uuidString).resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        remote = root + "/remote.git"
        try GitCommandLine.run(["init", "-q", "--bare", "-b", "main", remote], in: root)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func directory(_ machine: String) -> String { root + "/" + machine }

    @discardableResult
    func habit(_ machine: String, _ arguments: [String], now: String = "2026-11-22T10:00", extra: [String: String] = [:],
               terminal: Bool = false) -> Harness.Outcome {
        let output = OutputStream.capture()
        let errors = OutputStream.capture()
        var environment = ["HABIT_DIR": directory(machine), "HABIT_NOW": now, "LANG": "en_US.UTF-8", "HOME": GitCommandLine.home]
        environment.merge(extra) { $1 }
        let context = Context(environment: environment, stdoutIsTerminal: terminal, stdinIsTerminal: false, output: output, errors: errors)
        let code = HabitCLI.run(arguments, context: context)
        return Harness.Outcome(code: code, out: output.captured, err: errors.captured)
    }

    /// The built `habit` binary in its own process, for the test hooks (docs/reliability.md) that
    /// read the process environment and for kills at every step.
    func binary(_ machine: String, _ arguments: [String], now: String = "2026-11-22T10:00",
                extra: [String: String] = [:]) throws -> ProcessOutcome {
        guard let habit = BuiltProduct.habit else { throw ChildProcess.Failed(description: "the habit binary is not built") }
        var environment = ["HABIT_DIR": directory(machine), "HABIT_NOW": now, "LANG": "en_US.UTF-8", "HOME": GitCommandLine.home,
                           "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        environment.merge(extra) { $1 }
        return try ChildProcess(habit, arguments, environment: environment, scratch: root).wait(timeout: 60)
    }

    func habit(_ machine: String, _ line: String, now: String = "2026-11-22T10:00") -> Harness.Outcome {
        habit(machine, Harness.split(line), now: now)
    }

    /// Runs commands on `machine`, in order, each of which must succeed.
    func succeed(_ machine: String, _ lines: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        for line in lines {
            let result = habit(machine, line)
            #expect(result.code == 0, "`habit \(line)` on \(machine) failed: \(result.err)", sourceLocation: sourceLocation)
        }
    }

    /// Runs a scenario across machines, each step `machine: command`, in order; every command
    /// must succeed.
    func steps(_ steps: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        for step in steps {
            let parts = step.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            succeed(parts[0], parts[1], sourceLocation: sourceLocation)
        }
    }

    func file(_ machine: String, _ path: String) -> String {
        (try? String(contentsOfFile: directory(machine) + "/" + path, encoding: .utf8)) ?? ""
    }

    func write(_ machine: String, _ path: String, _ text: String) throws {
        try text.write(toFile: directory(machine) + "/" + path, atomically: false, encoding: .utf8)
    }

    func git(_ machine: String, _ arguments: String...) throws -> String {
        try GitCommandLine.run(arguments, in: directory(machine))
    }

    /// Every file of a machine's working tree (not .git), for comparing machines.
    func tree(_ machine: String) -> [String: String] {
        var files: [String: String] = [:]
        let base = directory(machine)
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return files }
        while let path = enumerator.nextObject() as? String {
            if path.hasPrefix(".git/") || path == ".git" || path.hasPrefix(".habit") { continue }
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { files[path] = (try? String(contentsOfFile: base + "/" + path, encoding: .utf8)) ?? "<binary>" }
        }
        return files
    }
}

extension SyncWorld {
    /// Machine "a" starts a directory with Run (daily from 1 November) in `category` and pushes
    /// it; "b" clones it.
    func twoMachines(category: String = "Health", remote: String? = nil) throws {
        let remote = remote ?? self.remote
        #expect(habit("a", "init").code == 0)
        #expect(habit("a", ["category", "add", category]).code == 0)
        #expect(habit("a", ["add", "Run", "--category", category, "--daily", "--start", "2026-11-01"]).code == 0)
        #expect(habit("a", ["remote", "set", remote]).code == 0)
        let first = habit("a", "sync")
        #expect(first.code == 0, "\(first.err)")
        let clone = habit("b", ["init", "--remote", remote])
        #expect(clone.code == 0, "\(clone.err)")
    }

    /// Clean git status, `git fsck --strict` and `habit check` on each machine.
    func expectHealthy(_ machines: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for machine in machines {
            #expect(try git(machine, "status", "--porcelain") == "", "\(machine) is clean", sourceLocation: sourceLocation)
            _ = try git(machine, "fsck", "--strict")
            let check = habit(machine, "check")
            #expect(check.code == 0, "\(machine): \(check.out)", sourceLocation: sourceLocation)
        }
    }
}
