import ArgumentParser
import HabitCore
import HabitKit

extension ReminderMethod: ExpressibleByArgument {}

extension Session {
    /// The machine's scheduler, set to run this program on this data directory.
    var reminderScheduler: ReminderScheduler {
        ReminderScheduler(environment: context.environment, executable: context.executablePath, directory: directory)
    }

    /// Now, as an instant: `HABIT_NOW` read as local time when set (scripts, tests), else the clock.
    func reminderNow(_ clock: LocalClock) -> Int {
        if let (day, minutes) = context.fixedWallClock { return clock.instant(of: day, minutes: minutes) }
        return Int(context.now.timeIntervalSince1970)
    }

    func methodWord(_ method: ReminderMethod) -> String {
        switch method {
        case .systemd: t[.remindMethodSystemd]
        case .cron: t[.remindMethodCron]
        }
    }

    func timesList(_ times: [ReminderTime]) -> String {
        t.list(times.map(\.description))
    }
}

/// Keeps an installed reminder timer in step with the trackers' reminder times: after a change
/// that altered them (any command, through `Habits.onReminderTimesChanged`), after a sync and
/// after `habit commit` of files edited by hand.
enum ReminderFollow {
    /// Rewrites the installation for `times` if there is one, and says so.
    static func refresh(times: [ReminderTime], scheduler: ReminderScheduler, context: Context) {
        let t = Messages(Language.from(environment: context.environment))
        func word(_ method: ReminderMethod) -> String { method == .systemd ? t[.remindMethodSystemd] : t[.remindMethodCron] }
        do {
            switch try scheduler.refresh(times: times) {
            case nil: return
            case .updated(let method, let times)?:
                let line = times.isEmpty ? t.text(.remindFollowedNone, word(method))
                                         : t.text(.remindFollowed, word(method), t.list(times.map(\.description)))
                context.output.line(ProseWrapping.wrap(line, width: context.terminalWidth))
            case .removedByHand(let method)?:
                context.output.line(ProseWrapping.wrap(t.text(.remindRemovedByHand, word(method)), width: context.terminalWidth))
            }
        } catch {
            let reason = ErrorPresenter.failure(error, t).message
            context.errors.line("habit: \(t[.warning]): " + t.text(.remindRefreshFailed, reason))
        }
    }

    /// After a change that did not go through `Habits.change` (a sync, a commit of hand edits):
    /// the times as they are now, against what was installed.
    static func afterOutsideChange(_ session: Session) {
        let scheduler = session.reminderScheduler
        guard let installed = scheduler.installation(), installed.command.directory == session.directory.path,
              let store = try? session.habits.read() else { return }
        refresh(times: store.journal.reminderTimes, scheduler: scheduler, context: session.context)
    }
}
