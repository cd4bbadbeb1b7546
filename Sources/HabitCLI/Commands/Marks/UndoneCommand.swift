import ArgumentParser

struct UndoneCommand: InvocableCommand {
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

    var invocation: CommandInvocation {
        .undone(global.values, tracker: mark.tracker, date: mark.date, from: range.from, to: range.to)
    }

    func run() throws { try invocation.run() }

    static func run(_ global: GlobalValues, tracker: String, date: String?, from: String?, to: String?) throws {
        if try RangeOptions.isGiven(from: from, to: to, date: date, Session.messages) {
            try RangeMarking(global: global, tracker: tracker, from: from, to: to).apply(nil)
            return
        }
        try Marking(global: global, tracker: tracker, date: date).apply(nil)
    }
}
