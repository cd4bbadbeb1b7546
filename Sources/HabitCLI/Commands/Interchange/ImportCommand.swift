import ArgumentParser
import HabitCore
import HabitInterchange
import HabitKit

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring in trackers and their history from another habit tracker.",
        discussion: """
            Everything is written in one change (one commit); a malformed file writes nothing.
            Examples:
              habit import loop "Loop Habits CSV 2025-11-01.zip" --dry-run
              habit import harsh ~/.config/harsh
              habit import habitctl ~/.habitctl
            """,
        subcommands: [ImportLoopCommand.self, ImportHarshCommand.self, ImportHabitctlCommand.self])
}

/// Options every import has.
struct ImportOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The category of trackers the file gives none (default: the tool's name).", valueName: "name"))
    var category: String?

    @Flag(name: .long, help: "Add the days of a tracker whose name exists already to that tracker (days habit has stay as they are).")
    var merge = false

    @Flag(name: .long, help: "Import a tracker whose name exists already as “Name (2)” instead of refusing.")
    var rename = false

    @Flag(name: .long, help: "Give a tracker done N times a week fixed weekdays when at least 90 % of its done days fall on N weekdays.")
    var inferWeekdays = false

    @Flag(name: .long, help: "Show what would be imported and what cannot be carried over exactly; write nothing.")
    var dryRun = false

    var clash: ImportClash { merge ? .merge : rename ? .rename : .refuse }
}

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

struct ImportHarshCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "harsh",
        abstract: "Import harsh's habits and log files.",
        discussion: "Example:\n  habit import harsh ~/.config/harsh")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The folder with harsh's habits and log files.", valueName: "dir"), completion: .directory)
    var path: String
    @OptionGroup var options: ImportOptions

    func run() throws { try Importing(global: global).run(.harsh, path: path, options: options) }
}

struct ImportHabitctlCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habitctl",
        abstract: "Import habitctl's habits and log files.",
        discussion: "Example:\n  habit import habitctl ~/.habitctl")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The folder with habitctl's habits and log files.", valueName: "dir"), completion: .directory)
    var path: String
    @OptionGroup var options: ImportOptions

    func run() throws { try Importing(global: global).run(.habitctl, path: path, options: options) }
}

/// The shared flow of the imports: read, write (or not), tell.
struct Importing {
    let global: GlobalOptions

    func run(_ format: ImportFormat, path: String, options: ImportOptions) throws {
        let session = Session(global)
        let t = session.t
        if options.merge && options.rename { throw Failure.usage(t[.importMergeOrRename]) }
        let store = try session.load()
        let today = session.today(store.settings)
        let summary = try session.habits.importFile(format, path: path, category: options.category, today: today,
                                                    clash: options.clash, inferringWeekdays: options.inferWeekdays, dryRun: options.dryRun,
                                                    reusing: store)
        if summary.changesNothing {
            session.out(t.text(.importNothingNew, summary.rows.count, TerminalText.safe(path)))
            return
        }
        let header: MessageKey = options.dryRun ? .wouldImportHeader : .importedHeader
        session.out(t.text(header, summary.rows.count, TerminalText.safe(path)))
        for row in summary.rows {
            if row.outcome == .alreadyThere {
                session.out(t.text(.importRowAlreadyThere, TerminalText.safe(row.name)))
                continue
            }
            let counts = row.counts
            var line = t.text(.importRow, TerminalText.safe(row.name), TerminalText.safe(row.category), t.scheduleSummary(row.schedule),
                              counts.done, counts.skipped, counts.amounts, counts.notes)
            var extras: [String] = []
            if row.isNumeric { extras.append(t[.importRowNumeric]) }
            if row.isArchived { extras.append(t[.importRowArchived]) }
            switch row.outcome {
            case .renamed(let original): extras.append(t.text(.importRowRenamed, TerminalText.safe(original)))
            case .merged(let kept):
                extras.append(t[.importRowMerged])
                if kept > 0 { extras.append(t.text(.importRowKept, kept)) }
            case .created, .alreadyThere: break
            }
            if !extras.isEmpty { line += " (" + t.list(extras) + ")" }
            session.out(line)
        }
        if !summary.newCategories.isEmpty {
            session.out(t.text(.importNewCategories, t.list(summary.newCategories.map(TerminalText.safe))))
        }
        if !summary.losses.isEmpty {
            session.out(t[.importLosses])
            for loss in summary.losses { session.out(Self.text(loss, t)) }
        }
        if !summary.notes.isEmpty {
            session.out(t[.importNotes])
            for note in summary.notes {
                switch note {
                case .weekdaysInferred(let tracker, let days, let percent):
                    session.out(t.text(.noteWeekdaysInferred, TerminalText.safe(tracker), t.scheduleSummary(.weekly(days)), percent))
                }
            }
        }
        if options.dryRun { session.out(t[.importDryRunNote]) }
    }

    static func text(_ loss: ImportLoss, _ t: Messages) -> String {
        switch loss {
        case .frequency(let tracker, let numerator, let denominator, let chosen):
            t.text(.lossFrequency, TerminalText.safe(tracker), numerator, denominator, t.scheduleSummary(chosen).lowercased())
        case .trackingOnly(let tracker, let chosen):
            t.text(.lossTrackingOnly, TerminalText.safe(tracker), t.scheduleSummary(chosen).lowercased())
        case .unknownName(let name, let lines):
            t.text(.lossUnknownName, TerminalText.safe(name), lines)
        case .endDate(let tracker, let date):
            t.text(.lossEndDate, TerminalText.safe(tracker), date.description)
        case .guessedTarget(let tracker, let target):
            t.text(.lossGuessedTarget, TerminalText.safe(tracker), t.number(target))
        case .numericPeriod(let tracker, let target, let unit, let days, let chosen):
            t.text(.lossNumericPeriod, TerminalText.safe(tracker), t.quantity(target, unit: unit), days, t.scheduleSummary(chosen).lowercased())
        case .reminderDays(let tracker, let time, let days):
            t.text(.lossReminderDays, TerminalText.safe(tracker), time.description, t.list(days.map(t.weekdayShort)))
        case .name(let original, let imported, let cut):
            t.text(cut ? .lossNameCut : .lossName, TerminalText.safe(original), TerminalText.safe(imported))
        case .sameName(let name, let imported):
            t.text(.lossSameName, TerminalText.safe(name), TerminalText.safe(imported))
        }
    }
}
