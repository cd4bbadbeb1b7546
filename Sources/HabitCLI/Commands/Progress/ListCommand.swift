import ArgumentParser
import HabitCore
import HabitKit
import HabitScreens
import HabitStore

struct ListCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show the trackers due on a day, grouped by category.",
        discussion: """
            Pinned trackers come first; within a group, what is still to do comes before what is done. \
            On an account with no data yet, a short welcome offers to create the data directory.

            Examples:
              habit list
              habit list --date yesterday --filter uncompleted
              habit list --search run --json
              habit list --spark
            """)

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The day to show: 2026-11-21, today, yesterday, -3, or a weekday name.", valueName: "day"))
    var date: String?

    @Option(name: .long, help: ArgumentHelp("Keep trackers whose name contains this text (ignoring case and accents).", valueName: "text"))
    var search: String?

    @Option(name: .long, help: ArgumentHelp("all, today (jump to today), completed or uncompleted.", valueName: "filter"))
    var filter: Agenda.Filter = .all

    @Flag(name: .long, help: "End each row with a sparkline of the tracker's last 14 days.")
    var spark = false

    @OptionGroup var json: JSONFlag<DocumentedShape>

    func run(in session: Session) throws {
        let json = self.json.isSet
        guard session.directory.isInitialized || json else {
            try Onboarding(session: session).run()
            return
        }
        let (store, today) = try session.loadWithToday()
        let day = try session.parseDay(date, today: today)
        let screen = DayScreen(journal: store.journal, day: day, today: today, search: search ?? "", filter: filter)
        if json {
            session.context.output.write(AgendaView.json(screen, today: today, spark: spark).rendered())
        } else {
            session.context.output.write(AgendaView(session: session, today: today, spark: spark, categories: store.settings.categories).render(screen))
        }
    }
}

extension Agenda.Filter: ExpressibleByArgument {}
