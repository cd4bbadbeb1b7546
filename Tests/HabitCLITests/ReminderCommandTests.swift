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
}
