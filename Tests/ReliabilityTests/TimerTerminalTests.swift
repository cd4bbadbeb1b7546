import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `habit timer` on a real pseudo-terminal (tmux), with a fake clock (`HABIT_CLOCK_FILE`) the test
/// moves forward, so minutes pass at once: the minutes land on disk in one commit when it is
/// stopped, and a timer killed with SIGKILL is offered by the next command.
@Suite("habit timer on a real terminal", .serialized, .enabled(if: TerminalSession.tmux != nil, "tmux is not installed"))
struct TimerTerminalTests {
    struct World {
        let directory: HabitDirectory
        let clock: String
        let environment: [String: String]

        init() throws {
            directory = try HabitDirectory(label: "timer")
            #expect(directory.run(["category", "add", "Mind"]).succeeded)
            #expect(directory.run(["add", "Meditate", "--category", "Mind", "--daily", "--start", "2026-11-01",
                                   "--target", "20", "--unit", "minutes"]).succeeded)
            clock = directory.scratch.sub("clock")
            var environment = directory.environment
            environment["HABIT_CLOCK_FILE"] = clock
            environment["XDG_STATE_HOME"] = directory.scratch.sub("state")
            self.environment = environment
            try set("2026-11-22T10:00:00")
        }

        func set(_ time: String) throws { try (time + "\n").write(toFile: clock, atomically: true, encoding: .utf8) }

        func terminal(_ arguments: [String]) throws -> TerminalSession {
            try TerminalSession([BuiltProduct.habit!] + arguments, environment: environment, scratch: directory.scratch.path, width: 150)
        }

        func commits() throws -> Int { Int(try directory.git(["rev-list", "--count", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 }

        var record: String { (try? String(contentsOfFile: environment["XDG_STATE_HOME"]! + "/habit/timers", encoding: .utf8)) ?? "" }
    }

    @Test("Ctrl-C adds the minutes counted, in one commit")
    func ctrlCAddsTheMinutes() throws {
        let world = try World()
        let before = try world.commits()
        let terminal = try world.terminal(["timer", "meditate"])
        try terminal.waitFor("0:00 · today 0 of 20 minutes")
        try world.set("2026-11-22T10:02:00")
        try terminal.waitFor("2:00 · today 2 of 20 minutes")
        try terminal.press("C-c")
        #expect(try terminal.waitForExit() == 0)
        let screen = try terminal.transcript()
        #expect(screen.contains("Timer stopped after 2 minutes."), "\(screen)")
        #expect(screen.contains("“Meditate” today: 2 of 20 minutes."), "\(screen)")
        #expect(world.directory.text("trackers/meditate.toml").contains("2026-11-22 = 2"))
        #expect(try world.commits() == before + 1)
        #expect(try world.directory.git(["log", "-1", "--format=%s"]).contains("done: Meditate 2026-11-22"))
        #expect(!world.record.contains("meditate"), "the record is gone: \(world.record)")
    }

    @Test("q stops a countdown early; --minutes stops it on its own")
    func countdown() throws {
        let world = try World()
        let terminal = try world.terminal(["timer", "meditate", "--minutes", "5"])
        try terminal.waitFor("5:00 left")
        try world.set("2026-11-22T10:07:30")
        #expect(try terminal.waitForExit() == 0)
        #expect(try terminal.transcript().contains("Timer stopped after 5 minutes."))
        #expect(world.directory.text("trackers/meditate.toml").contains("2026-11-22 = 5"))
        try world.set("2026-11-22T10:08:00")
        let again = try world.terminal(["timer", "meditate"])
        try again.waitFor("0:00 · today 5 of 20 minutes")
        try world.set("2026-11-22T10:09:10")
        try again.waitFor("1:10")
        try again.type("q")
        #expect(try again.waitForExit() == 0)
        #expect(world.directory.text("trackers/meditate.toml").contains("2026-11-22 = 6"))
    }

    @Test("SIGKILL: the next command on a terminal offers the recorded minutes")
    func killedTimerIsOffered() throws {
        let world = try World()
        let before = try world.commits()
        let terminal = try world.terminal(["timer", "meditate"])
        try terminal.waitFor("0:00 ·")
        try world.set("2026-11-22T10:03:20")
        try terminal.waitFor("3:20")
        // The record holds the pid of the timer; the minute in progress is not counted.
        let fields = world.record.split(separator: " ")
        let pid = try #require(Int32(fields[2]))
        #expect(kill(pid, SIGKILL) == 0)
        _ = try terminal.waitForExit()
        #expect(try world.commits() == before)
        let next = try world.terminal(["list"])
        try next.waitFor("A timer of “Meditate” stopped unexpectedly after 3 minutes on 22 Nov. Add them? [Y/n]")
        try next.type("y")
        try next.press("Enter")
        #expect(try next.waitForExit() == 0)
        #expect(try next.transcript().contains("“Meditate” today: 3 of 20 minutes."))
        #expect(world.directory.text("trackers/meditate.toml").contains("2026-11-22 = 3"))
        #expect(try world.commits() == before + 1)
        #expect(!world.record.contains("meditate"))
        // Without a terminal a note is left instead, and the record kept until a terminal answers.
        let killed = try world.terminal(["timer", "meditate"])
        try killed.waitFor("0:00 ·")
        try world.set("2026-11-22T10:05:00")
        try killed.waitFor("1:40")
        let second = try #require(Int32(world.record.split(separator: " ")[2]))
        #expect(kill(second, SIGKILL) == 0)
        _ = try killed.waitForExit()
        let piped = world.directory.run(["list"], environment: ["HABIT_CLOCK_FILE": world.clock, "XDG_STATE_HOME": world.environment["XDG_STATE_HOME"]!])
        #expect(piped.succeeded)
        #expect(piped.err.contains("Note: a timer of “Meditate” stopped unexpectedly after 1 minute on 22 Nov"), "\(piped.err)")
        #expect(world.record.contains("meditate"))
    }
}
