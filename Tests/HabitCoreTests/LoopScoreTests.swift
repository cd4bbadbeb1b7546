import HabitCore
import Testing

/// Habit strength against scores computed independently from Loop Habit Tracker's formula (docs/statistics.md)
/// (LoopScoreVectors.swift, written by scripts/generate_scores.py).
@Suite struct LoopScoreTests {
    static func tracker(_ sample: LoopScoreCase) -> (Tracker, today: CivilDate) {
        let first = CivilDate(sample.first)!
        let schedule: Schedule
        if sample.schedule.contains(" per ") || sample.schedule.hasPrefix("every") || sample.schedule == "daily" {
            schedule = try! ScheduleText.parse(sample.schedule).get()
        } else {
            schedule = .weekly(WeekdaySet(sample.schedule.split(separator: " ").map { Weekday(name: $0)! }))
        }
        let measure = sample.measure.map { Measure(target: $0.1, direction: Measure.Direction(rawValue: $0.0)!) }
        var entries: [CompletionLog.Entry] = []
        for (offset, value) in sample.values.enumerated() {
            let day = first.adding(days: offset)
            switch value {
            case .done?: entries.append(.init(day: day, mark: .done))
            case .skip?: entries.append(.init(day: day, mark: .skipped))
            case .amount(let total)?: entries.append(.init(day: day, value: .amount(total), measure: measure))
            case nil: break
            }
        }
        let tracker = Tracker(id: "t", name: "t", category: "c", schedule: schedule, start: first, log: CompletionLog(entries),
                              measure: measure)
        return (tracker, first.adding(days: sample.values.count - 1))
    }

    @Test(arguments: LoopScoreVectors.cases)
    func matchesLoop(_ sample: LoopScoreCase) throws {
        let (tracker, today) = Self.tracker(sample)
        let strength = try #require(HabitStrength(tracker: tracker, through: today, today: today))
        #expect(strength.scores.count == sample.scores.count)
        for (index, (ours, loops)) in zip(strength.scores, sample.scores).enumerated() {
            #expect(abs(ours - loops) < 1e-9, "day \(index + 1): \(ours) ≠ Loop's \(loops)")
        }
    }

    @Test func dailyHabitIsHalfwayOnDayThirteenAndNearEightyPercentOnDayThirty() throws {
        let first = CivilDate("2025-01-01")!
        let log = CompletionLog((0..<30).map { CompletionLog.Entry(day: first.adding(days: $0), mark: .done) })
        let tracker = Tracker(id: "t", name: "t", category: "c", schedule: .daily, start: first, log: log)
        let strength = try #require(HabitStrength(tracker: tracker, through: first.adding(days: 29), today: first.adding(days: 29)))
        #expect(abs(strength.scores[12] - 0.5) < 1e-12)
        #expect(abs(strength.scores[29] - 0.798017) < 1e-6)
    }

    @Test func multipliersFollowTheFrequency() {
        for (frequency, expected) in [(1.0, 0.9480775143), (2.0 / 3, 0.9573992432), (3.0 / 7, 0.9656966817), (1.0 / 7, 0.9800490153), (1.0 / 30, 0.9903125530)] {
            #expect(abs(HabitStrength.multiplier(frequency: frequency) - expected) < 1e-10)
        }
    }

    @Test func eventsHaveNoStrengthAndAtMostStartsFull() throws {
        let today = CivilDate("2026-11-22")!
        let event = Tracker(id: "e", name: "e", category: "c", schedule: .event, start: today)
        #expect(HabitStrength(tracker: event, through: today, today: today) == nil)
        let quit = Tracker(id: "q", name: "q", category: "c", schedule: .daily, start: today.adding(days: -9),
                           measure: Measure(target: 2, direction: .atMost))
        let strength = try #require(HabitStrength(tracker: quit, through: today, today: today))
        #expect(strength.scores.allSatisfy { $0 == 1 }, "no line on an at-most habit is a day within the target")
    }

    @Test func vacationDaysKeepTheScoreLikeSkips() throws {
        let first = CivilDate("2026-11-01")!
        let today = first.adding(days: 9)
        let log = CompletionLog((0..<10).filter { $0 < 3 || $0 > 6 }.map { CompletionLog.Entry(day: first.adding(days: $0), mark: .done) })
        let journal = Journal(
            settings: Settings(vacations: [Vacation(from: first.adding(days: 3), to: first.adding(days: 6))]),
            trackers: [Tracker(id: "t", name: "t", category: "c", schedule: .daily, start: first, log: log)])
        let strength = try #require(HabitStrength(tracker: journal.trackers[0], through: today, today: today))
        #expect(strength.scores[3] == strength.scores[2])
        #expect(strength.scores[6] == strength.scores[2])
        #expect(strength.scores[7] > strength.scores[6])
    }
}
