import ArgumentParser
import HabitCore
import HabitKit

struct RemindRunCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Deliver the reminders that rang since the last run (what the timer runs).",
        discussion: """
            For each tracker scheduled today, neither done nor skipped, whose reminder time came since \
            the last run (or since the day began, the first time), shows one desktop notification, or \
            one for all of them when several are due together. Without a desktop session it prints \
            them instead, for cron to mail. It changes nothing in the data directory; the time of the \
            last run is kept in $XDG_STATE_HOME/habit (else ~/.local/state/habit).

            Example:
              habit remind run
            """)

    @OptionGroup var global: GlobalOptions

    func run(in session: Session) throws {
        let t = session.t
        // Read quietly: under cron every line of output becomes a mail.
        let store = try session.habits.read()
        let clock = LocalClock.system
        let now = session.reminderNow(clock)
        let log = ReminderRunLog(environment: session.context.environment, directory: session.directory)
        let due = log.run(now: now) { lastRun in
            ReminderRule.due(store.journal.trackers, settings: store.settings, clock: clock, now: now, lastRun: lastRun)
        }
        var notifications: [DesktopNotification] = []
        if let only = due.first, due.count == 1 {
            notifications.append(DesktopNotification(summary: Self.label(only.tracker), body: t.text(.reminderBody, only.time)))
        } else if due.count > 1 {
            notifications.append(DesktopNotification(summary: t.text(.reminderSummaryMany, due.count),
                                                     body: t.list(due.map { Self.label($0.tracker) })))
        }
        let desktop = DesktopNotifications(environment: session.context.environment)
        var shown = 0
        // One tracker, and notifications that carry actions: a waiter shows it with Done and Snooze.
        if let only = due.first, due.count == 1, desktop.supportsActions,
           desktop.startWaiter(session.context.executablePath,
                               ["remind", "act", "--dir", session.directory.path, only.tracker.id,
                                session.today(store.settings).description, only.time.description]) {
            notifications = []
            shown = 1
        }
        for notification in notifications {
            if desktop.send(notification) {
                shown += 1
            } else {
                session.out(TerminalText.safe(t.text(.reminderLine, notification.summary, notification.body)))
            }
        }
        let pushed = RemindPushDelivery(session: session).deliver()
        try RemindServiceDelivery(session: session).deliver(due, store: store)
        if session.context.stdoutIsTerminal {
            if due.isEmpty { session.out(t[.remindRunNothing]) } else if shown > 0 { session.out(t.text(.remindRunSent, due.count)) }
        }
        if !pushed { throw ExitCode(ExitStatus.refused) }
    }

    /// "🏃 Morning run"
    static func label(_ tracker: Tracker) -> String {
        (tracker.emoji.map { $0 + " " } ?? "") + tracker.name
    }
}
