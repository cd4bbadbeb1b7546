import ArgumentParser
import HabitCore
import HabitKit
#if canImport(Glibc)
import Glibc
#endif

/// The waiter `habit remind run` leaves behind for a one-tracker reminder where notifications carry
/// actions: it shows the notification with "Done" and "Snooze 10 min" and waits for the answer.
/// Done marks the day through the same use case as `habit done`; Snooze shows the reminder again
/// 10 minutes later, unless the day was marked meanwhile. Not for people: hidden from the help.
struct RemindActCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "act",
        abstract: "Wait for the answer to a reminder's notification (started by habit remind run).",
        shouldDisplay: false)

    @OptionGroup var global: GlobalOptions

    @Argument var tracker: String
    @Argument var day: String
    @Argument var time: String

    /// How long a notification waits for an answer (it is gone by then on most desktops), and how
    /// long a snooze lasts (`HABIT_SNOOZE_SECONDS`, for tests).
    static let answerSeconds = 12.0 * 3600
    static let snoozeSeconds = 600.0

    func run(in session: Session) throws {
        let t = session.t
        guard let day = CivilDate(day) else { throw Failure.usage(t.text(.badDate, TerminalText.safe(self.day))) }
        let environment = session.context.environment
        let desktop = DesktopNotifications(environment: environment)
        let snooze = environment["HABIT_SNOOZE_SECONDS"].flatMap(Double.init).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil } ?? Self.snoozeSeconds
        while true {
            let store = try session.habits.read()
            guard let target = store.journal.tracker(id: tracker),
                  ReminderRule.state(of: target, on: day, today: session.today(store.settings)) == .due else { return }
            let notification = DesktopNotification(summary: RemindRunCommand.label(target), body: t.text(.reminderBody, time))
            let answer = desktop.ask(notification, actions: [("done", t[.reminderActionDone]), ("snooze", t[.reminderActionSnooze])],
                                     timeoutSeconds: Self.answerSeconds)
            switch answer {
            case "done":
                let today = session.today(store.settings)
                _ = try session.habits.mark(.done, target.id, on: day, today: today)
                return
            case "snooze":
                usleep(UInt32(min(snooze, 3600) * 1_000_000))
            default:
                return
            }
        }
    }
}
