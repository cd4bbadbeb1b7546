import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import HabitKit
import HabitLocalization
import HabitStore
import HabitSystem

/// `habit serve`: the web app lives in a second program, `habit-serve`, installed beside `habit`,
/// so the server library never loads in `habit` itself. This command only finds it and becomes it.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the trackers as a web app for a phone or a browser (docs/serve.md).",
        discussion: """
            Listens on 127.0.0.1:8023 unless told otherwise. The first line printed is the address to \
            open, with a one-time token that the browser exchanges for a session cookie; the token is \
            kept in $XDG_CONFIG_HOME/habit/serve-token (mode 0600), never in the data directory. On any \
            address other than the loopback one the server refuses to start without authentication.

            Examples:
              habit serve
              habit serve --listen 0.0.0.0:8023 --allow-host myhost.local --sync-every 15m
            """)

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("The address and port to listen on.", valueName: "addr:port"))
    var listen: String?

    @Option(name: .long, help: ArgumentHelp("Run habit sync in the background this often: 15m, 1h, 90s.", valueName: "duration"))
    var syncEvery: String?

    @Option(name: .long, help: ArgumentHelp("Another name the browser may use for this server (repeatable).", valueName: "name"))
    var allowHost: [String] = []

    @Flag(name: .long, help: "Serve without the token (refused on any address but the loopback one).")
    var noAuth = false

    @Flag(name: .long, help: "Make a new token, so every browser logged in must log in again.")
    var newToken = false

    @Flag(name: .long, help: "Set a password the login page takes as well as the token (asked twice, not shown), and exit.")
    var setPassword = false

    func run() throws {
        let session = Session(global)
        if setPassword { return try askPassword(session) }
        let executable = session.context.executablePath
        let folder = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let server = (folder.isEmpty ? "." : folder) + "/habit-serve"
        guard ProcessImage.isExecutable(server) else {
            throw Failure(session.t.text(.serveProgramMissing, server), hint: session.t[.serveProgramMissingHint])
        }
        var arguments = ["--dir", session.directory.path]
        if let listen { arguments += ["--listen", listen] }
        if let syncEvery { arguments += ["--sync-every", syncEvery] }
        for name in allowHost { arguments += ["--allow-host", name] }
        if noAuth { arguments.append("--no-auth") }
        if newToken { arguments.append("--new-token") }
        let failure = ProcessImage.replace(path: server, arguments: arguments, environment: session.context.environment)
        throw Failure(session.t.text(.serveProgramNotStarted, server, String(cString: strerror(failure))))
    }

    /// Asks twice without echo and keeps a salted hash next to the token (HabitKit's `ServePassword`).
    private func askPassword(_ session: Session) throws {
        let t = session.t
        let context = session.context
        guard context.stdinIsTerminal else { throw Failure.usage(t[.servePasswordNeedsTerminal]) }
        context.output.write(t[.servePasswordPrompt] + " ")
        guard let first = context.readSecret() else { throw Failure(t[.cancelled], exitCode: ExitStatus.interrupted) }
        guard first.count >= ServePassword.minimumLength else {
            throw Failure(t.text(.servePasswordTooShort, ServePassword.minimumLength))
        }
        context.output.write(t[.servePasswordAgain] + " ")
        guard let second = context.readSecret() else { throw Failure(t[.cancelled], exitCode: ExitStatus.interrupted) }
        guard first == second else { throw Failure(t[.servePasswordMismatch]) }
        let environment = context.environment
        do {
            try ServePassword(hashing: first).store(environment: environment)
        } catch {
            throw ErrorPresenter.failure(error, t)
        }
        session.out(t.text(.servePasswordSet, TerminalText.safe(ServePassword.path(environment: environment))))
    }
}
