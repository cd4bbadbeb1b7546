import ArgumentParser

struct UndoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undone",
        abstract: "Remove the mark of a tracker on a day (today by default).",
        discussion: """
            Examples:
              habit undone run
              habit undone run --date -2
              habit undone run --from 2026-11-16 --to 2026-11-20

            --from and --to remove the lines of every day of a range as one change.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var mark: MarkOptions

    @OptionGroup var range: RangeOptions

    func run() throws {
        if try RangeOptions.isGiven(from: range.from, to: range.to, date: mark.date, Session.messages) {
            try RangeMarking(global: global, tracker: mark.tracker, from: range.from, to: range.to).apply(nil)
            return
        }
        try Marking(global: global, tracker: mark.tracker, date: mark.date).apply(nil)
    }
}
