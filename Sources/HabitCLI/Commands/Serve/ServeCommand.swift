import ArgumentParser
import HabitKit
import HabitLocalization
import HabitStore
import HabitSystem

/// `habit serve`: the web app lives in a second program, `habit-serve`, installed beside `habit`,
/// so the server library never loads in `habit` itself. This command only finds it and becomes it.
struct ServeCommand: SessionRunningCommand {
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
              habit serve --devices
              habit serve --token add tasker --tracker Run
            """)

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("The address and port to listen on.", valueName: "addr:port"))
    var listen: String?

    @Option(name: .long, help: ArgumentHelp("Run habit sync in the background this often: 15m, 1h, 90s.", valueName: "duration"))
    var syncEvery: String?

    @Option(name: .long, help: ArgumentHelp("Another name the browser may use for this server (repeatable).", valueName: "name"))
    var allowHost: [String] = []

    @Option(name: .long, help: ArgumentHelp("Who runs this server, for the push services of push reminders: mailto:ADDRESS or an https: URL (kept).", valueName: "url"))
    var pushContact: String?

    @Flag(name: .long, help: "Serve without the token (refused on any address but the loopback one).")
    var noAuth = false

    @Flag(name: .long, help: "Make a new token, so every browser logged in must log in again.")
    var newToken = false

    @Flag(name: .long, help: "Set a password the login page takes as well as the token (asked twice, not shown), and exit.")
    var setPassword = false

    @Flag(name: .long, help: "List the devices logged in (name, since when, last seen), and exit.")
    var devices = false

    @Option(name: .long, help: ArgumentHelp("Log out the device of this name (see --devices), and exit.", valueName: "name"))
    var revoke: String?

    @Option(name: .long, parsing: .upToNextOption,
            help: ArgumentHelp("API tokens for the JSON API: add NAME (printed once), list, or revoke NAME; then exit.", valueName: "action"))
    var token: [String] = []

    @Flag(name: .long, help: "With --token add: a token that reads and changes nothing.")
    var readOnly = false

    @Option(name: .long, help: ArgumentHelp("With --token add: a token for this tracker only.", valueName: "tracker"))
    var tracker: String?

    @Flag(name: .long, help: "With --token add: a calendar feed token, for /calendar.ics?token= only (docs/api.md).")
    var feed = false

    func run(in session: Session) throws {
        if setPassword { return try askPassword(session) }
        let access = ServeAccessCommands(session: session)
        if devices { return try access.listDevices() }
        if let revoke { return try access.revokeDevice(revoke) }
        if !token.isEmpty || readOnly || tracker != nil || feed { return try access.token(token, readOnly: readOnly, tracker: tracker, feed: feed) }
        var arguments: [String] = []
        if let listen { arguments += ["--listen", listen] }
        if let syncEvery { arguments += ["--sync-every", syncEvery] }
        for name in allowHost { arguments += ["--allow-host", name] }
        if noAuth { arguments.append("--no-auth") }
        if newToken { arguments.append("--new-token") }
        if let pushContact { arguments += ["--push-contact", pushContact] }
        try SiblingProgram(name: "habit-serve", missing: .serveProgramMissing, missingHint: .serveProgramMissingHint)
            .become(session, arguments: arguments)
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
