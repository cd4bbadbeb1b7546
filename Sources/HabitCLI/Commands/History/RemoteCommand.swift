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

struct RemoteShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print the remote (credentials hidden).",
                                                    discussion: "Example:\n  habit remote show")
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let session = Session(global)
        session.out(session.habits.remote().map { TerminalText.safe($0) } ?? session.t[.statusNoRemote])
    }
}

struct RemoteSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "set", abstract: "Set the remote.",
                                                    discussion: "Example:\n  habit remote set /srv/git/habits.git")
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The remote's URL.", valueName: "url")) var url: String

    func run() throws {
        let session = Session(global)
        _ = try session.load()
        try session.habits.setRemote(url)
        session.out(session.t.text(.remoteSet, TerminalText.safe(session.habits.remote() ?? "")))
    }
}
