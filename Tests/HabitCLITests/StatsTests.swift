import Foundation
import Testing

@Suite struct StatsTests {
    @Test func populatedScreen() throws {
        let habit = try Harness()
        habit.output("stats")
        let colour = habit.run(["stats"], terminal: true)
        #expect(colour.out.contains("\u{1B}["))
    }

    @Test func emptyState() throws {
        let fresh = try Harness(examples: false)
        #expect(fresh.run("init").code == 0)
        #expect(fresh.run("category add Health").code == 0)
        #expect(fresh.run("add Run --category Health --daily").code == 0)
        fresh.output("stats")
        let russian = fresh.run(["stats"], environment: ["LANG": "ru_RU.UTF-8"])
        #expect(russian.out.contains("Анализировать пока нечего"))
    }

    @Test func russian() throws {
        let habit = try Harness(language: "ru_RU.UTF-8")
        let result = habit.run("stats")
        #expect(result.out.contains("Среднее значение"))
    }

    @Test func json() throws {
        let habit = try Harness()
        let result = habit.output("stats --json")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(result.utf8)) as? [String: Any])
        #expect(parsed["today"] as? String == "2026-11-22")
        #expect(parsed["empty"] as? Bool == false)
    }

    /// A small directory computed by hand (the week of Monday 2026-01-05, today Friday the 9th):
    /// `a` daily: x x s . x ; `b` Mon/Wed/Fri: x (Tue off) s (Thu off) . ; `c` event from Thu, done Thu.
    /// Days: Mon perfect, Tue perfect, Wed excused, Thu partial (a missed, c done), Fri in progress.
    /// Best streak 2, perfect days 2, completed 3 + 1 + 1 = 5, tracked days 5: average 1.0.
    func handBuilt() throws -> Harness {
        let habit = try Harness(examples: false, now: "2026-01-09T12:00")
        #expect(habit.run("init").code == 0)
        try habit.write("habit.toml", "categories = [\"Health\"]\n")
        try habit.write("trackers/a.toml", """
            name = "A"
            category = "Health"
            schedule = "daily"
            start = 2026-01-05

            [log]
            2026-01-05 = true
            2026-01-06 = true
            2026-01-07 = "skip"
            2026-01-09 = true

            """)
        try habit.write("trackers/b.toml", """
            name = "B"
            category = "Health"
            schedule = ["mon", "wed", "fri"]
            start = 2026-01-05

            [log]
            2026-01-05 = true
            2026-01-07 = "skip"

            """)
        try habit.write("trackers/c.toml", """
            name = "C"
            category = "Health"
            kind = "event"
            start = 2026-01-08

            [log]
            2026-01-08 = true

            """)
        return habit
    }

    @Test func numbersMatchAHandComputation() throws {
        let habit = try handBuilt()
        let result = habit.output("stats")
        #expect(result == """
            Statistics

                2  Best streak
                2  Perfect days
                5  Trackers completed
              1.0  Average

              All trackers, last 1 week
              Completion    ▇
              Perfect days  ▄

            """)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(habit.run("stats --json").out.utf8)) as? [String: Any])
        #expect(json["best_streak"] as? Int == 2)
        #expect(json["current_streak"] as? Int == 0)
        #expect(json["perfect_days"] as? Int == 2)
        #expect(json["trackers_completed"] as? Int == 5)
        #expect(json["tracked_days"] as? Int == 5)
        #expect(json["first_scheduled_day"] as? String == "2026-01-05")
        #expect(json["average"] as? Double == 1.0)
        // The trend: one week, Friday in progress left out: Mon 2 of 2, Tue 1 of 1, Wed all
        // skipped, Thu 1 of 2 (a missed, c done): 4 of 5; perfect Mon and Tue of 5 days so far.
        let weeks = try #require(json["weeks"] as? [[String: Any]])
        #expect(weeks.count == 1)
        #expect(weeks.first?["first"] as? String == "2026-01-05")
        #expect(weeks.first?["days"] as? Int == 5)
        #expect(weeks.first?["perfect_days"] as? Int == 2)
        #expect(weeks.first?["done"] as? Int == 4)
        #expect(weeks.first?["due"] as? Int == 5)
        #expect(weeks.first?["completion"] as? Double == 0.8)
    }

    @Test func markingTodayMakesItPerfectAndTheAverageHasOneDecimal() throws {
        let habit = try handBuilt()
        #expect(habit.run("done B").code == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(habit.run("stats --json").out.utf8)) as? [String: Any])
        #expect(json["perfect_days"] as? Int == 3)
        #expect(json["current_streak"] as? Int == 1)
        #expect(json["best_streak"] as? Int == 2)
        // 6 completions over 5 days: 1.2; in Russian with a comma.
        #expect(habit.run("stats").out.contains("1.2  Average"))
        #expect(habit.run(["stats"], environment: ["LANG": "ru_RU.UTF-8"]).out.contains("1,2  Среднее значение"))
    }

    @Test func zeroesOnceAnyMetricHasData() throws {
        // One completion off schedule: no perfect day, no streak, but the screen is not empty.
        let habit = try Harness(examples: false, now: "2026-01-09T12:00")
        #expect(habit.run("init").code == 0)
        try habit.write("habit.toml", "categories = [\"Health\"]\n")
        try habit.write("trackers/a.toml", """
            name = "A"
            category = "Health"
            schedule = ["mon"]
            start = 2026-01-05

            [log]
            2026-01-06 = true

            """)
        let out = habit.run("stats").out
        #expect(out.contains("0  Best streak"))
        #expect(out.contains("0  Perfect days"))
        #expect(out.contains("1  Trackers completed"))
        #expect(out.contains("0.2  Average"), "1 completion over the 5 days since Monday")
    }

    @Test func todayHonoursDayStartsAt() throws {
        let habit = try Harness(now: "2026-11-23T02:00")
        try habit.write("habit.toml", habit.file("habit.toml").replacingOccurrences(of: "# day_starts_at", with: "day_starts_at"))
        let reference = try Harness()
        try reference.write("habit.toml", reference.file("habit.toml").replacingOccurrences(of: "# day_starts_at", with: "day_starts_at"))
        #expect(habit.run("stats --json").out.contains(#""today": "2026-11-22""#))
        #expect(habit.run("stats").out == reference.run("stats").out)
        #expect(habit.run("cal").out == reference.run("cal").out)
        #expect(habit.run("cal").out.contains("Today: "), "the 22nd is still today, in progress or perfect")
        let lateNight = try Harness(now: "2026-11-23T02:00")
        #expect(lateNight.run("stats --json").out.contains(#""today": "2026-11-23""#), "without day_starts_at it is the 23rd")
    }
}
