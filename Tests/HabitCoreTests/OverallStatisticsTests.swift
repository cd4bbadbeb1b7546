import HabitCore
import Testing

/// Hand-computed histories for the statistics screen (docs/statistics.md). 2026-01-05 is a Monday.
@Suite struct OverallStatisticsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var trackers: [Tracker]
        var today: String
        var best, current, perfect, completed: Int
        var first: String?
        var tracked: Int
        var testDescription: String { name }
    }

    static let t = StatsFixture.tracker

    static let cases: [Case] = [
        Case(name: "empty data", trackers: [], today: "2026-01-07",
             best: 0, current: 0, perfect: 0, completed: 0, first: nil, tracked: 0),
        Case(name: "nothing done yet", trackers: [t("a", "daily", "2026-01-05", "", nil, nil)], today: "2026-01-07",
             best: 0, current: 0, perfect: 0, completed: 0, first: "2026-01-05", tracked: 3),
        Case(name: "days with nothing scheduled are neutral",
             trackers: [t("a", "mon wed fri", "2026-01-05", "x.x.x", nil, nil)], today: "2026-01-11",
             best: 3, current: 3, perfect: 3, completed: 3, first: "2026-01-05", tracked: 7),
        Case(name: "today before it is done is in progress",
             trackers: [t("a", "daily", "2026-01-05", "xxx", nil, nil), t("b", "daily", "2026-01-05", "xx.", nil, nil)],
             today: "2026-01-07", best: 2, current: 2, perfect: 2, completed: 5, first: "2026-01-05", tracked: 3),
        Case(name: "today once done counts",
             trackers: [t("a", "daily", "2026-01-05", "xxx", nil, nil), t("b", "daily", "2026-01-05", "xxx", nil, nil)],
             today: "2026-01-07", best: 3, current: 3, perfect: 3, completed: 6, first: "2026-01-05", tracked: 3),
        Case(name: "a partly done past day breaks the streak",
             trackers: [t("a", "daily", "2026-01-05", "xxx", nil, nil), t("b", "daily", "2026-01-05", "x.x", nil, nil)],
             today: "2026-01-07", best: 1, current: 1, perfect: 2, completed: 5, first: "2026-01-05", tracked: 3),
        Case(name: "a past day with nothing done breaks the streak",
             trackers: [t("a", "daily", "2026-01-05", "x.x", nil, nil), t("b", "daily", "2026-01-05", "x.x", nil, nil)],
             today: "2026-01-07", best: 1, current: 1, perfect: 2, completed: 4, first: "2026-01-05", tracked: 3),
        Case(name: "a day with everything skipped is neutral",
             trackers: [t("a", "daily", "2026-01-05", "xsx", nil, nil), t("b", "daily", "2026-01-05", "xsx", nil, nil)],
             today: "2026-01-07", best: 2, current: 2, perfect: 2, completed: 4, first: "2026-01-05", tracked: 3),
        Case(name: "skipped trackers are excused on a perfect day",
             trackers: [t("a", "daily", "2026-01-05", "xsx", nil, nil), t("b", "daily", "2026-01-05", "xxx", nil, nil)],
             today: "2026-01-07", best: 3, current: 3, perfect: 3, completed: 5, first: "2026-01-05", tracked: 3),
        Case(name: "a tracker created mid-week counts from its start",
             trackers: [t("a", "daily", "2026-01-05", "xxxxxxx", nil, nil), t("b", "daily", "2026-01-08", "xx.x", nil, nil)],
             today: "2026-01-11", best: 5, current: 1, perfect: 6, completed: 10, first: "2026-01-05", tracked: 7),
        Case(name: "a schedule change is retroactive; off-schedule done counts only as a completion",
             trackers: [t("a", "mon wed fri", "2026-01-05", "xxx.x", nil, nil)], today: "2026-01-09",
             best: 3, current: 3, perfect: 3, completed: 4, first: "2026-01-05", tracked: 5),
        Case(name: "an event done late: scheduled every day until done",
             trackers: [t("e", "event", "2026-01-05", "...x", nil, nil)], today: "2026-01-10",
             best: 1, current: 1, perfect: 1, completed: 1, first: "2026-01-05", tracked: 6),
        Case(name: "an event done late beside a daily habit",
             trackers: [t("e", "event", "2026-01-05", "...x", nil, nil), t("h", "daily", "2026-01-05", "xxxxxx", nil, nil)],
             today: "2026-01-10", best: 3, current: 3, perfect: 3, completed: 7, first: "2026-01-05", tracked: 6),
        Case(name: "an open event stays due", trackers: [t("e", "event", "2026-01-05", "", nil, nil)], today: "2026-01-07",
             best: 0, current: 0, perfect: 0, completed: 0, first: "2026-01-05", tracked: 3),
        Case(name: "leap day", trackers: [t("a", "daily", "2028-02-27", "xxxx", nil, nil)], today: "2028-03-01",
             best: 4, current: 4, perfect: 4, completed: 4, first: "2028-02-27", tracked: 4),
        Case(name: "leap day missed", trackers: [t("a", "daily", "2028-02-27", "xx.x", nil, nil)], today: "2028-03-01",
             best: 2, current: 1, perfect: 3, completed: 3, first: "2028-02-27", tracked: 4),
        Case(name: "year boundary", trackers: [t("a", "daily", "2026-12-30", "xxxx", nil, nil)], today: "2027-01-02",
             best: 4, current: 4, perfect: 4, completed: 4, first: "2026-12-30", tracked: 4),
        Case(name: "year boundary with a miss on new year's eve",
             trackers: [t("a", "daily", "2026-12-30", "x.xx", nil, nil)], today: "2027-01-02",
             best: 2, current: 2, perfect: 3, completed: 3, first: "2026-12-30", tracked: 4),
        Case(name: "a tracker starting after today is ignored",
             trackers: [t("a", "daily", "2026-01-05", "xx", nil, nil), t("b", "daily", "2026-01-20", "", nil, nil)],
             today: "2026-01-06", best: 2, current: 2, perfect: 2, completed: 2, first: "2026-01-05", tracked: 2),
        Case(name: "entries after today are ignored", trackers: [t("a", "daily", "2026-01-05", "xxxxx", nil, nil)],
             today: "2026-01-06", best: 2, current: 2, perfect: 2, completed: 2, first: "2026-01-05", tracked: 2),
        Case(name: "a tracker without a start begins at its first entry",
             trackers: [t("a", "daily", nil, "xx", "2026-01-06", nil)], today: "2026-01-08",
             best: 2, current: 2, perfect: 2, completed: 2, first: "2026-01-06", tracked: 3),
        Case(name: "done only off schedule", trackers: [t("a", "mon", "2026-01-05", ".x", nil, nil)], today: "2026-01-06",
             best: 0, current: 0, perfect: 0, completed: 1, first: "2026-01-05", tracked: 2),
        Case(name: "first scheduled day is the first matching weekday, not the start",
             trackers: [t("a", "fri", "2026-01-05", "....x", nil, nil)], today: "2026-01-11",
             best: 1, current: 1, perfect: 1, completed: 1, first: "2026-01-09", tracked: 3),
    ]

    @Test(arguments: cases)
    func statistics(_ c: Case) {
        let stats = OverallStatistics(trackers: c.trackers, today: StatsFixture.day(c.today))
        #expect(stats.bestStreak == c.best)
        #expect(stats.currentStreak == c.current)
        #expect(stats.perfectDays == c.perfect)
        #expect(stats.trackersCompleted == c.completed)
        #expect(stats.firstScheduledDay == c.first.map(StatsFixture.day))
        #expect(stats.trackedDays == c.tracked)
        let average = c.tracked > 0 ? Double(c.completed) / Double(c.tracked) : 0
        #expect(stats.average == average)
        #expect(stats.isEmpty == (c.completed == 0))
    }

    @Test func averageOfTheWorkedExample() {
        // docs/statistics.md, "Average": 3 completions over 7 days is 0.43, shown as 0.4.
        let stats = OverallStatistics(
            trackers: [StatsFixture.tracker("a", "mon wed fri", start: "2026-01-05", marks: "x.x.x")],
            today: StatsFixture.day("2026-01-11"))
        #expect(stats.average == 3.0 / 7.0)
    }

    @Test func journalInitializerMatchesTrackers() {
        let trackers = [
            StatsFixture.tracker("a", start: "2026-01-05", marks: "xxsx"),
            StatsFixture.tracker("b", "tue thu", start: "2026-01-05", marks: ".x.x"),
        ]
        let today = StatsFixture.day("2026-01-08")
        #expect(OverallStatistics(journal: Journal(trackers: trackers), today: today)
            == OverallStatistics(trackers: trackers, today: today))
    }
}

/// The worked example of docs/statistics.md, section 2, checked number by number.
@Suite struct DocumentedStatisticsExampleTests {
    static func trackers(bDoneFriday: Bool) -> [Tracker] {
        [
            StatsFixture.tracker("a", start: "2026-01-05", marks: "xxs.x"),
            StatsFixture.tracker("b", "mon wed fri", start: "2026-01-05", marks: bDoneFriday ? "x.s.x" : "x.s.."),
            StatsFixture.tracker("c", "event", start: "2026-01-08", marks: "x"),
        ]
    }

    let today = StatsFixture.day("2026-01-09")

    @Test func overall() {
        let stats = OverallStatistics(trackers: Self.trackers(bDoneFriday: false), today: today)
        #expect(stats.perfectDays == 2 && stats.bestStreak == 2 && stats.currentStreak == 0)
        #expect(stats.trackersCompleted == 5 && stats.trackedDays == 5 && stats.average == 1.0)
        #expect(stats.firstScheduledDay == StatsFixture.day("2026-01-05"))

        let later = OverallStatistics(trackers: Self.trackers(bDoneFriday: true), today: today)
        #expect(later.perfectDays == 3 && later.bestStreak == 2 && later.currentStreak == 1)
    }

    @Test func perTracker() {
        let progress = Self.trackers(bDoneFriday: false).map { TrackerProgress(tracker: $0, today: today) }
        let a = progress[0], b = progress[1], c = progress[2]
        #expect((a.currentStreak, a.bestStreak, a.doneDays, a.skippedDays, a.missedDays) == (1, 2, 3, 1, 1))
        #expect(a.completionRate == 0.75)
        #expect((b.currentStreak, b.bestStreak, b.doneDays, b.skippedDays, b.missedDays) == (1, 1, 1, 1, 0))
        #expect(b.completionRate == 1)
        #expect((c.currentStreak, c.bestStreak, c.doneDays, c.completions) == (1, 1, 1, 1))
    }
}
