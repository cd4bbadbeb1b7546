import ArgumentParser
import HabitErrorWords
import HabitKit
import HabitLocalization

/// What git runs for a `git pull` by hand (registered by habit in the repository's config).
struct MergeDriverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-driver",
        abstract: "The git merge driver for habit's data files (registered by habit).",
        shouldDisplay: false)

    @Argument var base: String
    @Argument var ours: String
    @Argument var theirs: String
    @Argument var path: String

    func run() throws {
        let context = Context.current
        let t = Messages(Language.from(environment: context.environment))
        let report = MergeDriver.perform(base: base, ours: ours, theirs: theirs, path: path)
        for note in report.notes { context.errors.line("habit: " + TerminalText.safe(MergeNoteText.line(note, t))) }
        if let reason = report.reason {
            let text: String = switch reason {
            case .unreadable(let path, let file): t.text(.mergeDriverUnreadable, path, file)
            case .cannotWrite(let path, let detail): t.text(.mergeDriverCannotWrite, path, detail)
            case .wouldDelete(let path): t.text(.mergeDriverWouldDelete, path)
            case .conflict(let conflict): ErrorPresenter.mergeConflict(conflict, t)
            }
            context.errors.line("habit: " + TerminalText.safe(text))
        }
        if report.status != 0 { throw ExitCode(report.status) }
    }
}
