import ArgumentParser

struct RemoteShowCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print the remote (credentials hidden).",
                                                    discussion: "Example:\n  habit remote show")
    @OptionGroup var global: GlobalOptions

    func run(in session: Session) throws {
        session.out(session.habits.remote().map { TerminalText.safe($0) } ?? session.t[.statusNoRemote])
    }
}
