import HabitCore
import HabitScreens
import Testing

/// The week strip's marks: HabitCore's evaluation of the seven days only, folded as the details'
/// calendar folds them, with a numeric day that went part of the way told apart.
@Suite struct WeekMarksTests {
    static let today = Fixtures.day("2026-11-20")

    /// Totals as a file gives them: a total that meets the target is a done day (`CompletionLog.mark(forAmount:measure:)`).
    static func totals(_ amounts: [String: Double], _ measure: Measure) -> CompletionLog {
        CompletionLog(amounts.map { .init(day: Fixtures.day($0.key), mark: CompletionLog.mark(forAmount: $0.value, measure: measure), amount: $0.value) })
    }

    static func week(from first: String) -> [CivilDate] {
        (0..<7).map { Fixtures.day(first).adding(days: $0) }
    }

    /// Every kind of schedule, a slip, an allowance, a skip, a start inside the week.
    static let trackers: [Tracker] = [
        Fixtures.tracker("daily", "Daily", log: Fixtures.log(done: ["2026-11-02", "2026-11-03", "2026-11-18"], skipped: ["2026-11-10"])),
        Fixtures.tracker("weekdays", "Weekdays", schedule: .weekly(WeekdaySet([.monday, .wednesday, .friday])),
                         log: Fixtures.log(done: ["2026-11-04", "2026-11-07"])),
        Fixtures.tracker("periodic", "Twice a week", schedule: .periodic(count: 2, period: .week),
                         log: Fixtures.log(done: ["2026-11-03", "2026-11-05", "2026-11-11"])),
        Fixtures.tracker("interval", "Every 3 days", schedule: .interval(days: 3), log: Fixtures.log(done: ["2026-11-02", "2026-11-09"])),
        Tracker(id: "quit", name: "No sugar", category: "Health", schedule: .daily, start: Fixtures.day("2026-11-01"),
                log: CompletionLog([.init(day: Fixtures.day("2026-11-12"), mark: .slipped)]), isQuit: true),
        Tracker(id: "allow", name: "Stretch", category: "Health", schedule: .daily, start: Fixtures.day("2026-11-01"),
                log: Fixtures.log(done: ["2026-11-02"]), allowance: Allowance(count: 1, period: .week)),
        Fixtures.tracker("late", "Started late", start: "2026-11-11", log: Fixtures.log(done: ["2026-11-09", "2026-11-12"])),
        Fixtures.tracker("water", "Water", log: totals(["2026-11-16": 3, "2026-11-17": 8, "2026-11-20": 5], Measure(target: 8)),
                         measure: Measure(target: 8, unit: "glasses")),
    ]

    @Test(arguments: trackers)
    func theStatesAreTheDetailsCalendars(_ tracker: Tracker) {
        for first in ["2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23", "2026-11-30"] {
            let days = Self.week(from: first)
            let marks = DayScreen.weekMarks(of: tracker, on: days, today: Self.today)
            #expect(marks.map(\.date) == days)
            var calendar: [CivilDate: TrackerDetails.DayState] = [:]
            for month in Set(days.map { CivilDate(year: $0.year, month: $0.month, day: 1)! }) {
                let details = TrackerDetails(tracker: tracker, today: Self.today, weekStartsOn: .monday, month: month)
                for case let day? in details.month.weeks.joined() { calendar[day.date] = day.state }
            }
            #expect(marks.map(\.state) == days.map { calendar[$0] }, "\(tracker.id), the week from \(first)")
        }
    }

    @Test func anAtLeastDayUnderItsTargetIsPartial() throws {
        let water = try #require(Self.trackers.last)
        let marks = DayScreen.weekMarks(of: water, on: Self.week(from: "2026-11-16"), today: Self.today)
        let seen = marks.map { "\($0.date.day):\($0.state):\($0.isPartial)" }
        #expect(seen == ["16:missed:true", "17:done:false", "18:missed:false", "19:missed:false", "20:pending:true",
                         "21:future:false", "22:future:false"])
    }

    @Test func anAtMostDayOverItsTargetButNotTwiceOverIsPartial() {
        let atMost = Measure(target: 2, direction: .atMost)
        let sugar = Fixtures.tracker("cigarettes", "Cigarettes",
                                     log: Self.totals(["2026-11-16": 1, "2026-11-17": 3, "2026-11-18": 4, "2026-11-19": 9], atMost),
                                     measure: atMost)
        let marks = DayScreen.weekMarks(of: sugar, on: Self.week(from: "2026-11-16"), today: Self.today)
        #expect(marks.prefix(5).map(\.state) == [.done, .missed, .missed, .missed, .done])
        #expect(marks.prefix(5).map(\.isPartial) == [false, true, false, false, false], "3 is over 2 but under 4; 4 is twice over")
    }

    @Test func aSkippedOrNotDueDayWithAnAmountIsNotPartial() {
        let water = Fixtures.tracker("water", "Water", schedule: .weekly(WeekdaySet([.monday])),
                                     log: CompletionLog([.init(day: Fixtures.day("2026-11-16"), mark: .skipped, amount: 2),
                                                         .init(day: Fixtures.day("2026-11-17"), mark: nil, amount: 2)]),
                                     measure: Measure(target: 8))
        let marks = DayScreen.weekMarks(of: water, on: Self.week(from: "2026-11-16"), today: Self.today)
        #expect(marks[0].state == .skipped && !marks[0].isPartial)
        #expect(marks[1].state == .notDue && !marks[1].isPartial)
    }
}
