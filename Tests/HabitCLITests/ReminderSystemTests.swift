import Foundation
import HabitLocalization
import Testing
import TestSupport
@testable import HabitCLI

/// Reminders against the real system, with the built `habit`: the units under `systemd-analyze
/// verify` and a real `systemd --user`, the crontab block through the real `crontab`, and
/// notifications read back from a real notification server (dunst on a private session bus).
/// The scripts in Scripts/ start and stop everything they need; the ones that edit crontabs or
/// run a user manager do it in a private mount namespace, so the machine's own are never touched.
@Suite struct ReminderSystemTests {
    static func tool(_ name: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/sbin/", "/sbin/", "/lib/systemd/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts").path

    static let habit = BuiltProduct.habit

    /// `scripts/test` installed every tool these tests use (in CI the job also runs as root): none
    /// may skip then, so a missing piece fails the test instead.
    static var inCI: Bool { TestTools.installed }

    /// A private mount namespace can be made (root, and a kernel and container that allow it).
    static let canUnshare: Bool = {
        guard getuid() == 0, let unshare = tool("unshare"), let scratch = try? ScratchDirectory("unshare-probe"),
              let probe = try? ChildProcess(unshare, ["--mount", "--propagation", "private", "true"], environment: [:], scratch: scratch.path)
        else { return false }
        return probe.wait().succeeded
    }()

    static let notificationTools = ["dbus-run-session", "Xvfb", "dunst", "dunstctl", "busctl", "notify-send", "gdbus", "python3"]
    static var missingNotificationTools: [String] { notificationTools.filter { tool($0) == nil } }

    /// A scratch home with a copy of examples/ as the data directory, the reminder times set.
    struct World {
        let scratch: ScratchDirectory
        let dataName: String
        var home: String { scratch.path + "/home" }
        var data: String { scratch.path + "/" + dataName }
        var environment: [String: String] {
            ["HOME": home, "PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "LANG": "C.UTF-8", "HABIT_NOW": "2026-11-22T10:00", "TZ": "UTC"]
        }

        init(_ label: String, dataName: String = "data") throws {
            scratch = try ScratchDirectory(label)
            self.dataName = dataName
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Harness.examples.path, toPath: data)
        }

        @discardableResult
        func habit(_ arguments: [String], environment extra: [String: String] = [:]) throws -> ProcessOutcome {
            let habit = try #require(ReminderSystemTests.habit, "the habit product is built by swift build --build-tests")
            return try ChildProcess(habit, ["--dir", data] + arguments, environment: environment.merging(extra) { $1 }, scratch: scratch.path).wait()
        }

        func run(_ executable: String, _ arguments: [String], environment extra: [String: String] = [:], timeout: Double = 60) throws -> ProcessOutcome {
            try ChildProcess(executable, arguments, environment: environment.merging(extra) { $1 }, scratch: scratch.path).wait(timeout: timeout)
        }

        func contract(_ text: String) -> String {
            text.replacingOccurrences(of: data, with: "$DATA").replacingOccurrences(of: home, with: "$HOME")
                .replacingOccurrences(of: ReminderSystemTests.resolvedHabit, with: "$HABIT").replacingOccurrences(of: scratch.path, with: "$SCRATCH")
        }
    }

    /// What the scheduler is told to run: the built product with its links resolved.
    static var resolvedHabit: String { habit.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } ?? "" }

    @Test(.enabled(if: inCI || tool("systemd-analyze") != nil, "systemd-analyze is not installed (Debian package systemd)"))
    func theUnitsPassSystemdAnalyzeVerify() throws {
        let world = try World("remind-verify", dataName: "data \"quoted\" 50% $HOME")
        // A binary and a data directory whose paths systemd would split or expand if unquoted.
        let odd = world.scratch.path + "/my bin 100%$"
        try FileManager.default.createDirectory(atPath: odd, withIntermediateDirectories: true)
        // Copied by cp: a file this process wrote could still be open in a child another test forks
        // meanwhile, and then it cannot be run ("text file busy").
        #expect(try world.run("/bin/cp", [ReminderSystemTests.resolvedHabit, odd + "/habit"]).succeeded)
        let data = world.data
        for arguments in [["edit", "run", "--remind", "08:00", "--remind", "20:30"], ["edit", "read", "--remind", "06:05"], ["remind", "install", "--using", "systemd"]] {
            let outcome = try world.run(odd + "/habit", ["--dir", data] + arguments)
            #expect(outcome.succeeded, "\(arguments): \(outcome.all)")
        }
        let units = world.home + "/.config/systemd/user"
        let files = [units + "/habit-remind.service", units + "/habit-remind.timer"]
        let analyze = try #require(ReminderSystemTests.tool("systemd-analyze"))
        // Bad values only warn (exit 0), so the check is that nothing at all is said.
        let verify = try world.run(analyze, ["verify", "--man=no"] + files)
        #expect(verify.succeeded && verify.err.isEmpty && verify.out.isEmpty, "\(verify.all)")
        let timer = try String(contentsOfFile: files[1], encoding: .utf8)
        let calendars = timer.split(separator: "\n").filter { $0.hasPrefix("OnCalendar=") }.map { String($0.dropFirst("OnCalendar=".count)) }
        #expect(calendars == ["*-*-* 06:05:00", "*-*-* 08:00:00", "*-*-* 20:30:00"])
        for calendar in calendars {
            let parsed = try world.run(analyze, ["calendar", calendar])
            #expect(parsed.succeeded && parsed.out.contains("Normalized form: \(calendar)"), "\(parsed.all)")
        }
        // The check can fail: a service whose binary is not where ExecStart says is refused.
        try FileManager.default.removeItem(atPath: odd + "/habit")
        let broken = try world.run(analyze, ["verify", "--man=no"] + files)
        #expect(!broken.succeeded && broken.err.contains("is not executable"), "\(broken.all)")
    }

    @Test(.enabled(if: inCI || canUnshare && tool("crontab") != nil && tool("mount") != nil,
                   "needs root, unshare --mount and crontab (Debian package cron) to use a private crontab spool"))
    func theCrontabBlockRoundTripsThroughCrontab() throws {
        let world = try World("remind-crontab")
        try world.habit(["edit", "drink", "--remind", "12:00"])
        let outcome = try world.run("/bin/bash", [ReminderSystemTests.scripts + "/crontab-e2e.sh", ReminderSystemTests.resolvedHabit, world.data])
        #expect(outcome.succeeded, "\(outcome.all)")
        let line = { (time: String) in "\(time) * * * LANG=C.UTF-8 '$HABIT' --dir '$DATA' remind run" }
        let begin = "# BEGIN habit reminders (managed by `habit remind`; edits inside are overwritten)"
        let end = "# END habit reminders"
        let user = "MAILTO=\"\"\n# my jobs\n15 3 * * 0 /usr/bin/backup --weekly\n"
        let after = "*/5 * * * * /usr/bin/true # added after habit\n"
        let noCrontab = "no crontab for root\n[crontab -l: exit 1]\n"
        let expected = """
            == no crontab yet
            \(noCrontab)$ habit remind install --using cron
            Reminders installed: a block in your crontab runs habit at 12:00.
            == installed into no crontab
            \(begin)
            \(line("0 12"))
            \(end)
            $ habit remind uninstall
            Reminders uninstalled: removed the crontab block.
            == uninstalled: the crontab was only habit's block
            \(noCrontab)$ habit remind install --using cron
            Reminders installed: a block in your crontab runs habit at 12:00.
            == installed between the user's lines
            \(user)\(begin)
            \(line("0 12"))
            \(end)
            \(after)$ habit edit run --remind 07:15 --remind 21:00
            Updated “Morning run”.
            Reminders: the crontab block now runs habit at 07:15, 12:00, 21:00.
            == a change of times through habit rewrote the block in place
            \(user)\(begin)
            \(line("15 7"))
            \(line("0 12"))
            \(line("0 21"))
            \(end)
            \(after)$ habit remind install --using cron
            Reminders installed: a block in your crontab runs habit at 07:15, 12:00, 21:00.
            == install again: the same
            \(user)\(begin)
            \(line("15 7"))
            \(line("0 12"))
            \(line("0 21"))
            \(end)
            \(after)$ habit remind install --using systemd
            Reminders installed: the systemd user timer habit-remind.timer runs habit at
            07:15, 12:00, 21:00.
            The units are in $HOME/.config/systemd/user.
            No systemd user manager runs now: the timer starts at your next login.
            Removed the crontab block installed before, so that reminders do not come twice.
            == switched to a systemd timer: the block went
            \(user)\(after)$ habit remind install --using cron
            Reminders installed: a block in your crontab runs habit at 07:15, 12:00, 21:00.
            Removed the systemd timer installed before, so that reminders do not come twice.
            == and back: at the end this time
            \(user)\(after)\(begin)
            \(line("15 7"))
            \(line("0 12"))
            \(line("0 21"))
            \(end)
            $ habit remind uninstall
            Reminders uninstalled: removed the crontab block.
            == uninstalled: only habit's lines went
            \(user)\(after)$ habit remind uninstall
            Reminders were not installed; there is nothing to remove.

            """
        #expect(world.contract(outcome.out) == expected)
    }

    @Test(.enabled(if: inCI || canUnshare && tool("systemd") != nil && tool("systemctl") != nil,
                   "needs root, unshare --mount and systemd (Debian package systemd) to run a private user manager"))
    func theTimerRunsUnderARealUserManager() throws {
        // Paths systemd would split or expand if they were not quoted: the service must still run.
        let world = try World("remind-systemd", dataName: "data \"quoted\" 50% $HOME")
        try world.habit(["edit", "drink", "--remind", "12:00"])
        let odd = world.scratch.path + "/my bin 100%$"
        try FileManager.default.createDirectory(atPath: odd, withIntermediateDirectories: true)
        #expect(try world.run("/bin/cp", [ReminderSystemTests.resolvedHabit, odd + "/habit"]).succeeded)
        let runtime = world.scratch.path + "/run"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let outcome = try world.run("/bin/bash", [ReminderSystemTests.scripts + "/systemd-e2e.sh", odd + "/habit", world.data],
                                    environment: ["XDG_RUNTIME_DIR": runtime])
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(world.contract(outcome.out) == """
            $ habit remind install
            Reminders installed: the systemd user timer habit-remind.timer runs habit at
            12:00.
            The units are in $HOME/.config/systemd/user.
            == installed with a user manager running
            enabled: enabled, active: active
            OnCalendar=*-*-* 12:00:00
            $ habit edit run --remind 07:15
            Updated “Morning run”.
            Reminders: the systemd timer now runs habit at 07:15, 12:00.
            == a change of times through habit
            enabled: enabled, active: active
            OnCalendar=*-*-* 07:15:00
            OnCalendar=*-*-* 12:00:00
            $ systemctl --user start habit-remind.service
            Result=success
            ExecMainStatus=0
            $ habit remind uninstall
            Reminders uninstalled: removed the systemd timer.
            == uninstalled
            enabled: not-found, active: inactive

            """, "\(outcome.err)")
    }

    // MARK: Notifications

    func notify(_ world: World, _ commands: [String], markup: Bool = false, environment extra: [String: String] = [:]) throws -> String {
        let outcome = try world.run("/bin/bash", [ReminderSystemTests.scripts + "/notify-e2e.sh"] + commands,
                                    environment: (markup ? ["NOTIFY_MARKUP": "full"] : [:]).merging(extra) { $1 })
        #expect(outcome.succeeded, "\(outcome.all)")
        return world.contract(outcome.out)
    }

    func remindRun(_ world: World, at time: String, path: String? = nil) -> String {
        let habit = ReminderSystemTests.resolvedHabit
        return (path.map { "PATH=\($0) " } ?? "") + "HABIT_NOW=2026-11-22T\(time) \(habit) --dir '\(world.data)' remind run"
    }

    @Test(.enabled(if: inCI || missingNotificationTools.isEmpty, "not installed: \(missingNotificationTools.joined(separator: ", ")) (Debian packages dbus, xvfb, dunst, systemd, libnotify-bin, libglib2.0-bin)"))
    func oneDueTrackerIsOneNotification() throws {
        let world = try World("remind-notify-one")
        try world.habit(["edit", "dentist", "--remind", "09:30"])
        try world.habit(["edit", "drink", "--remind", "09:30"])  // done today: no reminder
        let out = try notify(world, [remindRun(world, at: "09:29"), remindRun(world, at: "09:30"), remindRun(world, at: "09:45")])
        #expect(out.hasSuffix("== received\nhabit\t🦷 Book the dentist\tStill to do today · reminder at 09:30\n"), "\(out)")
        #expect(!out.contains("Reminder:"), "delivered to the desktop, nothing printed for cron to mail")
    }

    @Test(.enabled(if: inCI || missingNotificationTools.isEmpty, "not installed: \(missingNotificationTools.joined(separator: ", "))"))
    func severalDueTogetherAreOneSummary() throws {
        let world = try World("remind-notify-many")
        try world.habit(["edit", "dentist", "--remind", "08:00"])
        try world.habit(["edit", "drink", "--remind", "12:00"])
        try world.habit(["undone", "drink"])
        try world.habit(["add", "Tea & <b>cake</b>", "--category", "Home", "--daily", "--remind", "11:00"])
        // A run at 12:30 after none since 07:00 (a suspend): all three at once, each once.
        let out = try notify(world, [remindRun(world, at: "07:00"), remindRun(world, at: "12:30"), remindRun(world, at: "12:31")])
        #expect(out.hasSuffix("== received\nhabit\t3 trackers still to do today\t🦷 Book the dentist, Tea & <b>cake</b>, 💧 Drink water\n"), "\(out)")
    }

    @Test(.enabled(if: inCI || missingNotificationTools.isEmpty, "not installed: \(missingNotificationTools.joined(separator: ", "))"))
    func aServerThatReadsMarkupGetsTheBodyEscaped() throws {
        let world = try World("remind-notify-markup")
        try world.habit(["add", "Tea & <b>cake</b>", "--category", "Home", "--daily", "--remind", "11:00"])
        try world.habit(["edit", "dentist", "--remind", "11:00"])
        let out = try notify(world, [remindRun(world, at: "11:00")], markup: true)
        #expect(out.hasSuffix("== received\nhabit\t2 trackers still to do today\t🦷 Book the dentist, Tea &amp; &lt;b&gt;cake&lt;/b&gt;\n"), "\(out)")
    }

    @Test(.enabled(if: inCI || missingNotificationTools.isEmpty, "not installed: \(missingNotificationTools.joined(separator: ", "))"))
    func withoutNotifySendGdbusDelivers() throws {
        let world = try World("remind-notify-gdbus")
        let bin = world.scratch.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/gdbus", withDestinationPath: try #require(ReminderSystemTests.tool("gdbus")))
        try world.habit(["edit", "dentist", "--remind", "09:30"])
        let out = try notify(world, [remindRun(world, at: "09:30", path: bin)])
        #expect(out.hasSuffix("== received\nhabit\t🦷 Book the dentist\tStill to do today · reminder at 09:30\n"), "\(out)")
    }

    // MARK: Done and Snooze on the notification (issue 25)

    /// Shell steps for the e2e script: wait until `count` notifications are displayed; until `text`
    /// is in `file`.
    static func waitDisplayed(_ count: Int) -> String {
        "for i in $(seq 300); do [ \"$(dunstctl count displayed)\" -eq \(count) ] && exit 0; sleep 0.05; done; exit 1"
    }

    static func waitForText(_ text: String, in file: String) -> String {
        "for i in $(seq 300); do grep -qF -- '\(text)' '\(file)' && exit 0; sleep 0.05; done; exit 1"
    }

    /// The data directory under git, so that a change shows as a commit.
    func gitWorld(_ label: String) throws -> World {
        let world = try World(label)
        try world.habit(["edit", "dentist", "--remind", "09:30"])
        try GitCommandLine.run(["init", "-q", "-b", "main"], in: world.data)
        try GitCommandLine.run(["add", "-A"], in: world.data)
        try GitCommandLine.run(["commit", "-qm", "start"], in: world.data)
        return world
    }

    @Test(.enabled(if: inCI || missingNotificationTools.isEmpty, "not installed: \(missingNotificationTools.joined(separator: ", "))"))
    func doneOnTheNotificationMarksTheDayInOneCommit() throws {
        let world = try gitWorld("remind-action-done")
        let menu = world.scratch.path + "/menu"
        let out = try notify(world, [remindRun(world, at: "09:30"), Self.waitDisplayed(1), "dunstctl context",
                                     Self.waitForText("2026-11-22 = true", in: world.data + "/trackers/dentist.toml")],
                             environment: ["NOTIFY_MENU_LOG": menu])
        #expect(!out.contains("[exit 1]"), "\(out)")
        let shown = (try? String(contentsOfFile: menu, encoding: .utf8)) ?? ""
        #expect(shown.contains("#\(Messages(.english)[.reminderActionDone]) (🦷 Book the dentist)"), "\(shown)")
        #expect(shown.contains("#\(Messages(.english)[.reminderActionSnooze]) (🦷 Book the dentist)"), "\(shown)")
        let dentist = try String(contentsOfFile: world.data + "/trackers/dentist.toml", encoding: .utf8)
        #expect(dentist.contains("2026-11-22 = true"))
        #expect(try GitCommandLine.run(["log", "-1", "--format=%s"], in: world.data) == "done: Book the dentist 2026-11-22\n")
        #expect(try GitCommandLine.run(["rev-list", "--count", "HEAD"], in: world.data) == "2\n")
        #expect(try GitCommandLine.run(["status", "--porcelain"], in: world.data).isEmpty)
    }

    @Test(.enabled(if: inCI || missingNotificationTools.isEmpty, "not installed: \(missingNotificationTools.joined(separator: ", "))"))
    func snoozeShowsTheReminderAgainLater() throws {
        let world = try gitWorld("remind-action-snooze")
        let pick = world.scratch.path + "/pick"
        let run = "HABIT_SNOOZE_SECONDS=0.3 " + remindRun(world, at: "09:30")
        let out = try notify(world, [run, Self.waitDisplayed(1), "echo Snooze > '\(pick)'; dunstctl context", Self.waitDisplayed(0),
                                     Self.waitDisplayed(1), "echo Done > '\(pick)'; dunstctl context",
                                     Self.waitForText("2026-11-22 = true", in: world.data + "/trackers/dentist.toml")],
                             environment: ["NOTIFY_PICK_FILE": pick])
        #expect(!out.contains("[exit 1]"), "\(out)")
        // Shown twice: before the snooze and after it; Done the second time.
        #expect(out.hasSuffix("== received\nhabit\t🦷 Book the dentist\tStill to do today · reminder at 09:30\n"
                              + "habit\t🦷 Book the dentist\tStill to do today · reminder at 09:30\n"), "\(out)")
        #expect(try GitCommandLine.run(["log", "-1", "--format=%s"], in: world.data) == "done: Book the dentist 2026-11-22\n")
    }
}
