import ArgumentParser
import HabitKit

struct CategoryRemoveCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Delete a category and all its trackers, after confirmation.",
        discussion: "Examples:\n  habit category rm Home\n  habit category rm Home --yes")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The category.", valueName: "name"), completion: Completions.categories) var name: String
    @Flag(name: .long, help: "Don't ask (required without a terminal).") var yes = false

    func run(in session: Session) throws {
        let t = session.t
        let preview = try session.load()
        let name = try Habits.category(name, in: preview)
        let doomed = preview.journal.trackers.filter { $0.category == name }.map { "“\(session.name($0))”" }
        let question = doomed.isEmpty
            ? t.text(.confirmCategoryRemoval, TerminalText.safe(name))
            : t.text(.confirmCategoryRemovalWithTrackers, TerminalText.safe(name), doomed.count, t.list(doomed))
        guard try session.confirm(question, assumeYes: yes) else {
            session.out(t[.cancelled])
            return
        }
        let removed = try session.habits.removeCategory(name, reusing: preview)
        session.out(removed.isEmpty
            ? t.text(.categoryRemoved, TerminalText.safe(name))
            : t.text(.categoryRemovedWithTrackers, TerminalText.safe(name), removed.count))
    }
}
