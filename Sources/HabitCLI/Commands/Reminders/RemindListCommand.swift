import ArgumentParser
import HabitCore
import HabitKit

struct RemindListCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Today's reminders in time order, each with its tracker and whether it is still to do.",
        discussion: "Examples:\n  habit remind\n  habit remind list --json")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var json: JSONFlag<DocumentedShape>

    func run(in session: Session) throws {
        let t = session.t
        let style = session.style
        let (store, today) = try session.loadWithToday()
        let reminders = ReminderRule.reminders(of: store.journal.trackers, on: today, today: today, settings: store.settings, clock: .system)
        let installed = session.reminderScheduler.installation()
        let installedHere = installed.flatMap { $0.command.directory == session.directory.path ? $0 : nil }
        if json.isSet {
            session.context.output.write(JSON.object([
                ("date", .string(today.description)),
                ("reminders", .array(reminders.map { reminder in
                    .object([
                        ("time", .string(reminder.time.description)),
                        ("id", .string(reminder.tracker.id)),
                        ("name", .string(reminder.tracker.name)),
                        ("emoji", .optional(reminder.tracker.emoji)),
                        ("state", .string(reminder.state.rawValue)),
                    ])
                })),
                ("installed", installedHere.map { .string($0.method.rawValue) } ?? .null),
            ]).rendered())
            return
        }
        guard !reminders.isEmpty else {
            session.out(t[.remindNone])
            session.out(style.dim(t[.remindNoneHint]))
            return
        }
        session.out(style.bold(t.text(.remindHeading, t.longDate(today))))
        session.out()
        let width = reminders.map { TerminalText.width(TerminalText.safe($0.tracker.name)) }.max() ?? 0
        for reminder in reminders {
            let emoji = TerminalText.pad(reminder.tracker.emoji.map(TerminalText.safe) ?? "", to: 2)
            let name = TerminalText.pad(session.name(reminder.tracker), to: width)
            let state: String
            switch reminder.state {
            case .due: state = style.bold(t[.reminderStateDue])
            case .done: state = style.green(t[.reminderStateDone])
            case .skipped: state = style.yellow(t[.reminderStateSkipped])
            case .notScheduled: state = style.dim(t[.reminderStateNotScheduled])
            }
            session.out("  \(reminder.time)  \(emoji) \(name)  \(state)")
        }
        session.out()
        if let installedHere {
            session.out(style.dim(ProseWrapping.wrap(installedHere.method == .systemd ? t[.remindDeliveredBySystemd] : t[.remindDeliveredByCron], width: session.width)))
        } else if let installed {
            session.out(style.dim(t.text(.remindInstalledElsewhere, TerminalText.safe(installed.command.directory))))
        } else {
            session.out(style.dim(ProseWrapping.wrap(t[.remindNotInstalled], width: session.width)))
        }
    }
}
