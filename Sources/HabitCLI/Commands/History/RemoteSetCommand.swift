import ArgumentParser

struct RemoteSetCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(commandName: "set", abstract: "Set the remote.",
                                                    discussion: "Example:\n  habit remote set /srv/git/habits.git")
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The remote's URL.", valueName: "url")) var url: String

    func run(in session: Session) throws {
        _ = try session.load()
        try session.habits.setRemote(url)
        session.out(session.t.text(.remoteSet, TerminalText.safe(session.habits.remote() ?? "")))
    }
}
