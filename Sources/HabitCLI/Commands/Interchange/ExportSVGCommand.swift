import ArgumentParser
import HabitCore
import HabitScreens
import HabitInterchange
import HabitKit

struct ExportSVGCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "svg",
        abstract: "One tracker's year as an SVG heatmap, for a README or a profile page.",
        discussion: """
            The image is self-contained (no fonts or links), in the tracker's colour, dark when
            the viewer's system is dark; each day has a title with its date and state. The file
            may not be inside the data directory, which holds data only.
            Examples:
              habit export svg Run > run.svg
              habit export svg Run --year 2025 -o run-2025.svg
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var argument: TrackerArgument<NameOrPrefix>
    @Option(name: .long, help: ArgumentHelp("The year: 2026, -1 (last year) or +1 (default: this year).", valueName: "year"))
    var year: String?
    @OptionGroup var options: ExportOutputOptions

    func run(in session: Session) throws {
        let t = session.t
        let (store, today) = try session.loadWithToday()
        let shown = try CalendarCommand.year(year, today: today, t)
        let target = try session.resolve(argument.tracker, in: store)
        let heatmap = YearHeatmap(tracker: target, year: shown, today: today, weekStartsOn: store.settings.calendarWeekStart(in: t.language))
        let svg = HeatmapSVG(heatmap: heatmap, today: today, color: target.color,
                             labels: HeatmapLabels(t, tracker: target, year: shown), name: target.id).render()
        guard let path = try options.deliver(svg, session) else { return }
        session.out(t.text(.exportSVGWritten, TerminalText.safe(target.name), shown, TerminalText.safe(path)))
    }
}
