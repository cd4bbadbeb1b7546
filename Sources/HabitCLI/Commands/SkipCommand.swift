import ArgumentParser
import HabitCore

struct SkipCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip",
        abstract: "Mark a day of a tracker as skipped for a good reason (today by default).",
        discussion: """
            A skipped day is excused: it neither extends nor breaks a streak and is left out of the \
            completion rate. It is written in the log as "skip". Refused for a future day, for a habit \
            on a day it is not scheduled, and before its start; `habit undone` removes the mark.

            Examples:
              habit skip run
              habit skip "Morning run" --date yesterday
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var mark: MarkOptions

    func run() throws { try Marking(global: global, options: mark).apply(.skipped) }
}
