import ArgumentParser
import HabitCore
import HabitKit

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every tracker and its whole history as JSON, CSV or Loop Habit Tracker's CSV export, or a year as an SVG heatmap.",
        discussion: """
            Exports only read the data directory. An existing file is replaced only with --force.
            Examples:
              habit export json --output habits.json
              habit export csv > days.csv
              habit export loop "Loop Habits CSV.zip"
              habit export ics > habits.ics
            """,
        subcommands: [ExportJSONCommand.self, ExportCSVCommand.self, ExportLoopCommand.self, ExportSVGCommand.self, ExportICSCommand.self])
}
