import ArgumentParser
import HabitKit

struct CategoryRenameCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Rename a category; every tracker in it follows.",
        discussion: "Example:\n  habit category rename Health Fitness")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The current name.", valueName: "old"), completion: Completions.categories) var old: String
    @Argument(help: ArgumentHelp("The new name.", valueName: "new")) var new: String

    func run(in session: Session) throws {
        let new = try TrackerOptions.categoryName(new, session.t)
        let preview = try session.load()
        let old = try Habits.category(old, in: preview)
        let count = try session.habits.renameCategory(old, to: new, reusing: preview)
        session.out(session.t.text(.categoryRenamed, TerminalText.safe(old), TerminalText.safe(new), count))
    }
}
