import ArgumentParser

struct CommitCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "commit",
        abstract: "Check files edited by hand and commit them (nothing is committed if one has an error).",
        discussion: "Example:\n  habit commit")

    @OptionGroup var global: GlobalOptions

    func run(in session: Session) throws {
        let t = session.t
        _ = try session.load()
        let files = try session.habits.commitHandEdits()
        session.out(files.isEmpty ? t[.nothingToCommit] : t.text(.committed, files.count == 1 ? TerminalText.safe(files[0]) : t.text(.fileCount, files.count)))
        if !files.isEmpty { ReminderFollow.afterOutsideChange(session) }
    }
}
