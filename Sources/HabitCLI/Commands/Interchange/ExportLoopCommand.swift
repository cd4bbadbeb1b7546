import ArgumentParser
import HabitCore
import HabitInterchange
import HabitKit

struct ExportLoopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loop",
        abstract: "A .zip in Loop Habit Tracker's CSV export format, or a .db in its backup format, which Loop imports.",
        discussion: """
            A name ending in .db writes Loop's full backup (its SQLite database), which Loop's
            Settings → Import data takes; any other name writes the CSV export as a .zip.
            Examples:
              habit export loop "Loop Habits CSV.zip"
              habit export loop "Loop Habits Backup.db"
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The .zip (CSV export) or .db (backup) to write.", valueName: "out.zip|out.db"), completion: .file(extensions: ["zip", "db"]))
    var path: String
    @Flag(name: .long, help: "Replace the file if it exists.")
    var force = false

    func run() throws {
        let format: ExportFormat = path.lowercased().hasSuffix(".db") ? .loopBackup : .loop
        try Exporting(global: global).run(format, to: path, force: force)
    }
}
