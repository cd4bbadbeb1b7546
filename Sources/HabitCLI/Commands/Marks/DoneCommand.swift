import ArgumentParser
import HabitKit
import HabitCore

struct DoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done",
        abstract: "Mark a tracker done on a day (today by default), or add to a numeric habit's total.",
        discussion: """
            Refused for a future day, for a habit on a day it is not scheduled, before its start, and \
            for an event already done on another day. A numeric habit (one with a target) is given an \
            amount: --amount adds to the day's total, --set replaces it.

            Examples:
              habit done run
              habit done "Morning run" --date yesterday
              habit done run --date "last friday"
              habit done water --amount 2
              habit done water --set 5 --note "hot day"
              habit done run --from 2026-11-16 --to 2026-11-20

            --from and --to mark every scheduled day of a range as one change (days already done \
            stay as they are); a numeric habit's --amount or --set applies to each day.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var mark: MarkOptions
    @OptionGroup var range: RangeOptions

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("A numeric habit: add this to the day's total (a negative amount corrects it).", valueName: "number"))
    var amount: String?

    @Option(name: .customLong("set"), parsing: .unconditional, help: ArgumentHelp("A numeric habit: the day's total.", valueName: "number"))
    var total: String?

    @Option(name: .long, help: ArgumentHelp("A note for the day (an empty one removes it).", valueName: "text"))
    var note: String?

    func run() throws {
        let t = Session.messages
        if amount != nil, total != nil { throw Failure.usage(t[.amountConflict]) }
        func parse(_ text: String) throws -> Double {
            guard let value = TrackerOptions.number(text) else { throw Failure.usage(t.text(.badAmount, TerminalText.safe(text))) }
            return value
        }
        let change: AmountChange? = try amount.map { .add(try parse($0)) } ?? total.map { .set(try parse($0)) }
        if try RangeOptions.isGiven(from: range.from, to: range.to, date: mark.date, t) {
            try RangeMarking(global: global, tracker: mark.tracker, from: range.from, to: range.to).apply(.done, amount: change, note: note)
            return
        }
        try Marking(global: global, tracker: mark.tracker, date: mark.date).apply(.done, amount: change, note: note)
    }
}
