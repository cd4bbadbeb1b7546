import ArgumentParser
import HabitCore
import HabitScreens

struct WeekCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "week",
        abstract: "Show a week as a grid of trackers × days: done, missed, skipped, not scheduled.",
        discussion: """
            The week starts on week_starts_on from habit.toml, or else on the language's first day \
            of the week. The last row sums up each day across \
            all trackers.

            Examples:
              habit week
              habit week --date -7
              habit week --date 2026-11-02 --json
            """)

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("A day of the week to show: 2026-11-21, today, yesterday, -3, or a weekday name (default: today).", valueName: "day"))
    var date: String?

    @OptionGroup var json: JSONFlag<DocumentedShape>

    func run(in session: Session) throws {
        let (store, today) = try session.loadWithToday()
        let day = try session.parseDay(date, today: today)
        let trackers = WeekView.ordered(store.journal.trackers.filter { !$0.isArchived }, categories: store.settings.categories)
        // As `habit cal`: the text from the language's first day unless habit.toml says, the JSON from `week_starts_on`.
        let weekStartsOn = json.isSet ? store.settings.weekStartsOn : store.settings.calendarWeekStart(in: session.t.language)
        let grid = WeekGrid(trackers: trackers, containing: day, today: today, weekStartsOn: weekStartsOn)
        if json.isSet {
            session.context.output.write(WeekView.json(grid, trackers: trackers, today: today, weekStartsOn: weekStartsOn).rendered())
        } else {
            session.context.output.write(WeekView(session: session, today: today).render(grid, trackers: trackers, categories: store.settings.categories))
        }
    }
}
