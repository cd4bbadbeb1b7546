import HabitCore
import Testing

/// The worked examples of docs/statistics.md §9 (habits to quit, forgiven misses).
@Suite struct QuitAndAllowanceTests {
    typealias F = StatsFixture

    static func tracker(start: String, marks: String, quit: Bool = false, allowance: Allowance? = nil,
                        weekStartsOn: Weekday = .monday) -> Tracker {
        var entries: [CompletionLog.Entry] = []
        for (offset, character) in marks.enumerated() {
            let day = F.day(start).adding(days: offset)
            switch character {
            case "x": entries.append(.init(day: day, mark: .done))
            case "s": entries.append(.init(day: day, mark: .skipped))
            case "!": entries.append(.init(day: day, mark: .slipped))
            default: break
            }
        }
        let tracker = Tracker(id: "t", name: "t", category: "c", schedule: .daily, start: F.day(start), log: CompletionLog(entries),
                              isQuit: quit, allowance: allowance)
        return Journal(settings: Settings(weekStartsOn: weekStartsOn), trackers: [tracker]).trackers[0]
    }


    @Test func theFirstMissOfAWeekIsForgiven() {
        let tracker = Self.tracker(start: "2026-01-05", marks: "xx.x.xxxx", allowance: Allowance(count: 1, period: .week))
        #expect(F.states(tracker, "2026-01-05", "2026-01-14", today: "2026-01-14") == "xxfx!xxxxo")
        let progress = TrackerProgress(tracker: tracker, today: F.day("2026-01-14"))
        #expect(progress.currentStreak == 4)
        #expect(progress.bestStreak == 4)
        #expect(progress.doneDays == 7 && progress.missedDays == 1 && progress.forgivenDays == 1)
        #expect(progress.completionRate == 7.0 / 9.0)
        // Without the allowance, Wednesday breaks the first run.
        let strict = Self.tracker(start: "2026-01-05", marks: "xx.x.xxxx")
        #expect(TrackerProgress(tracker: strict, today: F.day("2026-01-14")).bestStreak == 4)
        #expect(F.states(strict, "2026-01-05", "2026-01-11", today: "2026-01-14") == "xx!x!xx")
    }

    @Test func periodsFollowWeekStartsOnAndMonths() {
        // Weeks from Sunday: Sat 10 and Sun 11 fall in two weeks, so both are forgiven.
        let sunday = Self.tracker(start: "2026-01-05", marks: "xxxxx..x", allowance: Allowance(count: 1, period: .week),
                                  weekStartsOn: .sunday)
        #expect(F.states(sunday, "2026-01-05", "2026-01-12", today: "2026-01-12") == "xxxxxffx")
        let monday = Self.tracker(start: "2026-01-05", marks: "xxxxx..x", allowance: Allowance(count: 1, period: .week))
        #expect(F.states(monday, "2026-01-05", "2026-01-12", today: "2026-01-12") == "xxxxxf!x")
        // Two a month: the third miss of January breaks the run, February starts afresh.
        let month = Self.tracker(start: "2026-01-28", marks: "x...x.", allowance: Allowance(count: 2, period: .month))
        #expect(F.states(month, "2026-01-28", "2026-02-02", today: "2026-02-02") == "xff!xo")
    }

    @Test func aQuitHabitCountsCleanDays() {
        let tracker = Self.tracker(start: "2026-01-05", marks: "...!...!", quit: true)
        let progress = TrackerProgress(tracker: tracker, today: F.day("2026-01-14"))
        #expect(F.states(tracker, "2026-01-05", "2026-01-14", today: "2026-01-14") == "xxx!xxx!xx")
        #expect(progress.quit == QuitRecord(currentClean: 2, bestClean: 3, slips: 2, trackedDays: 10))
        #expect(progress.quit?.slipsPerWeek == 1.4)
        #expect(progress.quit?.slipsPerMonth == 6)
        #expect(progress.currentStreak == 2 && progress.bestStreak == 3)
        #expect(progress.completions == 8)
        #expect(progress.completionRate == 0.8)
        // Overall statistics count kept days as completions.
        #expect(OverallStatistics(trackers: [tracker], today: F.day("2026-01-14")).trackersCompleted == 8)
    }

    @Test func aSlipTodayEndsTheRunAtOnce() {
        let tracker = Self.tracker(start: "2026-01-05", marks: "....!", quit: true)
        let progress = TrackerProgress(tracker: tracker, today: F.day("2026-01-09"))
        #expect(progress.currentStreak == 0)
        #expect(progress.quit?.currentClean == 0)
        #expect(progress.quit?.bestClean == 4)
    }

    @Test func forgivenSlipsKeepTheStreakButNotTheCleanRun() {
        let tracker = Self.tracker(start: "2026-01-05", marks: "...!...!", quit: true, allowance: Allowance(count: 1, period: .week))
        let progress = TrackerProgress(tracker: tracker, today: F.day("2026-01-14"))
        #expect(F.states(tracker, "2026-01-05", "2026-01-14", today: "2026-01-14") == "xxxfxxxfxx")
        #expect(progress.currentStreak == 8)
        #expect(progress.quit?.currentClean == 2)
    }

    @Test(arguments: [
        ("1 per week", Allowance(count: 1, period: .week)), ("2/month", Allowance(count: 2, period: .month)),
        ("weekly", Allowance(count: 1, period: .week)), ("30 per month", Allowance(count: 30, period: .month)),
    ])
    func parsesAllowances(_ text: String, _ expected: Allowance) throws {
        #expect(try Allowance.parse(text).get() == expected)
    }

    @Test func refusesAllowances() {
        #expect(Allowance.parse("7 per week") == .failure(.countOutOfRange(maximum: 6)))
        #expect(Allowance.parse("31 per month") == .failure(.countOutOfRange(maximum: 30)))
        #expect(Allowance.parse("daily") == .failure(.unknown))
        #expect(Allowance.parse("1 per fortnight") == .failure(.unknown))
    }
}
