import ArgumentParser
import HabitCore

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show everything about one tracker: its fields, streaks, completion rate, goal and recent weeks.",
        discussion: """
            The completion rate is done days out of the scheduled days up to today, skipped days left \
            out; today counts once it is done. Definitions: docs/statistics.md.

            Examples:
              habit show run
              habit show run --by month
              habit show "Read 20 pages" --json
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker: its name, file name, or a unique prefix.", valueName: "tracker"),
              completion: Completions.trackers)
    var tracker: String

    @Option(name: .long, help: ArgumentHelp("Completion per week, month or year (default: by the tracker's age).", valueName: "period"))
    var by: TrendPeriod?

    @Flag(name: .long, help: "Print JSON (see docs/cli.md for the shape).")
    var json = false

    func run() throws {
        let session = Session(global)
        let store = try session.load()
        let today = session.today(store.settings)
        let target = try session.resolve(tracker, in: store)
        let progress = TrackerProgress(tracker: target, today: today)
        var view = TrackerView(session: session, today: today, weekStartsOn: store.settings.weekStartsOn, tracker: target)
        view.trendPeriod = by
        if json {
            session.context.output.write(view.json(target, progress: progress).rendered())
        } else {
            session.context.output.write(view.render(target, progress: progress))
        }
    }
}

extension TrendPeriod: ExpressibleByArgument {}
