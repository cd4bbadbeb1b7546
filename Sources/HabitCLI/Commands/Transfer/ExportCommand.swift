import ArgumentParser
import HabitCore
import HabitKit

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every tracker and its whole history as JSON, CSV or Loop Habit Tracker's CSV export.",
        discussion: """
            Exports only read the data directory. An existing file is replaced only with --force.
            Examples:
              habit export json --output habits.json
              habit export csv > days.csv
              habit export loop "Loop Habits CSV.zip"
            """,
        subcommands: [ExportJSONCommand.self, ExportCSVCommand.self, ExportLoopCommand.self])
}

/// Where `json` and `csv` write: standard output, or a file.
struct ExportOutputOptions: ParsableArguments {
    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file (atomically) instead of standard output.", valueName: "file"),
            completion: .file())
    var output: String?

    @Flag(name: .long, help: "Replace the output file if it exists.")
    var force = false
}

struct ExportJSONCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "json",
        abstract: "The whole data directory as one JSON document (its shape: docs/cli.md).",
        discussion: "Example:\n  habit export json --output habits.json")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: ExportOutputOptions

    func run() throws { try Exporting(global: global).run(.json, to: options.output, force: options.force) }
}

struct ExportCSVCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "One row per tracker per logged day: date,tracker,category,value,note.",
        discussion: "value is done, skipped, or a numeric habit's amount; empty on a day with only a note.\nExample:\n  habit export csv --output days.csv")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: ExportOutputOptions

    func run() throws { try Exporting(global: global).run(.csv, to: options.output, force: options.force) }
}

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

/// The shared flow of the exports: read, build, write (or print), tell.
struct Exporting {
    let global: GlobalOptions

    func run(_ format: ExportFormat, to path: String?, force: Bool) throws {
        let session = Session(global)
        let t = session.t
        let store = try session.habits.read()
        let today = session.today(store.settings)
        guard let path else {
            let result = try session.habits.export(format, of: store, today: today)
            let text = String(decoding: result.bytes, as: UTF8.self)
            // The document as it is into a pipe or a file; on a terminal, nothing that could drive it.
            session.context.output.write(session.context.stdoutIsTerminal ? TerminalText.safeKeepingLines(text) : text)
            return
        }
        let result = try session.habits.export(format, of: store, today: today, to: path, replacing: force)
        session.out(t.text(.exportWritten, result.trackers, result.days, result.notes, TerminalText.safe(path)))
        guard format == .loop || format == .loopBackup else { return }
        session.out(t[.importLosses])
        for loss in result.losses { session.out(Self.text(loss, t)) }
        session.out(t[format == .loopBackup ? .exportLoopBackupNotCarried : .exportLoopNotCarried])
    }

    static func text(_ loss: ExportLoss, _ t: Messages) -> String {
        switch loss {
        case .fixedWeekdays(let tracker, let schedule, let written):
            t.text(.exportLossWeekdays, TerminalText.safe(tracker), t.scheduleSummary(schedule), t.scheduleSummary(written).lowercased())
        case .event(let tracker):
            t.text(.exportLossEvent, TerminalText.safe(tracker))
        case .defaultColor(let trackers):
            t.text(.exportLossColor, trackers.count, t.list(trackers.map { t.text(.importQuotedName, TerminalText.safe($0)) }))
        case .quit(let tracker):
            t.text(.exportLossQuit, TerminalText.safe(tracker))
        case .allowance(let tracker):
            t.text(.exportLossAllowance, TerminalText.safe(tracker))
        }
    }
}
