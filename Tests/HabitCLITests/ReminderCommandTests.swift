import Foundation
import Testing
@testable import HabitCLI

/// `habit remind run` and `habit prompt` read the data and keep their own state outside it.
@Suite struct ReminderCommandTests {
    /// No desktop session: the harness home has no bus socket.
    func harness() throws -> Harness {
        let habit = try Harness()
        habit.environment["XDG_RUNTIME_DIR"] = habit.root.path
        return habit
    }

    @Test func runNeverWritesTheDataDirectory() throws {
        let habit = try harness()
        #expect(habit.run("edit dentist --remind 09:00").code == 0)
        let before = habit.snapshot()
        let run = habit.run(["remind", "run"])
        #expect(run.code == 0 && run.out.contains("Book the dentist"), "\(run)")
        #expect(habit.snapshot() == before)
        #expect(habit.run(["prompt"]).code == 0)
        #expect(habit.snapshot() == before)
        let state = habit.root.appendingPathComponent(".local/state/habit/reminders-last-run").path
        #expect(try String(contentsOfFile: state, encoding: .utf8).hasSuffix(" " + habit.directory.path + "\n"))
    }

    @Test func theLastRunIsKeptInXDGStateHome() throws {
        let habit = try harness()
        let state = habit.root.appendingPathComponent("state").path
        habit.environment["XDG_STATE_HOME"] = state
        #expect(habit.run(["remind", "run"]).code == 0)
        #expect(FileManager.default.fileExists(atPath: state + "/habit/reminders-last-run"))
    }

    @Test func runsCatchUpOnceAfterAGap() throws {
        let habit = try harness()
        #expect(habit.run("edit dentist --remind 08:00").code == 0)
        #expect(habit.run("edit run --remind 12:00 --days daily").code == 0)
        #expect(habit.run(["remind", "run"], environment: ["HABIT_NOW": "2026-11-22T07:00"]).out == "")
        let late = habit.run(["remind", "run"], environment: ["HABIT_NOW": "2026-11-22T13:00"])
        #expect(late.out == "Reminder: 2 trackers still to do today — 🦷 Book the dentist, 🏃 Morning run\n")
        #expect(habit.run(["remind", "run"], environment: ["HABIT_NOW": "2026-11-22T13:01"]).out == "")
        #expect(habit.run("done run").code == 0)
        #expect(habit.run(["remind", "run"], environment: ["HABIT_NOW": "2026-11-23T12:00"]).out
                == "Reminder: 2 trackers still to do today — 🦷 Book the dentist, 🏃 Morning run\n", "a new day")
    }

    /// A machine of a SyncWorld with its own config and state folders and no user manager.
    func machineEnvironment(_ world: SyncWorld, _ machine: String) throws -> [String: String] {
        let base = world.root + "/" + machine + "-home"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        return ["XDG_STATE_HOME": base + "/state", "XDG_CONFIG_HOME": base + "/config", "XDG_RUNTIME_DIR": base]
    }

    func timerCalendars(_ environment: [String: String]) -> [String] {
        let timer = (try? String(contentsOfFile: environment["XDG_CONFIG_HOME"]! + "/systemd/user/habit-remind.timer", encoding: .utf8)) ?? ""
        return timer.split(separator: "\n").filter { $0.hasPrefix("OnCalendar=") }.map { String($0.dropFirst("OnCalendar=".count)) }
    }

    @Test func aSyncThatBringsNewTimesUpdatesTheInstalledTimer() throws {
        let world = try SyncWorld()
        try world.twoMachines()
        let a = try machineEnvironment(world, "a"), b = try machineEnvironment(world, "b")
        #expect(world.habit("a", ["edit", "run", "--remind", "08:00"], extra: a).code == 0)
        #expect(world.habit("a", ["sync"], extra: a).code == 0)
        let first = world.habit("b", ["sync"], extra: b)
        #expect(first.code == 0 && !first.out.contains("Reminders:"), "nothing installed on b yet: \(first)")
        #expect(world.habit("b", ["remind", "install", "--using", "systemd"], extra: b).code == 0)
        #expect(timerCalendars(b) == ["*-*-* 08:00:00"])

        #expect(world.habit("a", ["edit", "run", "--remind", "06:30", "--remind", "21:00"], extra: a).code == 0)
        let sent = world.habit("a", ["sync"], extra: a)
        #expect(sent.code == 0 && !sent.out.contains("Reminders:"), "nothing installed on a: \(sent)")
        let received = world.habit("b", ["sync"], extra: b)
        #expect(received.code == 0, "\(received)")
        #expect(received.out.hasSuffix("Reminders: the systemd timer now runs habit at 06:30, 21:00.\n"), "\(received.out)")
        #expect(timerCalendars(b) == ["*-*-* 06:30:00", "*-*-* 21:00:00"])

        // A sync that brings no change of times says nothing about reminders.
        #expect(world.habit("a", ["done", "run"], extra: a).code == 0)
        #expect(world.habit("a", ["sync"], extra: a).code == 0)
        let quiet = world.habit("b", ["sync"], extra: b)
        #expect(quiet.code == 0 && !quiet.out.contains("Reminders:"), "\(quiet)")
        #expect(timerCalendars(b) == ["*-*-* 06:30:00", "*-*-* 21:00:00"])
    }

    @Test func committingHandEditsOfTimesUpdatesTheInstalledTimer() throws {
        let world = try SyncWorld()
        try world.twoMachines()
        let a = try machineEnvironment(world, "a")
        #expect(world.habit("a", ["edit", "run", "--remind", "08:00"], extra: a).code == 0)
        #expect(world.habit("a", ["remind", "install", "--using", "systemd"], extra: a).code == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: world.directory("a") + "/trackers")
        let file = "trackers/" + (try #require(files.first { $0.hasSuffix(".toml") }))
        let text = world.file("a", file)
        #expect(text.contains("remind = [\"08:00\"]"), "\(text)")
        try world.write("a", file, text.replacingOccurrences(of: "remind = [\"08:00\"]", with: "remind = [\"07:45\"]"))
        let commit = world.habit("a", ["commit"], extra: a)
        #expect(commit.code == 0 && commit.out.hasSuffix("Reminders: the systemd timer now runs habit at 07:45.\n"), "\(commit)")
        #expect(timerCalendars(a) == ["*-*-* 07:45:00"])
    }
}
