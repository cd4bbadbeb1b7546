import ArgumentParser
import Foundation
import HabitGit
import HabitKit

struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Commit hand edits, then fetch, merge and push, so every machine has every completion.",
        discussion: """
            Data files are merged by habit's own rules (docs/sync.md): days marked on either machine are \
            kept, fields changed on both take the remote's value and say so. Other files use git's merge \
            and stop on a conflict with your local state intact. A silent remote is given up on after \
            --timeout seconds (or $HABIT_SYNC_TIMEOUT; default 30).

            Examples:
              habit sync
              habit sync --timeout 10
            """)

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("Seconds of silence from the remote before giving up.", valueName: "seconds"))
    var timeout: Double?

    func run() throws {
        let session = Session(global)
        let s = session.sync
        let report = try session.gitOperation {
            try session.workspace.sync(network: session.network(timeout: timeout), onWait: { holder in
                session.err("waiting for the data directory (held by \(TerminalText.safe(holder)))…")
            })
        }
        session.endProgress()
        if !report.committedHandEdits.isEmpty { session.out(s.committedHandEdits(report.committedHandEdits.map(TerminalText.safe))) }
        switch report.action {
        case .upToDate: session.out(s.upToDate)
        case .pushed(let count): session.out(s.pushed(count))
        case .fastForwarded(let count): session.out(s.received(count))
        case .merged(let pushed, let received): session.out(s.merged(pushed: pushed, received: received))
        case .firstPush(let count): session.out(s.firstPush(count))
        }
        for note in report.notes { session.out("  " + TerminalText.safe(note.message)) }
        if report.attempts > 1 { session.out(session.style.dim(s.retried(report.attempts))) }
    }
}

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the remote, what is not yet synced, and the last successful sync.",
        discussion: "Examples:\n  habit status\n  habit status --json")

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Print JSON.") var json = false

    func run() throws {
        let session = Session(global)
        let s = session.sync
        guard session.directory.isInitialized else { _ = try session.load(); return }
        let status = session.workspace.syncStatus()
        let formatter = ISO8601DateFormatter()
        if json {
            session.context.output.write(JSON.object([
                ("git", .bool(status.isRepository)), ("branch", .optional(status.branch)), ("remote", .optional(status.remote)),
                ("ahead", .int(status.ahead)), ("behind", .int(status.behind)),
                ("uncommitted", .array(status.uncommitted.map(JSON.string))),
                ("last_sync", .optional(status.state.lastSuccess.map(formatter.string))),
                ("last_error", .optional(status.state.lastError)),
            ]).rendered())
            return
        }
        guard status.isRepository else {
            session.out(s.statusPlain)
            return
        }
        session.out(status.remote.map { s.statusRemote(TerminalText.safe($0)) } ?? s.statusNoRemote)
        session.out(s.statusAheadBehind(ahead: status.ahead, behind: status.behind))
        if !status.uncommitted.isEmpty { session.out(s.statusUncommitted(status.uncommitted.map(TerminalText.safe))) }
        session.out(s.statusLastSync(status.state.lastSuccess.map { session.clockText($0) }))
        if let error = status.state.lastError { session.out(session.style.yellow(s.statusLastError(TerminalText.safe(error)))) }
    }
}

struct CommitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "commit",
        abstract: "Check files edited by hand and commit them (nothing is committed if one has an error).",
        discussion: "Example:\n  habit commit")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let session = Session(global)
        _ = try session.load()
        let files = try session.gitOperation { try session.workspace.commitHandEdits() }
        session.out(files.isEmpty ? session.sync.nothingToCommit : session.sync.committed(files.map(TerminalText.safe)))
    }
}

struct RemoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote",
        abstract: "Show or set the git remote that `habit sync` uses.",
        discussion: """
            Any git URL works: a path, file://, git://, ssh:// or https:// (credentials from ssh-agent, \
            ~/.ssh keys, HABIT_GIT_USERNAME/HABIT_GIT_PASSWORD or git's credential helper).

            Examples:
              habit remote
              habit remote set git@example.org:me/habits.git
            """,
        subcommands: [Show.self, Set.self],
        defaultSubcommand: Show.self)

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Print the remote (credentials hidden).",
                                                        discussion: "Example:\n  habit remote show")
        @OptionGroup var global: GlobalOptions
        func run() throws {
            let session = Session(global)
            let status = session.workspace.syncStatus()
            session.out(status.remote.map { TerminalText.safe($0) } ?? session.sync.statusNoRemote)
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Set the remote.",
                                                        discussion: "Example:\n  habit remote set /srv/git/habits.git")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The remote's URL.", valueName: "url")) var url: String
        func run() throws {
            let session = Session(global)
            _ = try session.load()
            try session.gitOperation { try session.workspace.setRemote(url) }
            session.out(session.sync.remoteSet(TerminalText.safe(redactCredentials(url))))
        }
    }
}

struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "The history of changes, from git, newest first.",
        discussion: "Examples:\n  habit log\n  habit log run --limit 5\n  habit log --json")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("Only changes of this tracker.", valueName: "tracker")) var tracker: String?
    @Option(name: .long, help: "How many changes to show.") var limit = 20
    @Flag(name: .long, help: "Print JSON.") var json = false

    func run() throws {
        let session = Session(global)
        let store = try session.load()
        let path = try tracker.map { "trackers/\(try session.resolve($0, in: store).id).toml" }
        let commits = try session.gitOperation { try session.workspace.history(limit: max(1, limit), touching: path) }
        if json {
            let formatter = ISO8601DateFormatter()
            session.context.output.write(JSON.array(commits.map { commit in
                .object([
                    ("id", .string(commit.id.hex)), ("date", .string(formatter.string(from: commit.time.date))),
                    ("author", .string(commit.authorName)), ("summary", .string(commit.summary)),
                    ("files", .array(commit.changedPaths.map(JSON.string))),
                ])
            }).rendered())
            return
        }
        guard !commits.isEmpty else { session.out(session.sync.noHistory); return }
        for commit in commits {
            let when = session.clockText(commit.time.date)
            session.out("\(session.style.dim(when))  \(TerminalText.safe(commit.summary))")
        }
    }
}

struct MergeDriverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-driver",
        abstract: "The git merge driver for habit's data files (registered by `habit init`).",
        shouldDisplay: false)

    @Argument var base: String
    @Argument var ours: String
    @Argument var theirs: String
    @Argument var path: String

    func run() throws {
        let code = MergeDriver.run(base: base, ours: ours, theirs: theirs, path: path)
        if code != 0 { throw ExitCode(code) }
    }
}
