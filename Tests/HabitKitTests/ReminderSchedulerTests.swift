import Foundation
import HabitCore
import HabitStore
import Testing
import TestSupport
@testable import HabitKit

private func times(_ texts: String...) -> [ReminderTime] { texts.map { ReminderTime($0)! } }

private let command = ReminderCommand(executable: "/usr/bin/habit", directory: "/home/me/.local/share/habit", language: "LANG=ru_RU.UTF-8")

@Suite struct CrontabBlockTests {
    let block = CrontabBlock.lines(command, times: times("20:30", "08:00"))

    @Test func hasOneLineATimeAndNoVariableLines() {
        #expect(block == [
            "# BEGIN habit reminders (managed by `habit remind`; edits inside are overwritten)",
            "0 8 * * * LANG=ru_RU.UTF-8 '/usr/bin/habit' --dir '/home/me/.local/share/habit' remind run",
            "30 20 * * * LANG=ru_RU.UTF-8 '/usr/bin/habit' --dir '/home/me/.local/share/habit' remind run",
            "# END habit reminders",
        ])
    }

    @Test func goesAtTheEndOfACrontabWithoutOne() {
        #expect(CrontabBlock.replacing(in: "", with: ["a", "b"]) == "a\nb\n")
        #expect(CrontabBlock.replacing(in: "MAILTO=\"\"\n5 * * * * x", with: ["a"]) == "MAILTO=\"\"\n5 * * * * x\na\n",
                "the user's last line gets the newline crontab wants")
    }

    @Test func isReplacedWhereItIsAndOnlyItsLines() {
        let user = "# mine\n1 2 * * * backup\n\n"
        let after = "*/5 * * * * poll\n"
        let installed = CrontabBlock.replacing(in: user + after, with: block)
        let rewritten = CrontabBlock.replacing(in: installed.replacingOccurrences(of: after, with: "") + after, with: ["X"])
        #expect(CrontabBlock.replacing(in: user + block.map { $0 + "\n" }.joined() + after, with: ["X"]) == user + "X\n" + after)
        #expect(rewritten.hasPrefix(user))
        #expect(CrontabBlock.replacing(in: user + block.map { $0 + "\n" }.joined() + after, with: nil) == user + after)
        #expect(CrontabBlock.isPresent(in: installed))
        #expect(CrontabBlock.isPresent(in: installed, for: "/home/me/.local/share/habit"))
        #expect(!CrontabBlock.isPresent(in: installed, for: "/home/me/other"))
        #expect(!CrontabBlock.isPresent(in: user + after))
    }

    @Test func aBlockWhoseEndWasDeletedLosesOnlyItsBeginLine() {
        let broken = "# BEGIN habit reminders (…)\n1 2 * * * mine\n"
        #expect(CrontabBlock.replacing(in: broken, with: nil) == "1 2 * * * mine\n")
    }

    @Test(arguments: ["/opt/my habit/habit", "/home/o'brien/bin/habit", "/data/100%/habit", "/a/$HOME/`x`"])
    func quotedPathsReachTheShellIntact(_ path: String) throws {
        let line = try #require(CrontabBlock.lines(ReminderCommand(executable: path, directory: path, language: nil), times: times("08:00")).dropFirst().first)
        // What cron hands /bin/sh: the command after the five time fields, `\%` turned into `%`.
        let shellCommand = line.split(separator: " ", maxSplits: 5)[5].replacingOccurrences(of: "\\%", with: "%")
        let scratch = try ScratchDirectory("cron-quote")
        let outcome = try ChildProcess("/bin/sh", ["-c", "set -- \(shellCommand); printf '%s\\n' \"$@\""], environment: [:],
                                       scratch: scratch.path).wait()
        #expect(outcome.out == [path, "--dir", path, "remind", "run"].map { $0 + "\n" }.joined())
    }
}

@Suite struct SystemdUnitsTests {
    @Test func timerHasOneCalendarLineATime() {
        let timer = SystemdUnits.timerText(times("20:30", "08:00", "08:00"))
        let calendars = timer.split(separator: "\n").filter { $0.hasPrefix("OnCalendar=") }
        #expect(calendars == ["OnCalendar=*-*-* 08:00:00", "OnCalendar=*-*-* 20:30:00"])
        #expect(timer.contains("\nPersistent=true\n"))
        #expect(timer.contains("\n[Install]\nWantedBy=timers.target\n"))
    }

    @Test func serviceRunsThisHabitOnThisDirectoryInThisLanguage() {
        let service = SystemdUnits.serviceText(command)
        #expect(service.contains("\nExecStart=/usr/bin/habit --dir /home/me/.local/share/habit remind run\n"))
        #expect(service.contains("\nEnvironment=LANG=ru_RU.UTF-8\n"))
        #expect(service.contains("\nType=oneshot\n"))
    }

    @Test func wordsSystemdWouldSplitOrExpandAreQuoted() {
        #expect(SystemdUnits.quote("/usr/bin/habit") == "/usr/bin/habit")
        #expect(SystemdUnits.quote("/opt/my habit") == "\"/opt/my habit\"")
        #expect(SystemdUnits.quote("/a/100%/$HOME\\\"") == "\"/a/100%%/$$HOME\\\\\\\"\"")
        #expect(SystemdUnits.quote("/a/100%/$HOME", isCommand: true) == "\"/a/100%%/$HOME\"")
    }

    @Test func onlyPlainLanguageNamesAreCarried() {
        #expect(ReminderCommand.language(from: ["LANG": "ru_RU.UTF-8"]) == "LANG=ru_RU.UTF-8")
        #expect(ReminderCommand.language(from: ["LANG": "en_US.UTF-8", "LC_ALL": "ru_RU.UTF-8"]) == "LC_ALL=ru_RU.UTF-8")
        #expect(ReminderCommand.language(from: ["LANG": "x; rm -rf ~"]) == nil)
        #expect(ReminderCommand.language(from: [:]) == nil)
    }
}

/// The systemd method in a scratch home with no user manager (no XDG_RUNTIME_DIR): files only,
/// so the machine's own units, crontab and manager are never touched.
@Suite struct ReminderSchedulerTests {
    let scratch: ScratchDirectory
    let environment: [String: String]
    let scheduler: ReminderScheduler

    init() throws {
        scratch = try ScratchDirectory("remind-install")
        environment = ["HOME": scratch.path, "PATH": scratch.path]  // no crontab to find
        scheduler = ReminderScheduler(environment: environment, executable: "/usr/bin/habit", directory: DataDirectory(path: scratch.path + "/data"))
    }

    var units: String { scratch.path + "/.config/systemd/user" }

    func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    @Test func installWritesTheUnitsLinksTheTimerAndRecordsIt() throws {
        #expect(!scheduler.userManagerRuns)
        let report = try scheduler.install(.systemd, times: times("08:00", "20:30"))
        #expect(report == ReminderInstallReport(method: .systemd, times: times("08:00", "20:30"), unitFolder: units))
        #expect(read(units + "/habit-remind.timer")?.contains("OnCalendar=*-*-* 20:30:00") == true)
        #expect(read(units + "/habit-remind.service")?.contains("ExecStart=/usr/bin/habit --dir \(scratch.path)/data remind run") == true)
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: units + "/timers.target.wants/habit-remind.timer")
        #expect(link == units + "/habit-remind.timer")
        #expect(scheduler.installation() == ReminderInstallation(method: .systemd, command: scheduler.command, times: times("08:00", "20:30")))
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/.local/state/habit/reminders-installed"))
    }

    @Test func theStateFolderFollowsXDG() {
        #expect(ReminderScheduler.stateFolder(["HOME": "/h"]) == "/h/.local/state/habit")
        #expect(ReminderScheduler.stateFolder(["HOME": "/h", "XDG_STATE_HOME": "/s"]) == "/s/habit")
        #expect(ReminderScheduler.stateFolder(["HOME": "/h", "XDG_STATE_HOME": "relative"]) == "/h/.local/state/habit")
        let custom = ReminderScheduler(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "/c"], executable: "/x", directory: DataDirectory(path: "/d"))
        #expect(custom.unitFolder == "/c/systemd/user")
    }

    @Test func refreshFollowsNewTimesWithTheRecordedCommand() throws {
        try scheduler.install(.systemd, times: times("08:00"))
        #expect(try scheduler.refresh(times: times("08:00")) == nil, "nothing changed")
        // Another build of habit edits the times: the schedule keeps running the installed one.
        let other = ReminderScheduler(environment: environment, executable: "/tmp/dev/habit", directory: DataDirectory(path: scratch.path + "/data"))
        #expect(try other.refresh(times: times("07:15", "08:00")) == .updated(.systemd, times("07:15", "08:00")))
        #expect(read(units + "/habit-remind.timer")?.contains("OnCalendar=*-*-* 07:15:00") == true)
        #expect(read(units + "/habit-remind.service")?.contains("ExecStart=/usr/bin/habit ") == true)
        #expect(scheduler.installation()?.times == times("07:15", "08:00"))
    }

    @Test func noTimeLeftKeepsTheServiceAndDropsTheTimer() throws {
        try scheduler.install(.systemd, times: times("08:00"))
        #expect(try scheduler.refresh(times: []) == .updated(.systemd, []))
        #expect(!FileManager.default.fileExists(atPath: units + "/habit-remind.timer"), "systemd refuses a timer with no time")
        #expect(!FileManager.default.fileExists(atPath: units + "/timers.target.wants/habit-remind.timer"))
        #expect(FileManager.default.fileExists(atPath: units + "/habit-remind.service"))
        #expect(try scheduler.refresh(times: times("09:00")) == .updated(.systemd, times("09:00")))
        #expect(FileManager.default.fileExists(atPath: units + "/timers.target.wants/habit-remind.timer"))
    }

    @Test func anotherDirectoryOrNoInstallationIsLeftAlone() throws {
        #expect(try scheduler.refresh(times: times("08:00")) == nil)
        try scheduler.install(.systemd, times: times("08:00"))
        let elsewhere = ReminderScheduler(environment: environment, executable: "/usr/bin/habit", directory: DataDirectory(path: "/elsewhere"))
        #expect(try elsewhere.refresh(times: times("09:00")) == nil)
        #expect(scheduler.installation()?.times == times("08:00"))
    }

    @Test func unitsRemovedByHandAreNotPutBack() throws {
        try scheduler.install(.systemd, times: times("08:00"))
        try FileManager.default.removeItem(atPath: units)
        #expect(try scheduler.refresh(times: times("09:00")) == .removedByHand(.systemd))
        #expect(!FileManager.default.fileExists(atPath: units))
        #expect(scheduler.installation() == nil)
    }

    @Test func uninstallRemovesWhatInstallMadeAndNothingElse() throws {
        try FileManager.default.createDirectory(atPath: units + "/timers.target.wants", withIntermediateDirectories: true)
        try "[Timer]\n".write(toFile: units + "/mine.timer", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: units + "/timers.target.wants/mine.timer", withDestinationPath: units + "/mine.timer")
        try scheduler.install(.systemd, times: times("08:00"))
        #expect(try scheduler.uninstall() == [.systemd])
        #expect(try FileManager.default.contentsOfDirectory(atPath: units).sorted() == ["mine.timer", "timers.target.wants"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: units + "/timers.target.wants") == ["mine.timer"])
        #expect(scheduler.installation() == nil)
        #expect(try scheduler.uninstall() == [], "nothing left")
    }

    @Test func askingForCronWithoutCrontabIsRefused() throws {
        let bare = ReminderScheduler(environment: ["HOME": scratch.path, "PATH": scratch.path], executable: "/x", directory: DataDirectory(path: "/d"))
        #expect(throws: HabitError.noScheduler(asked: .cron)) { try bare.method(.cron) }
        #expect(throws: HabitError.noScheduler(asked: nil)) { try bare.method(nil) }
        #expect(try bare.method(.systemd) == .systemd)
    }
}

@Suite struct ReminderRunLogTests {
    @Test func keepsTheLastRunPerDirectoryOutsideIt() throws {
        let scratch = try ScratchDirectory("remind-runs")
        let environment = ["HOME": scratch.path]
        let one = ReminderRunLog(environment: environment, directory: DataDirectory(path: "/data/one"))
        let two = ReminderRunLog(environment: environment, directory: DataDirectory(path: "/data/two"))
        #expect(one.run(now: 100) { $0 } == nil)
        #expect(one.run(now: 200) { $0 } == 100)
        #expect(two.run(now: 300) { $0 } == nil)
        #expect(one.lastRun == 200 && two.lastRun == 300)
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/.local/state/habit/reminders-last-run"))
    }

    /// Web Push counts apart from the desktop: neither consumes the other's reminders.
    @Test func pushHasALogOfItsOwn() throws {
        let scratch = try ScratchDirectory("remind-runs-push")
        let environment = ["HOME": scratch.path]
        let directory = DataDirectory(path: "/data/one")
        let desktop = ReminderRunLog(environment: environment, directory: directory)
        let push = ReminderRunLog(environment: environment, directory: directory, channel: .push)
        #expect(desktop.run(now: 100) { $0 } == nil)
        #expect(push.run(now: 150) { $0 } == nil)
        #expect(desktop.lastRun == 100 && push.lastRun == 150)
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/.local/state/habit/push-last-run"))
    }

    @Test func withoutAStateFolderItStillRuns() {
        let log = ReminderRunLog(environment: ["HOME": "/proc/no-such-home"], directory: DataDirectory(path: "/d"))
        #expect(log.run(now: 5) { $0 } == nil)
        #expect(log.run(now: 6) { $0 } == nil)
    }
}

@Suite struct ReminderMergeTests {
    private let base = "name = \"Read\"\ncategory = \"Study\"\nschedule = \"daily\"\nremind = [\"08:00\"]\n\n[log]\n2026-11-02 = true\n"

    @Test func reminderTimesChangedOnOneMachineAreKeptWithTheOthersMarks() throws {
        let ours = base + "2026-11-03 = true\n"
        let theirs = base.replacingOccurrences(of: "remind = [\"08:00\"]", with: "remind = [\"08:00\", \"20:30\"]")
        let (outcome, notes) = mergeTexts("trackers/read.toml", base: base, ours: ours, theirs: theirs)
        #expect(writtenText(outcome) == theirs + "2026-11-03 = true\n")
        #expect(notes.isEmpty)
    }

    @Test func bothChangedKeepsTheOtherMachinesWithANote() throws {
        let ours = base.replacingOccurrences(of: "[\"08:00\"]", with: "[\"07:00\"]")
        let theirs = base.replacingOccurrences(of: "[\"08:00\"]", with: "[\"09:00\"]")
        let (outcome, notes) = mergeTexts("trackers/read.toml", base: base, ours: ours, theirs: theirs)
        #expect(writtenText(outcome) == theirs)
        #expect(notes.map(\.message) == [#"both sides changed "remind"; kept ["09:00"] from the other machine, yours was ["07:00"]"#])
    }
}
