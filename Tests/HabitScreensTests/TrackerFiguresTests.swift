import HabitCore
import HabitLocalization
import HabitScreens
import Testing

/// The figures every front-end shows for a tracker: which, in which order, in which words.
@Suite struct TrackerFiguresTests {
    /// A Friday; 1 November 2026 is a Sunday.
    static let today = Fixtures.day("2026-11-06")

    static func labels(_ figures: TrackerFigures) -> [MessageKey] { figures.figures.map(\.label) }

    @Test func aHabitsFiguresInHabitShowsOrder() {
        let run = Fixtures.tracker("run", "Run", log: Fixtures.log(done: ["2026-11-01", "2026-11-02", "2026-11-03"], skipped: ["2026-11-04"]))
        let figures = TrackerFigures(tracker: run, today: Self.today)
        #expect(Self.labels(figures) == [.currentStreak, .bestStreak, .fieldCompletionRate, .fieldCompletions, .fieldStrength, .fieldGoal])
        #expect(figures.figures[2].value == .completionRate(0.75, done: 3, due: 4, unit: .days))
        #expect(figures.figures[5].value == .forever)
        let english = figures.words(Messages(.english)).map { "\($0.label): \($0.value)" }
        #expect(english == ["Current streak: 0 days", "Best streak: 3 days", "Completion rate: 75% (3 of 4 days)",
                            "Completions: 3 days", english[4], "Goal: Forever"])
        let russian = figures.words(Messages(.russian)).map { "\($0.label): \($0.value)" }
        #expect(russian[2] == "Выполнение: 75 % (3 из 4 дней)" && russian[5] == "Цель: Бессрочно")
    }

    @Test func aQuitHabitHasItsCleanRunsSlipsAndStreaks() {
        var quit = Fixtures.tracker("smoke", "No smoking",
                                    log: CompletionLog([CompletionLog.Entry(day: Fixtures.day("2026-11-03"), mark: .slipped)]))
        quit.isQuit = true
        quit.allowance = Allowance(count: 1, period: .week)
        let figures = TrackerFigures(tracker: quit, today: Self.today)
        #expect(Self.labels(figures) == [.fieldClean, .fieldBestClean, .fieldSlips, .currentStreak, .bestStreak, .fieldForgiven,
                                         .fieldCompletionRate, .fieldCompletions, .fieldStrength, .fieldGoal])
        let words = figures.words(Messages(.english))
        #expect(words[0].value == "3 days clean" && words[0].parts.map(\.emphasis) == [.strong])
        #expect(words[2].value == "1 (1.2 a week, 5.0 a month)", "a slip in 6 days")
        #expect(figures.words(Messages(.russian))[2].value == "1 (1,2 в неделю, 5,0 в месяц)")
    }

    @Test func nothingDueYetAndAGoalsProgress() throws {
        let fresh = Fixtures.tracker("read", "Read", start: "2026-11-06")
        let figures = TrackerFigures(tracker: fresh, today: Self.today)
        let rate = try #require(figures.figures.first { $0.label == .fieldCompletionRate })
        #expect(rate.value == .nothingDueYet)
        #expect(rate.words(Messages(.english)).parts == [FigureWords.Part(text: "nothing due yet", emphasis: .quiet)])

        var goal = Fixtures.tracker("run", "Run", start: "2026-11-01", log: Fixtures.log(done: ["2026-11-01", "2026-11-02"]))
        goal.goal = Goal(count: 2, unit: .days)
        let reached = TrackerFigures(tracker: goal, today: Self.today).words(Messages(.english))
        #expect(reached.suffix(2).map(\.label) == ["Goal", "Progress"])
        #expect(reached.last?.value == "100% (2 of 2 days) · goal reached")
        #expect(reached.last?.parts.last?.emphasis == .good)
    }

    @Test func theDetailsCarryTheSameFigures() {
        let run = Fixtures.tracker("run", "Run", log: Fixtures.log(done: ["2026-11-01", "2026-11-02"]))
        let details = TrackerDetails(tracker: run, in: Fixtures.journal([run]), today: Self.today)
        #expect(details.figures == TrackerFigures(tracker: run, today: Self.today))
    }
}
