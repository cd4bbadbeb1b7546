import ArgumentParser
import HabitCore
import HabitKit

struct ImportLoopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loop",
        abstract: "Import Loop Habit Tracker's CSV export (the .zip or its unpacked folder) or its .db backup.",
        discussion: """
            Examples:
              habit import loop "Loop Habits CSV 2025-11-01.zip"
              habit import loop "Loop Habits Backup 2025-11-01 093000.db"
            The .db backup also holds reminders and every explicit “no”; it is read, never changed.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The .zip or folder of Loop's “Export as CSV”, or the .db of its “Export full backup”.", valueName: "path"), completion: .file())
    var path: String
    @OptionGroup var options: ImportOptions

    func run() throws { try Importing(global: global).run(.loop, path: path, options: options) }
}
