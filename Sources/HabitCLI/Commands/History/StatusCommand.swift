import ArgumentParser
import FoundationEssentials
import HabitKit
import HabitSystem

struct StatusCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the remote, what is not yet synced, and the last successful sync.",
        discussion: "Examples:\n  habit status\n  habit status --json")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var json: JSONFlag<PlainJSON>

    func run(in session: Session) throws {
        let t = session.t
        guard session.directory.isInitialized else { _ = try session.load(); return }
        let status = session.habits.syncStatus()
        let iso = { (seconds: Double?) in seconds.map { Date(timeIntervalSince1970: $0).formatted(.iso8601) } }
        if json.isSet {
            session.context.output.write(JSON.object([
                ("git", .bool(status.isRepository)), ("branch", .optional(status.branch)), ("remote", .optional(status.remote)),
                ("ahead", .int(status.ahead)), ("behind", .int(status.behind)),
                ("uncommitted", .array(status.uncommitted.map(JSON.string))),
                ("uncommitted_by_habit", status.uncommittedByHabit.map { change in
                    .object([("files", .array(change.paths.map(JSON.string))), ("reason", .string(change.reason))])
                } ?? .null),
                ("interrupted_change", .bool(status.interruptedChange)),
                ("git_merge_in_progress", .bool(status.gitMergeInProgress)),
                ("unsupported_format", .optional(status.unsupportedFormat?.setting)),
                ("last_sync", .optional(iso(status.lastSyncSuccess))),
                ("last_error", .optional(status.lastSyncError)),
                ("problem", .optional(status.problem)),
            ]).rendered())
            return
        }
        guard status.isRepository else {
            session.out(t[.statusPlain])
            return
        }
        if let format = status.unsupportedFormat {
            for line in session.unsupportedFormatLines(format) { session.out(session.style.yellow(line)) }
            guard status.isReadable else { return }
        }
        session.out(status.remote.map { t.text(.statusRemote, TerminalText.safe($0)) } ?? t[.statusNoRemote])
        session.out(t.text(.statusAheadBehind, status.ahead, status.behind))
        if !status.uncommitted.isEmpty { session.out(t.text(.statusUncommitted, t.list(status.uncommitted.map(TerminalText.safe)))) }
        if let change = status.uncommittedByHabit {
            session.out(session.style.yellow(t.text(.statusUncommittedByHabit, t.list(change.paths.map(TerminalText.safe)), TerminalText.safe(change.reason))))
        }
        if status.interruptedChange { session.out(session.style.yellow(t[.statusInterrupted])) }
        if status.gitMergeInProgress { session.out(session.style.yellow(t[.statusGitMerge])) }
        if let problem = status.problem { session.out(session.style.yellow(t.text(.statusProblem, TerminalText.safe(problem)))) }
        session.out(t.text(.statusLastSync, status.lastSyncSuccess.map { session.clockText($0) } ?? t[.never]))
        if let error = status.lastSyncError { session.out(session.style.yellow(t.text(.statusLastError, session.reasonText(error)))) }
    }
}

extension Session {
    /// What `habit status` and `habit check` say of a repository format every change refuses: the
    /// refusal's words (`unsupportedRepository`) and its hint.
    func unsupportedFormatLines(_ format: UnsupportedRepositoryFormat) -> [String] {
        [t.text(.unsupportedRepositoryFound, TerminalText.safe(format.setting)),
         format.fix.map { t.text(.unsupportedRepositoryHint, TerminalText.safe($0)) } ?? t[.unsupportedRepositoryNoFixHint]]
    }

    /// "2026-11-22 03:16" in the user's time zone.
    func clockText(_ seconds: Double) -> String {
        LocalTime.minuteText(at: Int(seconds.rounded(.down)))
    }
}
