import ArgumentParser
import HabitKit
import HabitCore

struct SlipCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slip",
        abstract: "Log a slip of a habit to quit on a day (today by default).",
        discussion: """
            A habit to quit (habit add NAME --quit) counts every day as kept unless a slip is logged. \
            A slip is written in the log as "slip"; the clean run starts again after it. \
            `habit unslip` removes it.

            Examples:
              habit slip smoking
              habit slip smoking --date yesterday --note "party"
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var mark: MarkOptions

    @Option(name: .long, help: ArgumentHelp("A note for the day (an empty one removes it).", valueName: "text"))
    var note: String?

    func run() throws {
        try Marking(global: global, tracker: mark.tracker, date: mark.date).apply(.slipped, note: note)
    }
}
