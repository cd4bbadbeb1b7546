import ArgumentParser

struct RemoteShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print the remote (credentials hidden).",
                                                    discussion: "Example:\n  habit remote show")
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let session = Session(global)
        session.out(session.habits.remote().map { TerminalText.safe($0) } ?? session.t[.statusNoRemote])
    }
}
