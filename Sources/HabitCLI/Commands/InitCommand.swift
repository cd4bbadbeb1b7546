import ArgumentParser
import HabitKit
import HabitStore

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the data directory (a git repository) and show how to start.",
        discussion: """
            Every change then becomes a git commit on branch main. With --remote, an existing habit \
            repository is cloned (and checked), or an empty one receives this new directory.
            In an existing plain directory, --git turns history on.

            Examples:
              habit init
              habit init --dir ~/notes/habits --no-git
              habit init --remote git@example.org:me/habits.git
              habit init --git
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "A plain directory: no history and no sync.")
    var noGit = false

    @Flag(name: .long, help: "Turn history on in an existing plain data directory.")
    var git = false

    @Option(name: .long, help: ArgumentHelp("Clone this habit repository, or connect this empty one.", valueName: "url"))
    var remote: String?

    func validate() throws {
        if noGit && (git || remote != nil) { throw ValidationError("--no-git cannot be combined with --git or --remote.") }
    }

    func run() throws {
        let session = Session(global)
        let t = session.t
        let directory = session.directory
        if directory.isInitialized {
            if git {
                try session.gitOperation { try session.workspace.enableHistory() }
                session.out(session.sync.historyEnabled)
                return
            }
            throw Failure(t.alreadyInitialized(TerminalText.safe(directory.path)), hint: "Run `habit` to see today's trackers.")
        }
        let outcome = try session.gitOperation {
            try session.workspace.initialize(settingsText: InitCommand.settingsTemplate, git: !noGit, remote: remote,
                                             network: session.network(timeout: nil))
        }
        session.endProgress()
        switch outcome {
        case .created:
            session.out(t.welcome(directory: TerminalText.safe(directory.path)))
            session.out()
            session.out(session.sync.initialized(git: !noGit))
        case .cloned(let trackers):
            session.out(session.sync.cloned(trackers: trackers))
        case .connectedEmptyRemote:
            session.out(t.welcome(directory: TerminalText.safe(directory.path)))
            session.out()
            session.out(session.sync.connectedEmptyRemote)
        }
    }

    static let settingsTemplate = """
        # habit settings. Categories are listed in display order.
        categories = []
        week_starts_on = "mon"
        # day_starts_at = "03:00"   # keep "today" until 3 am, for night owls

        """
}
