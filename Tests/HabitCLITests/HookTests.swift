import Foundation
import Testing
import TestSupport
@testable import HabitCLI
#if canImport(Glibc)
import Glibc
#endif

/// The `after-change` hook (docs/hooks.md): run after every committed change with a JSON document
/// on its standard input, from the config directory only, bounded in time, and never undoing the change.
@Suite struct HookTests {
    /// A data directory with history, and the hook's path in `$HOME/.config`.
    static func world() throws -> (Harness, String) {
        let habit = try Harness(examples: false)
        #expect(habit.run(["init"]).code == 0)
        #expect(habit.run(["category", "add", "Study"]).code == 0)
        #expect(habit.run(["add", "Read", "--category", "Study", "--daily", "--start", "2026-11-01"]).code == 0)
        return (habit, habit.root.path + "/.config/habit/hooks/after-change")
    }

    static func head(_ habit: Harness) throws -> String {
        try GitCommandLine.run(["rev-parse", "HEAD"], in: habit.directory.path).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func commitCount(_ habit: Harness) throws -> Int {
        Int(try GitCommandLine.run(["rev-list", "--count", "HEAD"], in: habit.directory.path).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test func aHookReadsWhatChanged() throws {
        let (habit, hook) = try Self.world()
        let input = habit.root.path + "/input.json"
        try CaseFile.writeExecutable("#!/bin/sh\ncat > '\(input)'\n", to: hook)
        let done = habit.run(["done", "read", "--date", "yesterday", "--note", "good"])
        #expect(done.code == 0, "\(done.err)")
        #expect(done.err.isEmpty, "\(done.err)")
        let data = try Data(contentsOf: URL(fileURLWithPath: input))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["version"] as? Int == 1)
        #expect(json["change"] as? String == "done")
        #expect(json["summary"] as? String == "done: Read 2026-11-21")
        let trackers = try #require(json["trackers"] as? [[String: Any]])
        #expect(trackers.count == 1)
        #expect(trackers.first?["id"] as? String == "read")
        #expect(trackers.first?["name"] as? String == "Read")
        #expect(json["days"] as? [String] == ["2026-11-21"])
        #expect(json["files"] as? [String] == ["trackers/read.toml"])
        #expect(json["commit"] as? String == (try Self.head(habit)))
        #expect(json["directory"] as? String == habit.directory.path)
        // A change that made no commit (already done) runs no hook.
        try FileManager.default.removeItem(atPath: input)
        #expect(habit.run(["done", "read", "--date", "yesterday"]).code == 0)
        #expect(!FileManager.default.fileExists(atPath: input))
    }

    @Test func aHookThatExitsOneIsAWarningAndTheChangeStands() throws {
        let (habit, hook) = try Self.world()
        try CaseFile.writeExecutable("#!/bin/sh\necho 'dashboard unreachable' >&2\nexit 1\n", to: hook)
        let before = try Self.commitCount(habit)
        let done = habit.run(["done", "read"])
        #expect(done.code == 0)
        #expect(done.err.contains("The after-change hook \(hook) failed (exit status 1); the change is kept."), "\(done.err)")
        #expect(done.err.contains("dashboard unreachable"))
        #expect(habit.file("trackers/read.toml").contains("2026-11-22 = true"))
        #expect(try Self.commitCount(habit) == before + 1)
    }

    @Test func aHookThatRunsPastTheBoundIsStopped() throws {
        let (habit, hook) = try Self.world()
        let pidFile = habit.root.path + "/hook.pid"
        // `exec` so that the pid written is the process habit started and must stop.
        try CaseFile.writeExecutable("#!/bin/sh\necho $$ > '\(pidFile)'\nexec sleep 600\n", to: hook)
        let done = habit.run(["done", "read"], environment: ["HABIT_HOOK_TIMEOUT": "0.5"])
        #expect(done.code == 0)
        #expect(done.err.contains("was still running after 0.5 s and was stopped; the change is kept."), "\(done.err)")
        #expect(habit.file("trackers/read.toml").contains("2026-11-22 = true"))
        let pid = try #require(Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, 0) != 0 && errno == ESRCH, "the hook \(pid) is still running")
    }

    @Test func aHookThatIsNotExecutableIsNotRun() throws {
        let (habit, hook) = try Self.world()
        let marker = habit.root.path + "/ran"
        try CaseFile.writeExecutable("#!/bin/sh\ntouch '\(marker)'\n", to: hook)
        chmod(hook, 0o644)
        let done = habit.run(["done", "read"])
        #expect(done.code == 0)
        #expect(done.err.contains("is not an executable file"), "\(done.err)")
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(habit.file("trackers/read.toml").contains("2026-11-22 = true"))
    }

    @Test func aHookInsideTheDataDirectoryIsNeverRun() throws {
        let (habit, _) = try Self.world()
        let marker = habit.root.path + "/ran"
        try CaseFile.writeExecutable("#!/bin/sh\ntouch '\(marker)'\n", to: habit.directory.path + "/habit/hooks/after-change")
        let done = habit.run(["done", "read"], environment: ["XDG_CONFIG_HOME": habit.directory.path])
        #expect(done.code == 0)
        #expect(done.err.contains("lies inside the data directory and was not run"), "\(done.err)")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test func aLinkToAFileOfTheDataDirectoryIsNeverRun() throws {
        let (habit, hook) = try Self.world()
        let marker = habit.root.path + "/ran"
        try CaseFile.writeExecutable("#!/bin/sh\ntouch '\(marker)'\n", to: habit.directory.path + "/run-me")
        try FileManager.default.createDirectory(atPath: (hook as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: hook, withDestinationPath: habit.directory.path + "/run-me")
        let done = habit.run(["done", "read"])
        #expect(done.code == 0)
        #expect(done.err.contains("lies inside the data directory and was not run"), "\(done.err)")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test func withoutAHookNothingIsSaid() throws {
        let (habit, _) = try Self.world()
        let done = habit.run(["done", "read"])
        #expect(done.code == 0 && done.err.isEmpty, "\(done.err)")
    }
}
