import ArgumentParser

struct RemoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote",
        abstract: "Show or set the git remote that `habit sync` uses.",
        discussion: """
            Any git URL works: a path, file://, git://, ssh:// or git@host:path, https:// (credentials \
            from ssh-agent, ~/.ssh keys, HABIT_GIT_USERNAME/HABIT_GIT_PASSWORD or git's credential \
            helper). See docs/sync.md, "Setting up a remote".

            Examples:
              habit remote
              habit remote set git@example.org:me/habits.git
            """,
        subcommands: [RemoteShowCommand.self, RemoteSetCommand.self],
        defaultSubcommand: RemoteShowCommand.self)
}
