import ArgumentParser

struct CategoryAddCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Create a category (added at the end of the list).",
        discussion: "Example:\n  habit category add Health")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The new category's name.", valueName: "name")) var name: String

    func run(in session: Session) throws {
        let name = try TrackerOptions.categoryName(name, session.t)
        let preview = try session.load()
        try session.habits.addCategory(name, reusing: preview)
        session.out(session.t.text(.categoryAdded, TerminalText.safe(name)))
    }
}
