import HabitCore
import HabitScreens
import Testing

@Suite struct TrackerDetailsTests {
    /// A Friday; 1 November 2026 is a Sunday.
    static let today = Fixtures.day("2026-11-06")

    static func day(_ details: TrackerDetails.Month, _ text: String) -> TrackerDetails.Day? {
        details.weeks.joined().compactMap { $0 }.first { $0.date == Fixtures.day(text) }
    }

    @Test func theFiguresOfHabitShow() throws {
        let run = Fixtures.tracker("run", "Run", log: Fixtures.log(done: ["2026-11-01", "2026-11-02", "2026-11-03"], skipped: ["2026-11-04"]))
        let details = TrackerDetails(tracker: run, in: Fixtures.journal([run]), today: Self.today)
        #expect(details.doneDays == 3)
        #expect(details.bestStreak == 3 && details.currentStreak == 0 && details.streakUnit == .days, "the 5th broke the run")
        #expect(details.completionRate == 0.75, "3 done of 4 due, the skipped day left out, today not yet")
        #expect(details.quit == nil && details.forgivenDays == 0)
        let strength = try #require(details.strength)
        #expect(strength > 0 && strength < 1)
    }

    @Test func aMonthInWeeksFromWeekStartsOnWithEachDaysState() throws {
        let run = Fixtures.tracker("run", "Run", schedule: .weekly(WeekdaySet([.sunday, .monday, .tuesday, .wednesday, .thursday, .friday])),
                                   log: Fixtures.log(done: ["2026-11-01", "2026-11-02", "2026-11-03"], skipped: ["2026-11-04"]))
        let month = TrackerDetails(tracker: run, today: Self.today, weekStartsOn: .monday).month
        #expect(month.year == 2026 && month.month == 11)
        #expect(month.weekdays.first == .monday)
        #expect(month.weeks.first?.prefix(6).allSatisfy { $0 == nil } == true && month.weeks.first?[6]?.date == Fixtures.day("2026-11-01"))
        #expect(month.weeks.count == 6 && month.weeks.allSatisfy { $0.count == 7 })
        #expect(Self.day(month, "2026-11-01")?.state == .done && Self.day(month, "2026-11-03")?.runLength == 3)
        #expect(Self.day(month, "2026-11-04")?.state == .skipped)
        #expect(Self.day(month, "2026-11-05")?.state == .missed)
        #expect(Self.day(month, "2026-11-06")?.state == .pending && Self.day(month, "2026-11-06")?.isToday == true)
        #expect(Self.day(month, "2026-11-07")?.state == .future)
        #expect(Self.day(month, "2026-11-05")?.isToday == false)

        let sundayFirst = TrackerDetails(tracker: run, today: Self.today, weekStartsOn: .sunday).month
        #expect(sundayFirst.weeks.first?.first??.date == Fixtures.day("2026-11-01"), "no blank before a Sunday the 1st")

        let october = TrackerDetails(tracker: run, today: Self.today, weekStartsOn: .monday).movingMonth(by: -1).month
        #expect(october.month == 10 && october.weeks.joined().compactMap { $0 }.allSatisfy { $0.state == .beforeStart })
        let saturday = TrackerDetails(tracker: run, today: Fixtures.day("2026-11-09"), weekStartsOn: .monday).month
        #expect(Self.day(saturday, "2026-11-07")?.state == .notDue, "off the habit's weekdays")
    }

    @Test func quitHabitsSlipsAndForgivenDaysAreToldApart() {
        var quit = Fixtures.tracker("smoke", "No smoking",
                                    log: CompletionLog([CompletionLog.Entry(day: Fixtures.day("2026-11-03"), mark: .slipped)]))
        quit.isQuit = true
        let details = TrackerDetails(tracker: quit, today: Self.today, weekStartsOn: .monday)
        #expect(Self.day(details.month, "2026-11-03")?.state == .slipped)
        #expect(Self.day(details.month, "2026-11-02")?.state == .done, "a quit habit's day without a slip is kept")
        #expect(details.quit?.slips == 1 && details.quit?.currentClean == 3)

        var lenient = Fixtures.tracker("run", "Run", log: Fixtures.log(done: ["2026-11-02", "2026-11-03", "2026-11-05"]))
        lenient.allowance = Allowance(count: 1, period: .week)
        let forgiving = TrackerDetails(tracker: lenient, today: Self.today, weekStartsOn: .monday)
        #expect(Self.day(forgiving.month, "2026-11-04")?.state == .forgiven)
        #expect(forgiving.forgivenDays == forgiving.progress.forgivenDays && forgiving.forgivenDays >= 1)
    }

    @Test func theHeatmapIsTheLast53WeeksInColumns() throws {
        let run = Fixtures.tracker("run", "Run", log: Fixtures.log(done: ["2026-11-02"]))
        let heatmap = TrackerDetails(tracker: run, today: Self.today, weekStartsOn: .monday).heatmap
        #expect(heatmap.weeks.count == 53 && heatmap.weeks.allSatisfy { $0.count == 7 })
        #expect(heatmap.weekdays.first == .monday && heatmap.firstDay.weekday == .monday)
        #expect(heatmap.lastDay == Fixtures.day("2026-11-08"), "the last column is the week that holds today")
        let last = try #require(heatmap.weeks.last)
        #expect(last.map(\.state) == [.done, .missed, .missed, .missed, .pending, .future, .future])
        #expect(last[4].isToday)
        #expect(heatmap.weeks[0].allSatisfy { $0.state == .beforeStart })
    }
}
