import Foundation
import Testing

@Suite struct WeekTests {
    @Test func thisWeek() throws {
        let habit = try Harness()
        let result = habit.output("week")
        #expect(result.hasPrefix("16–22 November 2026\n"))
    }

    @Test func anotherWeekAndOffsets() throws {
        let habit = try Harness()
        let result = habit.output("week --date -7")
        #expect(result.hasPrefix("9–15 November 2026\n"))
        #expect(habit.run("week --date 2026-11-01").out.hasPrefix("26 October – 1 November 2026\n"))
        #expect(habit.run("week --date nonsense").code == 2)
    }

    @Test func json() throws {
        let habit = try Harness()
        let result = habit.run("week --json")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(parsed["first_day"] as? String == "2026-11-16")
        #expect((parsed["trackers"] as? [Any])?.count == 6)
    }

    @Test func russian() throws {
        let habit = try Harness(language: "ru_RU.UTF-8")
        let result = habit.output("week")
        #expect(result.hasPrefix("16–22 ноября 2026\n"), "the week's dates in Russian: \(result)")
        #expect(result.contains("Пн  Вт  Ср  Чт  Пт  Сб  Вс"), "Russian weekdays, Monday first")
        #expect(result.contains("  Все трекеры "))
        #expect(result.contains("✓ выполнено  ✗ не выполнено  – пропущено"), "the legend in Russian")
        #expect(!result.contains("Mon") && !result.contains("All trackers") && !result.contains("done"), "no English left")
    }

    @Test func emptyDirectory() throws {
        let fresh = try Harness(examples: false)
        #expect(fresh.run("init").code == 0)
        let result = fresh.output("week")
        #expect(result == "16–22 November 2026\n\n  What shall we track?\n  Nothing is due on this day. Add a category, then a tracker: habit category add Study, then habit add \"Read\" --category Study --daily\n")
    }
}
