import Foundation
import HabitSystem
import TestSupport
import Testing

@Suite struct HabitNowTests {
    @Test func aDayAndATimeGiveThatMinute() throws {
        let now = try #require(HabitNow("2026-11-21T08:30"))
        #expect(now.day == "2026-11-21")
        #expect(now.minutes == 8 * 60 + 30)
    }

    @Test func aBareDayMeansItsNoon() throws {
        let now = try #require(HabitNow("2026-11-21"))
        #expect(now.minutes == 12 * 60)
    }

    @Test func secondsAfterTheMinutesAreIgnored() throws {
        #expect(HabitNow("2026-11-21T23:59:30")?.minutes == 23 * 60 + 59)
    }

    @Test func anUnreadableTimeIsNoFixedClock() {
        #expect(HabitNow("2026-11-21T8") == nil)
        #expect(HabitNow("2026-11-21Tnoon:00") == nil)
        #expect(HabitNow("") == nil)
        #expect(HabitNow(environment: [:]) == nil)
        #expect(HabitNow(environment: ["HABIT_NOW": "2026-01-02T03:04"])?.minutes == 184)
    }
}

@Suite struct DirectoryEntriesTests {
    @Test func namesLeaveOutDotAndDotDot() throws {
        let scratch = try ScratchDirectory("entries")
        try writeFile("a", to: scratch.sub("one"))
        try FileManager.default.createDirectory(atPath: scratch.sub("sub"), withIntermediateDirectories: false)
        #expect(DirectoryEntries.names(at: scratch.path)?.sorted() == ["one", "sub"])
    }

    @Test func aMissingFolderIsNil() {
        #expect(DirectoryEntries.names(at: "/nonexistent-habit-folder") == nil)
        #expect(errno == ENOENT)
    }

    @Test func anOpenFolderIsReadAndClosed() throws {
        let scratch = try ScratchDirectory("entries")
        try writeFile("a", to: scratch.sub("x"))
        let descriptor = open(scratch.path, O_RDONLY | O_DIRECTORY)
        try #require(descriptor >= 0)
        #expect(DirectoryEntries.names(ofOpenFolder: descriptor) == ["x"])
        #expect(fcntl(descriptor, F_GETFD) == -1, "the descriptor is closed")
    }
}

@Suite struct SubprocessTests {
    let environment = ["PATH": "/usr/bin:/bin"]

    @Test func findsAProgramInPath() {
        #expect(Subprocess.find("sh", environment: environment)?.hasSuffix("/sh") == true)
        #expect(Subprocess.find("habit-no-such-program", environment: environment) == nil)
    }

    @Test func feedsInputAndCollectsBothOutputs() {
        let outcome = Subprocess.run("/bin/sh", ["-c", "cat; echo oops >&2; exit 3"], environment: environment, input: Array("hello\n".utf8))
        #expect(outcome.status == 3)
        #expect(outcome.output == "hello\n")
        #expect(outcome.errors == "oops\n")
        #expect(!outcome.succeeded)
    }

    @Test func aProgramThatHangsIsKilledInTime() {
        let started = SystemClock.monotonicSeconds()
        let outcome = Subprocess.run("/bin/sh", ["-c", "sleep 30"], environment: environment, timeoutSeconds: 0.5)
        #expect(outcome.timedOut)
        #expect(outcome.status == nil)
        #expect(SystemClock.monotonicSeconds() - started < 10)
    }

    @Test func aProgramThatCannotStartSaysWhy() {
        let outcome = Subprocess.run("/nonexistent/program", [], environment: environment)
        #expect(outcome.status == nil)
        #expect(outcome.errors.hasPrefix("/nonexistent/program: "))
    }
}

@Suite struct ForegroundProcessTests {
    @Test func theArgumentReachesTheCommandUnparsed() throws {
        let scratch = try ScratchDirectory("foreground")
        let target = scratch.sub("a file; with $(spaces)")
        let outcome = ForegroundProcess.runShell("touch \"$1\"", argument: target, environment: ["PATH": "/usr/bin:/bin"])
        #expect(outcome == .exited(0))
        #expect(FileManager.default.fileExists(atPath: target))
    }

    @Test func theExitStatusIsReported() {
        #expect(ForegroundProcess.runShell("exit 7", argument: "", environment: [:]) == .exited(7))
        #expect(ForegroundProcess.runShell("habit-no-such-editor \"$1\"", argument: "x", environment: ["PATH": "/usr/bin:/bin"]) == .exited(127))
    }
}

@Suite struct LocalTimeTests {
    // The process's zone is shared by every test running at once, so this uses it as it is.
    @Test func aLocalTimeAndItsInstantRoundTrip() {
        let epoch = LocalTime.epoch(year: 2026, month: 7, day: 1, hour: 9, minute: 15)
        let parts = LocalTime.parts(at: epoch)
        let fields: [Int] = [parts.year, parts.month, parts.day, parts.hour, parts.minute]
        #expect(fields == [2026, 7, 1, 9, 15])
        #expect(LocalTime.utcOffset(at: epoch) == parts.utcOffsetSeconds)
        #expect(LocalTime.minuteText(at: epoch) == "2026-07-01 09:15")
    }
}
