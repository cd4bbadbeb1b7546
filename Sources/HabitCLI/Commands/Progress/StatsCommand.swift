import ArgumentParser
import HabitCore

struct StatsCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show your statistics: best streak, perfect days, trackers completed, average, and the trend by week.",
        discussion: """
            A perfect day is a day on which every scheduled tracker was done (skipped ones excused); \
            the best streak is the longest run of perfect days, passing over days with nothing \
            scheduled. Trackers completed counts every done mark up to today; the average divides it \
            by the days since something was first scheduled. Definitions: docs/statistics.md.

            Examples:
              habit stats
              habit stats --json
            """)

    @OptionGroup var global: GlobalOptions

    @OptionGroup var json: JSONFlag<DocumentedShape>

    func run(in session: Session) throws {
        let (store, today) = try session.loadWithToday()
        let journal = store.journal
        let statistics = OverallStatistics(journal: journal, today: today)
        let quitting = journal.trackers.filter { $0.isQuit && !$0.isArchived }.compactMap { tracker in
            TrackerProgress(tracker: tracker, today: today).quit.map { (tracker, $0) }
        }
        let trend = OverallTrend(journal: journal, today: today, weekStartsOn: store.settings.weekStartsOn)
        if json.isSet {
            session.context.output.write(StatsView.json(statistics, today: today, trend: trend, quitting: quitting).rendered())
        } else {
            session.context.output.write(StatsView(session: session).render(statistics, trend: trend, quitting: quitting))
        }
    }
}
