import ArgumentParser
import HabitCore
import HabitKit
import HabitStore

/// `habit remind run`'s second way out: the services of `remind.notify` in
/// `$XDG_CONFIG_HOME/habit/config.toml`, through `apprise`, one target at a time (docs/reminders.md).
struct RemindServiceDelivery {
    let session: Session

    /// Sends what `due` says to every configured target: the same message the desktop gets (one
    /// tracker, or a summary of several). Each target that failed is reported on standard error
    /// (its scheme and host only: the rest of an Apprise URL holds secrets) after the others were
    /// tried, and the run then exits 1.
    func deliver(_ due: [Reminder], store: Store) throws {
        guard try !send(due, store: store) else { return }
        throw ExitCode(ExitStatus.refused)
    }

    /// true when every target took it.
    private func send(_ due: [Reminder], store: Store) throws -> Bool {
        guard !due.isEmpty else { return true }
        let t = session.t
        let environment = session.context.environment
        let services: ReminderServices
        do {
            guard let loaded = try ReminderServices.load(environment: environment) else { return true }
            services = loaded
        } catch {
            // Not the data directory's words ("cannot be changed…"): this file is only read.
            guard case .invalidFiles(let diagnostics) = error else { throw ErrorPresenter.failure(error, t) }
            throw Failure(t.text(.remindNotifyConfigInvalid, ReminderServices.path(environment: environment)), diagnostics: diagnostics)
        }
        var message: AppriseTarget.Message
        if let only = due.first, due.count == 1 {
            message = AppriseTarget.Message(title: RemindRunCommand.label(only.tracker), body: t.text(.reminderBody, only.time))
            // A Done button for ntfy, where `habit serve` can be reached.
            if let server = services.server, services.targets.contains(where: { $0.hasPrefix("ntfy://") || $0.hasPrefix("ntfys://") }) {
                let token: String
                do { token = try ReminderDoneToken.secret(tracker: only.tracker.id, directory: session.directory, environment: environment) } catch {
                    throw ErrorPresenter.failure(error, t)
                }
                message.done = AppriseTarget.DoneAction(label: t[.reminderActionDone], server: server, token: token,
                                                        tracker: only.tracker.id, day: session.today(store.settings))
            }
        } else {
            message = AppriseTarget.Message(title: t.text(.reminderSummaryMany, due.count), body: t.list(due.map { RemindRunCommand.label($0.tracker) }))
        }
        let apprise = AppriseTarget(environment: environment)
        guard apprise.executable != nil else {
            session.err(t.text(.remindNotifyNoApprise, services.file))
            return false
        }
        var allSent = true
        for (index, target) in services.targets.enumerated() {
            guard apprise.send(message, to: target) != nil else { continue }
            allSent = false
            session.err(t.text(.remindNotifyFailed, ReminderServices.redacted(target), index + 1, services.file))
        }
        return allSent
    }
}
