import ArgumentParser
import HabitCore
import HabitKit

struct RemindInstallCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Have the system's scheduler run `habit remind run` at every reminder time.",
        discussion: """
            With a systemd user manager running, installs the user units habit-remind.service and \
            habit-remind.timer (in $XDG_CONFIG_HOME/systemd/user, else ~/.config/systemd/user) and \
            starts the timer; otherwise adds a marked block to your crontab. This is the one thing \
            habit writes outside its data directory, because you asked. Run it again at any time; a \
            change of reminder times made through habit updates it by itself.

            Examples:
              habit remind install
              habit remind install --print
              habit remind install --using cron
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Show what would be installed, and install nothing.")
    var print = false

    @Option(name: .long, help: ArgumentHelp("systemd or cron (default: systemd when a user manager runs, else cron).", valueName: "scheduler"))
    var using: ReminderMethod?

    func run(in session: Session) throws {
        let t = session.t
        let store = try session.load()
        let times = store.journal.reminderTimes
        let scheduler = session.reminderScheduler
        let method = try scheduler.method(using)
        if print {
            let plan = scheduler.plan(method, times: times)
            var parts = plan.files.map { "# \($0.path)\n\($0.text)" }
            if method == .systemd, times.isEmpty { parts.append(t[.remindPrintNoTimer] + "\n") }
            if let block = plan.crontabBlock { parts.append(t[.remindPrintCrontab] + "\n" + block) }
            session.context.output.write(TerminalText.safeKeepingLines(parts.joined(separator: "\n")))
            return
        }
        let report = try scheduler.install(method, times: times)
        let timesText = session.timesList(report.times)
        switch report.method {
        case .systemd:
            session.prose(times.isEmpty ? t[.remindNoTimesYet] : t.text(.remindInstalledTimer, timesText))
            if let folder = report.unitFolder { session.out(t.text(.remindUnitsAt, TerminalText.safe(folder))) }
            if !report.isRunningNow, !times.isEmpty { session.prose(t[.remindTimerAtLogin]) }
        case .cron:
            session.prose(times.isEmpty ? t[.remindNoTimesYet] : t.text(.remindInstalledCrontab, timesText))
            if report.cronDaemonRuns == false { session.err("habit: \(t[.warning]): " + t[.remindCronNotRunning]) }
        }
        if let replaced = report.replaced { session.prose(t.text(.remindReplaced, session.methodWord(replaced))) }
    }
}
