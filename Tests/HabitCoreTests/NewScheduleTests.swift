import HabitCore
import Testing

/// "N per week/month", "every N days", numeric habits, vacations and notes: the worked examples of
/// docs/statistics.md §8.
@Suite struct NewScheduleTests {
    typealias F = StatsFixture

    static func tracker(_ schedule: Schedule, start: String, marks: String, measure: Measure? = nil, goal: String? = nil,
                        vacations: [Vacation] = [], weekStartsOn: Weekday = .monday) -> Tracker {
        let tracker = Tracker(id: "t", name: "t", category: "c", schedule: schedule, start: F.day(start), goal: goal.flatMap { Goal($0) },
                              log: F.log(marks, from: F.day(start)), measure: measure)
        return Journal(settings: Settings(weekStartsOn: weekStartsOn, vacations: vacations), trackers: [tracker]).trackers[0]
    }

    // MARK: Schedules as written

    @Test(arguments: [
        ("daily", Schedule.daily), ("Every day", .daily), ("3 per week", .periodic(count: 3, period: .week)),
        ("3 times a week", .periodic(count: 3, period: .week)), ("3/week", .periodic(count: 3, period: .week)),
        ("10 per month", .periodic(count: 10, period: .month)), ("weekly", .periodic(count: 1, period: .week)),
        ("every 2 days", .interval(days: 2)), ("every other day", .interval(days: 2)), ("every 1 day", .daily),
    ])
    func parsesSchedules(_ text: String, _ schedule: Schedule) throws {
        #expect(try ScheduleText.parse(text).get() == schedule)
    }

    @Test(arguments: [("8 per week", ScheduleText.Problem.countOutOfRange(maximum: 7)), ("32 per month", .countOutOfRange(maximum: 31)),
                      ("0 per week", .countOutOfRange(maximum: 7)), ("every 0 days", .countOutOfRange(maximum: 366)),
                      ("3 per fortnight", .unknown), ("sometimes", .unknown), ("mon,wed", .unknown)])
    func refusesSchedules(_ text: String, _ problem: ScheduleText.Problem) {
        #expect(throws: problem) { try ScheduleText.parse(text).get() }
    }

    @Test func writesSchedulesBack() throws {
        for schedule in [Schedule.daily, .periodic(count: 3, period: .week), .periodic(count: 10, period: .month), .interval(days: 2)] {
            #expect(try ScheduleText.parse(ScheduleText.fileText(schedule)!).get() == schedule)
        }
        #expect(Schedule.weekly(F.weekdays("mon wed fri")).frequency! == (3, 7))
        #expect(Schedule.periodic(count: 10, period: .month).frequency! == (10, 30))
        #expect(Schedule.interval(days: 2).frequency! == (1, 2))
        #expect(Schedule.periodic(count: 7, period: .week).frequency! == (1, 1))
    }

    // MARK: N per week

    /// 3 per week from Monday 5 January: week 1 done Mon Wed Fri (met), week 2 done Tue Sat (missed,
    /// its shortfall on Sunday), week 3 done Monday, today Wednesday 21 (in progress).
    static let gym = tracker(.periodic(count: 3, period: .week), start: "2026-01-05", marks: "x.x.x...x...x.x")

    @Test func periodicDaysAndStreaks() {
        #expect(F.states(Self.gym, "2026-01-05", "2026-01-25", today: "2026-01-21") == "x.x.x...x...x!x.o    ")
        let progress = TrackerProgress(tracker: Self.gym, today: F.day("2026-01-21"))
        #expect(progress.streakUnit == .weeks)
        #expect((progress.currentStreak, progress.bestStreak) == (0, 1))
        #expect((progress.metPeriods, progress.missedPeriods) == (1, 1))
        #expect(progress.completionRate == 0.5)
        #expect((progress.doneDays, progress.missedDays, progress.completions) == (6, 1, 6))
        let status = Self.gym.status(on: F.day("2026-01-21"), today: F.day("2026-01-21"))
        #expect(status.isShown && status.mark == nil)
        #expect(status.period.map { ($0.done, $0.required, $0.state) } ?? (0, 0, .future) == (1, 3, .inProgress))
    }

    @Test func aMetPeriodShowsAsDoneAndCountsOnceMet() {
        let met = Self.tracker(.periodic(count: 3, period: .week), start: "2026-01-05", marks: "x.x.x...x...x.xxx.x")
        let today = F.day("2026-01-23")
        #expect(met.status(on: today, today: today).mark == .done, "the quota is met on Wednesday")
        let progress = TrackerProgress(tracker: met, today: today)
        #expect((progress.currentStreak, progress.metPeriods, progress.missedPeriods) == (1, 2, 1))
        #expect(F.states(met, "2026-01-19", "2026-01-25", today: "2026-01-23") == "xxx.x  ", "nothing more is asked this week")
    }

    @Test(arguments: [
        // start, first vacation day (to Sunday 18), a day of the week asked about, quota
        ("2026-01-08", nil as String?, "2026-01-08", 2),  // from Thursday: 4 of 7 days count, 3 × 4 ÷ 7 = 1.71 → 2
        ("2026-01-11", nil, "2026-01-11", 0),             // from Sunday: 3 × 1 ÷ 7 = 0.43 → 0, nothing asked
        ("2026-01-05", "2026-01-15", "2026-01-12", 1),    // away Thursday to Sunday: 3 × 3 ÷ 7 = 1.29 → 1
        ("2026-01-05", "2026-01-16", "2026-01-12", 2),    // away Friday to Sunday: 3 × 4 ÷ 7 = 1.71 → 2
        ("2026-01-05", nil, "2026-01-12", 3),             // a whole week: the quota
    ])
    func quotasFollowTheDaysThatCount(_ start: String, _ vacationFrom: String?, _ probe: String, _ quota: Int) {
        let vacations = vacationFrom.map { [Vacation(from: F.day($0), to: F.day("2026-01-18"))] } ?? []
        let tracker = Self.tracker(.periodic(count: 3, period: .week), start: start, marks: "", vacations: vacations)
        #expect(tracker.status(on: F.day(probe), today: F.day("2026-01-25")).period?.required == quota)
    }

    @Test func weeksFollowWeekStartsOn() {
        let sunday = Self.tracker(.periodic(count: 1, period: .week), start: "2026-01-04", marks: "x", weekStartsOn: .sunday)
        let period = sunday.status(on: F.day("2026-01-10"), today: F.day("2026-01-10")).period
        #expect(period?.first == F.day("2026-01-04") && period?.last == F.day("2026-01-10") && period?.isMet == true)
    }

    @Test func monthsAreCalendarMonths() {
        let month = Self.tracker(.periodic(count: 10, period: .month), start: "2026-02-01", marks: String(repeating: "x.", count: 14))
        let progress = TrackerProgress(tracker: month, today: F.day("2026-03-02"))
        #expect(progress.streakUnit == .months)
        #expect((progress.metPeriods, progress.currentStreak) == (1, 1), "14 done days in February's 28")
    }

    @Test func periodicGoalsCountQuotas() {
        // 2 weeks of 3 per week: 6 days asked; 4 done in week 1 count as 3.
        let goal = Self.tracker(.periodic(count: 3, period: .week), start: "2026-01-05", marks: "xxxx...x", goal: "2w")
        let progress = TrackerProgress(tracker: goal, today: F.day("2026-01-12"))
        #expect(progress.goal.map { ($0.doneDays, $0.requiredDays) } ?? (0, 0) == (4, 6))
    }

    // MARK: Every N days

    @Test func intervalDaysAreDueWhenAWindowHasNoDoneDay() {
        // Every 3 days from Monday 5 January: done 5 and 9. The window 6–8 has none: 8 is missed;
        // 10–12 has none: 12 and 13 are missed; today 14 is pending.
        let plants = Self.tracker(.interval(days: 3), start: "2026-01-05", marks: "x...x")
        #expect(F.states(plants, "2026-01-05", "2026-01-15", today: "2026-01-14") == "x..!x..!!o ")
        let status = plants.status(on: F.day("2026-01-10"), today: F.day("2026-01-14"))
        #expect(status.mark == .done && status.nextDue == F.day("2026-01-12"), "covered by the 9th, due by the 12th")
        let progress = TrackerProgress(tracker: plants, today: F.day("2026-01-14"))
        #expect((progress.doneDays, progress.missedDays, progress.currentStreak, progress.bestStreak) == (2, 3, 0, 1))
        #expect(progress.streakUnit == .days)
    }

    @Test func aSkipCoversAnIntervalWindow() {
        let plants = Self.tracker(.interval(days: 2), start: "2026-01-05", marks: "x.s.x")
        #expect(F.states(plants, "2026-01-05", "2026-01-09", today: "2026-01-09") == "x.s.x")
    }

    // MARK: Numeric habits

    @Test func atLeastDaysAreDoneWhenTheTotalMeetsTheTarget() {
        let water = Measure(target: 8, unit: "glasses")
        var log = CompletionLog()
        log.setEntry(.init(day: F.day("2026-01-05"), value: .amount(8), measure: water), on: F.day("2026-01-05"))
        log.setEntry(.init(day: F.day("2026-01-06"), value: .amount(5), measure: water), on: F.day("2026-01-06"))
        log.setEntry(.init(day: F.day("2026-01-08"), value: .done, measure: water), on: F.day("2026-01-08"))
        let tracker = Tracker(id: "w", name: "w", category: "c", schedule: .daily, start: F.day("2026-01-05"), log: log, measure: water)
        #expect(F.states(tracker, "2026-01-05", "2026-01-09", today: "2026-01-09") == "x!!xo")
        #expect(tracker.log.mark(on: F.day("2026-01-06")) == nil && tracker.log.amount(on: F.day("2026-01-06")) == 5)
        #expect(TrackerProgress(tracker: tracker, today: F.day("2026-01-09")).completions == 2)
    }

    @Test func atMostDaysWithoutALineAreDone() {
        let cigarettes = Measure(target: 2, direction: .atMost)
        var log = CompletionLog()
        log.setEntry(.init(day: F.day("2026-01-06"), value: .amount(3), measure: cigarettes), on: F.day("2026-01-06"))
        log.setEntry(.init(day: F.day("2026-01-07"), value: .amount(2), measure: cigarettes), on: F.day("2026-01-07"))
        let tracker = Tracker(id: "c", name: "c", category: "c", schedule: .daily, start: F.day("2026-01-05"), log: log, measure: cigarettes)
        #expect(F.states(tracker, "2026-01-05", "2026-01-09", today: "2026-01-09") == "x!xxx")
        let progress = TrackerProgress(tracker: tracker, today: F.day("2026-01-09"))
        #expect((progress.currentStreak, progress.completions, progress.missedDays) == (3, 4, 1))
        #expect(tracker.status(on: F.day("2026-01-09"), today: F.day("2026-01-09")).mark == .done, "today, nothing logged yet")
        let stats = OverallStatistics(trackers: [tracker], today: F.day("2026-01-09"))
        #expect((stats.perfectDays, stats.bestStreak, stats.trackersCompleted) == (4, 3, 4))
    }

    @Test(arguments: [(8.0, Measure.Direction.atLeast, 4.0, 0.5), (8, .atLeast, 12, 1), (2, .atMost, 1, 1), (2, .atMost, 3, 0.5),
                      (2, .atMost, 5, 0), (0, .atMost, 0, 1), (0, .atMost, 1, 0)])
    func fractionsOfTheTarget(_ target: Double, _ direction: Measure.Direction, _ total: Double, _ fraction: Double) {
        #expect(Measure(target: target, direction: direction).fraction(of: total) == fraction)
    }

    @Test func changingTheTargetMarksTotalsAgain() {
        var log = CompletionLog([.init(day: F.day("2026-01-05"), value: .amount(6), measure: Measure(target: 8))])
        #expect(log.doneCount == 0)
        log.apply(Measure(target: 5))
        #expect(log.doneCount == 1 && log.mark(on: F.day("2026-01-05")) == .done)
        log.apply(nil)
        #expect(log.doneCount == 1, "a yes/no habit counts a total above 0 as done")
    }

    @Test func amountsAreTidied() {
        #expect(Measure.tidy(0.1 + 0.2) == 0.3)
        #expect(Measure.tidy(2.5) == 2.5)
    }

    // MARK: Vacations and notes

    @Test func vacationsExcuseEveryTrackerUnlessItHasAMark() {
        let vacations = [Vacation(from: F.day("2026-01-07"), to: F.day("2026-01-08"))]
        let run = Self.tracker(.daily, start: "2026-01-05", marks: "xx.x.", vacations: vacations)
        #expect(F.states(run, "2026-01-05", "2026-01-09", today: "2026-01-09") == "xxsxo")
        #expect(TrackerProgress(tracker: run, today: F.day("2026-01-09")).currentStreak == 3)
        let stats = OverallStatistics(trackers: [run], today: F.day("2026-01-09"))
        #expect((stats.perfectDays, stats.bestStreak) == (3, 3))
        #expect(run.status(on: F.day("2026-01-07"), today: F.day("2026-01-09")).mark == .skipped)
    }

    @Test func vacationsMergeIntoRanges() {
        let vacations = Vacations([Vacation(from: F.day("2026-01-10"), to: F.day("2026-01-12")),
                                   Vacation(from: F.day("2026-01-05"), to: F.day("2026-01-09")),
                                   Vacation(from: F.day("2026-01-20"), to: F.day("2026-01-20"))])
        #expect(vacations.ranges.count == 2)
        #expect(vacations.covers(from: F.day("2026-01-06"), through: F.day("2026-01-12")))
        #expect(!vacations.covers(from: F.day("2026-01-12"), through: F.day("2026-01-20")))
        #expect(vacations.range(containing: F.day("2026-01-20")) == F.day("2026-01-20")...F.day("2026-01-20"))
    }

    @Test func notesLiveBesideMarks() {
        var log = CompletionLog()
        log.setNote("hot day", on: F.day("2026-01-05"))
        #expect(log.isEmpty && log.note(on: F.day("2026-01-05")) == "hot day", "a note without a mark")
        log.set(.done, on: F.day("2026-01-05"))
        log.setNote("", on: F.day("2026-01-05"))
        #expect(log.note(on: F.day("2026-01-05")) == nil && log.isDone(on: F.day("2026-01-05")))
        log.setNote("x", on: F.day("2026-01-05"))
        _ = log.removeEntries(before: F.day("2026-01-06"))
        #expect(log.notes.isEmpty, "dropping a day drops its note")
    }
}
