import ArgumentParser
import HabitErrorWords
import HabitKit
import HabitLocalization

struct SyncCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Commit hand edits, then fetch, merge and push, so every machine has every completion.",
        discussion: """
            Data files are merged by habit's own rules (docs/sync-merge.md): days marked on either \
            machine are kept, fields changed on both take the remote's value and say so, and the \
            merged directory is checked before anything is written. Other files use git's line merge \
            and stop on a conflict with your local state intact. A silent remote is given up on after \
            --timeout seconds (or $HABIT_SYNC_TIMEOUT; default 30).

            Examples:
              habit sync
              habit sync --timeout 10
            """)

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("Seconds of silence from the remote before giving up.", valueName: "seconds"))
    var timeout: Double?

    func run(in session: Session) throws {
        let t = session.t
        let report = try SyncProgress(session: session).run({ try session.habits.sync($0) }, timeout: { timeout })
        for line in Self.lines(report, t) { session.out(line) }
        if report.attempts > 1 { session.out(session.style.dim(t.text(.retried, report.attempts))) }
        if report.remoteHeadIsDangling { session.err(t.text(.remoteHeadDangling, "main")) }
        ReminderFollow.afterOutsideChange(session)
    }

    /// What a sync did, in lines: also `habit ui`'s status line after `S` and `habit serve`'s note
    /// after "Sync now" (`SyncWords`).
    static func lines(_ report: SyncReport, _ t: Messages) -> [String] { SyncWords.lines(report, t) }
}
