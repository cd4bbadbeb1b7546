import HabitCore
import HabitScreens
import Testing

@Suite struct StatisticsScreenTests {
    static let today = Fixtures.day("2026-11-06")

    @Test func theEmptyStateBeforeAnythingIsDone() {
        let screen = StatisticsScreen(journal: Fixtures.journal([Fixtures.tracker("run", "Run")]), today: Self.today)
        #expect(screen.isEmpty)
        #expect(screen.overall.trackersCompleted == 0)
    }

    @Test func figuresOverallAndPerTracker() throws {
        let run = Fixtures.tracker("run", "Run", log: Fixtures.log(done: ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-05", "2026-11-06"]))
        var old = Fixtures.tracker("old", "Old", log: Fixtures.log(done: ["2026-11-01"]))
        old.isArchived = true
        let screen = StatisticsScreen(journal: Fixtures.journal([run, old]), today: Self.today)
        #expect(!screen.isEmpty)
        #expect(screen.overall.bestStreak == 3)
        #expect(screen.trackers.map(\.trackerID) == ["run"], "archived trackers have no row")
        let figures = try #require(screen.trackers.first)
        #expect(figures.bestStreak == 3 && figures.currentStreak == 2 && figures.streakUnit == .days)
        let strength = try #require(figures.strength)
        #expect(strength > 0 && strength < 1)
    }

    /// Reported: the tab listed the trackers in the order of their files (by file name, as plain
    /// text). It lists them as the day view does inside a group: by name ignoring case, then by
    /// file name (Agenda's rule, `TrackerName.key`), whatever the files are called.
    @Test func trackersComeByNameAsTheDayViewOrdersThem() {
        let trackers = [
            Fixtures.tracker("a-swim", "Swim"), Fixtures.tracker("b-read", "read"),
            Fixtures.tracker("c-run", "Run"), Fixtures.tracker("d-run", "run"),
        ]
        let journal = Fixtures.journal(trackers)
        let screen = StatisticsScreen(journal: journal, today: Self.today)
        #expect(screen.trackers.map(\.trackerID) == ["b-read", "c-run", "d-run", "a-swim"])
        let day = DayScreen(journal: journal, day: Self.today, today: Self.today)
        #expect(screen.trackers.map(\.trackerID) == day.cards.map(\.trackerID), "the day view's order, one rule")
    }
}
