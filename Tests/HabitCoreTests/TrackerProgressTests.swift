import HabitCore
import Testing

/// Hand-computed per-tracker histories (docs/statistics.md). 2026-01-05 is a Monday.
@Suite struct TrackerProgressTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var tracker: Tracker
        var today: String
        var current, best, done, skipped, missed, completions: Int
        var rate: Double?
        var testDescription: String { name }
    }

    static let t = StatsFixture.tracker

    static let cases: [Case] = [
        Case(name: "skips inside a streak are excused", tracker: t("a", "daily", "2026-01-05", "xxsxx", nil, nil),
             today: "2026-01-09", current: 4, best: 4, done: 4, skipped: 1, missed: 0, completions: 4, rate: 1),
        Case(name: "today before it is done: streak ends yesterday, not in the rate",
             tracker: t("a", "daily", "2026-01-05", "xxx", nil, nil),
             today: "2026-01-08", current: 3, best: 3, done: 3, skipped: 0, missed: 0, completions: 3, rate: 1),
        Case(name: "today done counts", tracker: t("a", "daily", "2026-01-05", "xxxx", nil, nil),
             today: "2026-01-08", current: 4, best: 4, done: 4, skipped: 0, missed: 0, completions: 4, rate: 1),
        Case(name: "a miss breaks the streak", tracker: t("a", "daily", "2026-01-05", "xx.xx", nil, nil),
             today: "2026-01-10", current: 2, best: 2, done: 4, skipped: 0, missed: 1, completions: 4, rate: 0.8),
        Case(name: "unscheduled days are excused", tracker: t("a", "mon wed fri", "2026-01-05", "x.x.x", nil, nil),
             today: "2026-01-11", current: 3, best: 3, done: 3, skipped: 0, missed: 0, completions: 3, rate: 1),
        Case(name: "an old miss leaves the best streak", tracker: t("a", "daily", "2026-01-05", "xxx.x", nil, nil),
             today: "2026-01-09", current: 1, best: 3, done: 4, skipped: 0, missed: 1, completions: 4, rate: 0.8),
        Case(name: "a schedule change is retroactive", tracker: t("a", "mon wed fri", "2026-01-05", "xxx.x", nil, nil),
             today: "2026-01-09", current: 3, best: 3, done: 3, skipped: 0, missed: 0, completions: 4, rate: 1),
        Case(name: "an event done late", tracker: t("e", "event", "2026-01-05", "...x", nil, nil),
             today: "2026-01-10", current: 1, best: 1, done: 1, skipped: 0, missed: 3, completions: 1, rate: 0.25),
        Case(name: "an event done on its first day", tracker: t("e", "event", "2026-01-05", "x", nil, nil),
             today: "2026-01-10", current: 1, best: 1, done: 1, skipped: 0, missed: 0, completions: 1, rate: 1),
        Case(name: "an open event", tracker: t("e", "event", "2026-01-05", "", nil, nil),
             today: "2026-01-07", current: 0, best: 0, done: 0, skipped: 0, missed: 2, completions: 0, rate: 0),
        Case(name: "an event skipped then done", tracker: t("e", "event", "2026-01-05", "ssx", nil, nil),
             today: "2026-01-07", current: 1, best: 1, done: 1, skipped: 2, missed: 0, completions: 1, rate: 1),
        Case(name: "empty: starts today, nothing due", tracker: t("a", "daily", "2026-01-07", "", nil, nil),
             today: "2026-01-07", current: 0, best: 0, done: 0, skipped: 0, missed: 0, completions: 0, rate: nil),
        Case(name: "starts after today", tracker: t("a", "daily", "2026-01-20", "", nil, nil),
             today: "2026-01-07", current: 0, best: 0, done: 0, skipped: 0, missed: 0, completions: 0, rate: nil),
        Case(name: "leap day skipped inside a streak", tracker: t("a", "daily", "2028-02-27", "xxsx", nil, nil),
             today: "2028-03-01", current: 3, best: 3, done: 3, skipped: 1, missed: 0, completions: 3, rate: 1),
        Case(name: "leap day missed", tracker: t("a", "daily", "2028-02-28", "x.x", nil, nil),
             today: "2028-03-01", current: 1, best: 1, done: 2, skipped: 0, missed: 1, completions: 2, rate: 2.0 / 3.0),
        Case(name: "year boundary", tracker: t("a", "daily", "2026-12-29", "xx.xxx", nil, nil),
             today: "2027-01-03", current: 3, best: 3, done: 5, skipped: 0, missed: 1, completions: 5, rate: 5.0 / 6.0),
        Case(name: "created mid-week: days before the start do not count",
             tracker: t("a", "mon thu", "2026-01-07", "-x---x", nil, nil),
             today: "2026-01-15", current: 2, best: 2, done: 2, skipped: 0, missed: 0, completions: 2, rate: 1),
        Case(name: "skipped today", tracker: t("a", "daily", "2026-01-05", "xxs", nil, nil),
             today: "2026-01-07", current: 2, best: 2, done: 2, skipped: 1, missed: 0, completions: 2, rate: 1),
        Case(name: "done entries before the start are completions only",
             tracker: t("a", "daily", "2026-01-07", "xxx", "2026-01-05", nil),
             today: "2026-01-07", current: 1, best: 1, done: 1, skipped: 0, missed: 0, completions: 3, rate: 1),
        Case(name: "only skipped", tracker: t("a", "daily", "2026-01-05", "sss", nil, nil),
             today: "2026-01-07", current: 0, best: 0, done: 0, skipped: 3, missed: 0, completions: 0, rate: nil),
    ]

    @Test(arguments: cases)
    func progress(_ c: Case) {
        let progress = TrackerProgress(tracker: c.tracker, today: StatsFixture.day(c.today))
        #expect(progress.trackerID == c.tracker.id)
        #expect(progress.currentStreak == c.current)
        #expect(progress.bestStreak == c.best)
        #expect(progress.doneDays == c.done)
        #expect(progress.skippedDays == c.skipped)
        #expect(progress.missedDays == c.missed)
        #expect(progress.completions == c.completions)
        #expect(progress.completionRate == c.rate)
        #expect(progress.goal == nil)
    }

    struct GoalCase: CustomTestStringConvertible, Sendable {
        var name: String
        var tracker: Tracker
        var today: String
        var end: String
        var done, required: Int
        var percent: Double
        var testDescription: String { name }
    }

    static let goalCases: [GoalCase] = [
        GoalCase(name: "two weeks, four days in", tracker: t("a", "daily", "2026-01-05", "xxxx", nil, "2w"),
                 today: "2026-01-09", end: "2026-01-18", done: 4, required: 14, percent: 400.0 / 14.0),
        GoalCase(name: "a skip shrinks what is required", tracker: t("a", "daily", "2026-01-05", "xsxx", nil, "2w"),
                 today: "2026-01-09", end: "2026-01-18", done: 3, required: 13, percent: 300.0 / 13.0),
        GoalCase(name: "only scheduled days count", tracker: t("a", "mon wed fri", "2026-01-05", "x.x", nil, "2w"),
                 today: "2026-01-07", end: "2026-01-18", done: 2, required: 6, percent: 200.0 / 6.0),
        GoalCase(name: "reached; days after the goal do not count",
                 tracker: t("a", "daily", "2026-01-05", "xxxxx", nil, "3d"),
                 today: "2026-01-20", end: "2026-01-07", done: 3, required: 3, percent: 100),
        GoalCase(name: "over and missed a day", tracker: t("a", "daily", "2026-01-05", "x.x", nil, "3d"),
                 today: "2026-01-20", end: "2026-01-07", done: 2, required: 3, percent: 200.0 / 3.0),
        GoalCase(name: "event done within the goal", tracker: t("e", "event", "2026-01-05", "...x", nil, "1w"),
                 today: "2026-01-10", end: "2026-01-11", done: 1, required: 1, percent: 100),
        GoalCase(name: "open event", tracker: t("e", "event", "2026-01-05", "", nil, "1w"),
                 today: "2026-01-10", end: "2026-01-11", done: 0, required: 1, percent: 0),
        GoalCase(name: "event done after the goal", tracker: t("e", "event", "2026-01-05", "...............x", nil, "1w"),
                 today: "2026-01-25", end: "2026-01-11", done: 0, required: 1, percent: 0),
        GoalCase(name: "everything skipped: nothing required", tracker: t("a", "daily", "2026-01-05", "s", nil, "1d"),
                 today: "2026-01-05", end: "2026-01-05", done: 0, required: 0, percent: 100),
        GoalCase(name: "one month through the leap day",
                 tracker: t("a", "daily", "2028-02-01", String(repeating: "x", count: 29), nil, "1m"),
                 today: "2028-03-05", end: "2028-02-29", done: 29, required: 29, percent: 100),
        GoalCase(name: "half of a leap February",
                 tracker: t("a", "daily", "2028-02-01", String(repeating: "x", count: 14), nil, "1m"),
                 today: "2028-02-14", end: "2028-02-29", done: 14, required: 29, percent: 1400.0 / 29.0),
        GoalCase(name: "three months across the new year", tracker: t("a", "daily", "2026-11-30", "xxx", nil, "3m"),
                 today: "2026-12-02", end: "2027-02-28", done: 3, required: 91, percent: 300.0 / 91.0),
        GoalCase(name: "not started yet", tracker: t("a", "daily", "2026-01-10", "", nil, "1w"),
                 today: "2026-01-07", end: "2026-01-16", done: 0, required: 7, percent: 0),
        GoalCase(name: "created mid-week with a weekly schedule", tracker: t("a", "mon thu", "2026-01-07", "-x", nil, "1w"),
                 today: "2026-01-08", end: "2026-01-13", done: 1, required: 2, percent: 50),
    ]

    @Test(arguments: goalCases)
    func goal(_ c: GoalCase) throws {
        let progress = TrackerProgress(tracker: c.tracker, today: StatsFixture.day(c.today))
        let goal = try #require(progress.goal)
        #expect(goal.goal == c.tracker.goal)
        #expect(goal.endDay == StatsFixture.day(c.end))
        #expect(goal.doneDays == c.done)
        #expect(goal.requiredDays == c.required)
        #expect(goal.percent == c.percent)
        #expect(goal.isReached == (c.done >= c.required))
    }

    @Test func goalIsOverAfterItsEndDay() throws {
        let tracker = StatsFixture.tracker("a", start: "2026-01-05", marks: "xxx", goal: "3d")
        let goal = try #require(TrackerProgress(tracker: tracker, today: StatsFixture.day("2026-01-07")).goal)
        #expect(!goal.isOver(today: StatsFixture.day("2026-01-07")))
        #expect(goal.isOver(today: StatsFixture.day("2026-01-08")))
    }

    @Test func allFollowsJournalOrder() {
        let journal = Journal(trackers: [
            StatsFixture.tracker("b", start: "2026-01-05", marks: "x"),
            StatsFixture.tracker("a", start: "2026-01-05", marks: ""),
        ])
        #expect(TrackerProgress.all(in: journal, today: StatsFixture.day("2026-01-05")).map(\.trackerID) == ["b", "a"])
    }
}
