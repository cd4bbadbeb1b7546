import ArgumentParser
import HabitCore

struct ShowCommand: SessionRunningCommand {
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

    @OptionGroup var argument: TrackerArgument<NameOrPrefix>

    @Option(name: .long, help: ArgumentHelp("Completion per week, month or year (default: by the tracker's age).", valueName: "period"))
    var by: TrendPeriod?

    @OptionGroup var json: JSONFlag<DocumentedShape>

    func run(in session: Session) throws {
        let (store, today) = try session.loadWithToday()
        let target = try session.resolve(argument.tracker, in: store)
        let progress = TrackerProgress(tracker: target, today: today)
        var view = TrackerView(session: session, today: today, settings: store.settings, tracker: target)
        view.trendPeriod = by
        if json.isSet {
            session.context.output.write(view.json(target, progress: progress).rendered())
        } else {
            session.context.output.write(view.render(target, progress: progress))
        }
    }
}

extension TrendPeriod: ExpressibleByArgument {}
