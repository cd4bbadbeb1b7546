import Foundation
import HabitLocalization
import Testing
@testable import HabitCLI
#if canImport(Glibc)
import Glibc
#endif

/// `habit timer` in-process, with a fake clock (`HABIT_CLOCK_FILE`) moved by the test: what it
/// draws, and what it adds when the countdown ends or a signal stops it. The real terminal, keys and
/// SIGKILL are in ReliabilityTests/TimerTerminalTests.swift.
@Suite(.serialized) struct TimerTests {
    static func world() throws -> (Harness, String) {
        let habit = try Harness()
        try habit.write("trackers/meditate.toml", """
            name = "Meditate"
            category = "Health"
            schedule = "daily"
            start = 2026-11-01
            target = 20
            unit = "minutes"

            """)
        let clock = habit.root.path + "/clock"
        try "2026-11-22T10:00:00\n".write(toFile: clock, atomically: true, encoding: .utf8)
        habit.environment["HABIT_CLOCK_FILE"] = clock
        habit.environment["NO_COLOR"] = "1"
        return (habit, clock)
    }

    /// Runs `arguments` on a thread; `whileRunning` gets the captured output to act on.
    static func run(_ habit: Harness, _ arguments: [String], whileRunning: @escaping @Sendable (@escaping @Sendable () -> String) -> Void) -> (Int32, String, String) {
        let output = OutputStream.capture()
        let errors = OutputStream.capture()
        let context = Context(environment: habit.environment, stdoutIsTerminal: true, stdinIsTerminal: false,
                              output: output, errors: errors, executablePath: habit.root.path + "/bin/habit")
        let helper = Thread { whileRunning { output.captured } }
        helper.start()
        let code = HabitCLI.run(arguments, context: context)
        return (code, output.captured, errors.captured)
    }

    static func waitFor(_ text: String, in output: () -> String) {
        let deadline = Date().addingTimeInterval(20)
        while !output().contains(text), Date() < deadline { usleep(20_000) }
    }

    @Test func aCountdownAddsItsMinutesWhenItEnds() throws {
        let (habit, clock) = try Self.world()
        let (code, out, err) = Self.run(habit, ["timer", "meditate", "--minutes", "3"]) { output in
            Self.waitFor("3:00 left", in: output)
            try? "2026-11-22T10:04:00\n".write(toFile: clock, atomically: true, encoding: .utf8)
        }
        #expect(code == 0, "\(err)")
        #expect(out.contains("⏱ " + Messages(.english).text(.timerLeft, "3:00", "0 of 20 minutes")), "\(out)")
        #expect(out.contains("⏱ 3:00 left · today 0 of 20 minutes · q stops"), "\(out)")
        #expect(out.contains(TimerTests.message(.timerStopped, 3)))
        #expect(out.contains("“Meditate” today: 3 of 20 minutes."))
        #expect(habit.file("trackers/meditate.toml").contains("2026-11-22 = 3"))
    }

    @Test func sigtermStopsAndAddsTheWholeMinutes() throws {
        let (habit, clock) = try Self.world()
        let (code, out, _) = Self.run(habit, ["timer", "meditate"]) { output in
            Self.waitFor("0:00 · today 0 of 20 minutes", in: output)
            try? "2026-11-22T10:01:59\n".write(toFile: clock, atomically: true, encoding: .utf8)
            Self.waitFor("1:59", in: output)
            kill(getpid(), SIGTERM)
        }
        #expect(code == 0)
        #expect(out.contains("⏱ " + Messages(.english).text(.timerElapsed, "1:59", "1 of 20 minutes")), "\(out)")
        #expect(habit.file("trackers/meditate.toml").contains("2026-11-22 = 1"))
    }

    @Test func lessThanAMinuteAddsNothing() throws {
        let (habit, _) = try Self.world()
        let before = habit.snapshot()
        let (code, out, _) = Self.run(habit, ["timer", "meditate"]) { output in
            Self.waitFor("0:00", in: output)
            kill(getpid(), SIGHUP)
        }
        #expect(code == 0)
        #expect(out.contains(TimerTests.message(.timerTooShort)))
        #expect(habit.snapshot() == before)
    }

    static func message(_ key: MessageKey, _ arguments: any CustomStringConvertible...) -> String {
        arguments.isEmpty ? Messages(.english)[key] : Messages(.english).text(key, arguments.first!)
    }
}
