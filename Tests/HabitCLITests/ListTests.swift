import Foundation
import Testing

@Suite struct ListTests {
    @Test func showsTodayGroupedWithPinnedFirst() throws {
        let habit = try Harness()
        let result = habit.run([])
        #expect(result.code == 0)
        #expect(result.err.isEmpty)
        #expect(habit.run(["list"]).out == result.out, "`habit` is `habit list`")
    }

    @Test func showsAnotherDay() throws {
        let habit = try Harness()
        let result = habit.output("list --date 2026-11-20")
        // Friday: the run is due (and was done), the Spanish lesson and the plants are not.
        #expect(result == """
            Friday, 20 November 2026

            Pinned
              💧 Drink water       50 days  ✓

            Health
              🦷 Book the dentist   0 days  ○
              🏃 Morning run       28 days  ✓

            Study
              📚 Read 20 pages     28 days  ✓

            """)
        #expect(habit.run("list --date -2").out == result, "two days ago is the same day")
    }

    @Test func todoComesBeforeDoneWithinAGroup() throws {
        let habit = try Harness()
        habit.run("unpin drink")
        habit.run("undone drink")
        habit.run("done dentist")
        let result = habit.run("list")
        let health = result.out.components(separatedBy: "Health\n")[1]
        let dentist = try #require(health.range(of: "Book the dentist"))
        let water = try #require(health.range(of: "Drink water"))
        #expect(water.lowerBound < dentist.lowerBound, "Drink water (to do) before the dentist (done)")
    }

    @Test func searchIgnoresCaseAndAccents() throws {
        let habit = try Harness()
        #expect(habit.run("add Café --category Home --daily").code == 0)
        #expect(habit.run("add Чтение --category Study --daily").code == 0)
        _ = habit.run("list --search CAFE")
        #expect(habit.run("list --search чТЕ").out.contains("Чтение"))
        #expect(habit.run(["list", "--search", "Cafe\u{301}"]).out.contains("Café"))
    }

    @Test func filters() throws {
        let habit = try Harness()
        let today = habit.run("list --date 2026-11-01 --filter today")
        #expect(today.out.hasPrefix("Sunday, 22 November 2026"), "`today` moves the date to today")
    }

    @Test func emptyStates() throws {
        _ = try Harness()
        let fresh = try Harness(examples: false)
        #expect(fresh.run("init").code == 0)
    }

    @Test func jsonShape() throws {
        let habit = try Harness()
        let result = habit.output("list --json --date 2026-11-21")
        let parsed = try JSONSerialization.jsonObject(with: Data(result.utf8)) as? [String: Any]
        #expect(parsed?["date"] as? String == "2026-11-21")
    }

    @Test func russian() throws {
        let habit = try Harness(language: "ru_RU.UTF-8")
        let result = habit.output("list")
        // Dates, headings and plurals in Russian; names and categories are data, never translated.
        #expect(result == """
            воскресенье, 22 ноября 2026 (сегодня)

            Закреплённые
              💧 Drink water       50 дней  ✓

            Health
              🦷 Book the dentist   0 дней  ○

            Study
              📚 Read 20 pages     28 дней  ✓

            Home
              🪴 Water the plants  10 дней  –

            """)
    }

    @Test func colourOnlyWhenAskedOrOnATerminal() throws {
        let habit = try Harness()
        #expect(!habit.run("list").out.contains("\u{1B}["), "not a terminal")
        let terminal = habit.run([], terminal: true)
        #expect(terminal.out.contains("\u{1B}["))
        #expect(!habit.run([], terminal: true, environment: ["NO_COLOR": "1"]).out.contains("\u{1B}["))
        #expect(habit.run("list --color always").out.contains("\u{1B}["))
        #expect(!habit.run(["list", "--color", "never"], terminal: true).out.contains("\u{1B}["))
    }

    @Test func escapeSequencesFromFilesAreShownEscaped() throws {
        let habit = try Harness()
        try habit.write("habit.toml", """
            categories = ["Health", "Study", "Home", "Red\\u001B[31m\\u001B]0;pwned\\u0007"]

            """)
        try habit.write("trackers/evil.toml", """
            name = "Evil\\u202Eliv"
            category = "Red\\u001B[31m\\u001B]0;pwned\\u0007"
            schedule = "daily"
            start = 2026-11-01

            """)
        let result = habit.output("list")
        #expect(!result.contains("\u{1B}"))
        #expect(!result.contains("\u{202E}"))
        #expect(result.contains("Red\\u{1B}[31m\\u{1B}]0;pwned\\u{7}"))
        #expect(result.contains("Evil\\u{202E}liv"))
    }
}
