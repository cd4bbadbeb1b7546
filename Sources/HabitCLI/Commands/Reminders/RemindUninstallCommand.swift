import ArgumentParser
import HabitKit

struct RemindUninstallCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "uninstall",
        abstract: "Remove the timer or the crontab block that `habit remind install` made.",
        discussion: """
            Only what habit installed goes: its two systemd units, or the lines between its markers \
            in your crontab; every other line of the crontab stays as it was.

            Example:
              habit remind uninstall
            """)

    @OptionGroup var global: GlobalOptions

    func run(in session: Session) throws {
        let removed = try session.reminderScheduler.uninstall()
        if removed.isEmpty {
            session.prose(session.t[.remindNothingToUninstall])
        } else {
            session.prose(session.t.text(.remindUninstalled, session.t.list(removed.map(session.methodWord))))
        }
    }
}
