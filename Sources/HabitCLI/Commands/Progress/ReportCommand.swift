import ArgumentParser
import HabitCore
import HabitKit

struct ReportCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write your statistics and every tracker's year heatmap as one HTML file, to keep or share.",
        discussion: """
            The file needs nothing else to open: its style and images are inside it, nothing is
            fetched from the network, and it is dark when the reader's system is dark. Its words
            are in the language of LANG. The file is written atomically, never inside the data
            directory (which holds data only), and an existing one is replaced only with --force.
            Examples:
              habit report habits.html
              habit report ~/Documents/habits-2025.html --year 2025
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The HTML file to write.", valueName: "out.html"), completion: .file(extensions: ["html"]))
    var path: String
    @Option(name: .long, help: ArgumentHelp("The year of the heatmaps: 2026, -1 (last year) or +1 (default: this year).", valueName: "year"))
    var year: String?
    @Flag(name: .long, help: "Replace the file if it exists.")
    var force = false

    func run(in session: Session) throws {
        let t = session.t
        let (store, today) = try session.loadWithToday()
        let shown = try CalendarCommand.year(year, today: today, t)
        let report = ReportDocument(t: t, journal: store.journal, today: today, year: shown)
        try session.habits.writeDocument(Array(report.render().utf8), to: path, replacing: force)
        let count = store.journal.trackers.filter { !$0.isArchived }.count
        session.out(t.text(.reportWritten, count, TerminalText.safe(path)))
    }
}
