import ArgumentParser
import HabitKit

struct InitCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the data directory (a git repository) and show how to start.",
        discussion: """
            Every change then becomes a git commit. Folders above the directory are created as \
            needed. With --remote, an existing habit repository is cloned (and checked), or an empty \
            one receives this new directory. In an existing plain directory, --git turns history on.

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

    @Option(name: .long, help: ArgumentHelp("Seconds of silence from the remote before giving up.", valueName: "seconds"))
    var timeout: Double?

    func run(in session: Session) throws {
        let t = session.t
        if noGit && (git || remote != nil) { throw Failure.usage(t[.initNoGitConflict], hint: t[.initNoGitConflictHint]) }
        let directory = TerminalText.safe(session.directory.path)
        if git, session.directory.isInitialized {
            session.out(try session.habits.enableHistory() ? t[.historyEnabled] : t[.historyAlreadyOn])
            return
        }
        let outcome = try SyncProgress(session: session).run { options in
            try session.habits.initialize(settings: SettingsTemplate.text(), history: !noGit, remote: remote, options: options)
        } timeout: { timeout }
        switch outcome {
        case .created(let history):
            session.prose(t.text(.welcome, directory))
            session.out()
            session.out(history ? t[.initialized] : t[.initializedPlain])
        case .cloned(let trackers):
            session.out(t.text(.cloned, trackers))
        case .connectedEmptyRemote(let branch, _):
            session.prose(t.text(.welcome, directory))
            session.out()
            session.out(t.text(.connectedEmptyRemote, TerminalText.safe(branch)))
        }
    }
}
