import ArgumentParser
import HabitCore
import HabitKit
import HabitLocalization

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

/// Tells what became of an installed reminder timer that followed a change (the policy itself is
/// HabitKit's: `Habits.followReminderTimes` and `followReminderTimesAfterOutsideChange`).
enum ReminderFollow {
    /// Says that the installation was rewritten or found removed, or warns that it could not be.
    static func report(_ result: Result<ReminderRefresh?, HabitError>, context: Context) {
        let t = Messages(Language.from(environment: context.environment))
        func word(_ method: ReminderMethod) -> String { method == .systemd ? t[.remindMethodSystemd] : t[.remindMethodCron] }
        switch result {
        case .success(nil): return
        case .success(.updated(let method, let times)?):
            let line = times.isEmpty ? t.text(.remindFollowedNone, word(method))
                                     : t.text(.remindFollowed, word(method), t.list(times.map(\.description)))
            context.output.line(ProseWrapping.wrap(line, width: context.terminalWidth))
        case .success(.removedByHand(let method)?):
            context.output.line(ProseWrapping.wrap(t.text(.remindRemovedByHand, word(method)), width: context.terminalWidth))
        case .failure(let error):
            let reason = ErrorPresenter.failure(error, t).message
            context.errors.line("habit: \(t[.warning]): " + t.text(.remindRefreshFailed, reason))
        }
    }

    /// After a change that did not go through `Habits.change` (a sync, a commit of hand edits).
    static func afterOutsideChange(_ session: Session) {
        if let result = session.habits.followReminderTimesAfterOutsideChange(with: session.reminderScheduler) {
            report(result, context: session.context)
        }
    }
}
