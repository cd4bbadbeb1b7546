import ArgumentParser

struct UndoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undone",
        abstract: "Remove the mark of a tracker on a day (today by default).",
        discussion: """
            Examples:
              habit undone run
              habit undone run --date -2
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var mark: MarkOptions

    func run() throws { try Marking(global: global, tracker: mark.tracker, date: mark.date).apply(nil) }
}
