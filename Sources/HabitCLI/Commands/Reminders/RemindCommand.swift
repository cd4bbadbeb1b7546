import ArgumentParser

struct RemindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Reminders at the times set on trackers: today's, and the system's scheduler that delivers them.",
        discussion: """
            Set times with `habit add/edit TRACKER --remind 08:00`. `habit remind install` has the \
            system's scheduler (a systemd user timer, else your crontab) run `habit remind run` at \
            those times, which shows a desktop notification for each tracker still to do. See \
            docs/reminders.md.

            Examples:
              habit remind
              habit remind install
              habit remind install --print
              habit remind uninstall
            """,
        subcommands: [RemindListCommand.self, RemindInstallCommand.self, RemindUninstallCommand.self, RemindRunCommand.self, RemindActCommand.self],
        defaultSubcommand: RemindListCommand.self)
}
