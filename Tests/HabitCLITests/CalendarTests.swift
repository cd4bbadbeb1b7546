import Foundation
import HabitLocalization
import Testing
import HabitCore
@testable import HabitCLI

@Suite struct CalendarTests {
    @Test func monthAcrossAllTrackers() throws {
        let habit = try Harness()
        let result = habit.output("cal")
        let colour = habit.run(["cal"], terminal: true)
        #expect(colour.out.contains("\u{1B}[1;4m22"), "today is bold and underlined")
        #expect(habit.run("calendar").out == result, "`calendar` is an alias")
    }

    @Test func monthOfOneTrackerShowsItsStreaks() throws {
        let habit = try Harness()
        let result = habit.output("cal 2026-10 --tracker run")
        // 2026-10-05 (Mon) done, the 7th skipped, the 9th done: one run joined over the skip.
        #expect(result.contains("──5✓──6·──7–──8·──9✓"))
    }

    /// Without `week_starts_on` in habit.toml, `habit cal` and `habit week` begin on the
    /// language's first day of the week; with it, on the setting whatever the language (issue 37).
    @Test(arguments: [(Language.ptBR, Weekday.sunday), (.ja, .sunday), (.de, .monday), (.ru, .monday)])
    func weeksBeginOnTheLanguagesFirstDay(language: Language, first: Weekday) throws {
        let habit = try Harness(language: language.rawValue.replacingOccurrences(of: "-", with: "_") + ".UTF-8")
        let settings = habit.file("habit.toml")
        try habit.write("habit.toml", settings.replacingOccurrences(of: "week_starts_on = \"mon\"\n", with: ""))
        let t = Messages(language)
        let header = Weekday.week(startingOn: first).map { t.weekdayMini($0) }
        func headerRow(_ output: String) -> [String]? {
            output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }.first { $0.count == 7 && Set($0) == Set(header) }
        }
        #expect(headerRow(habit.output("cal 2026-11")) == header)
        #expect(headerRow(habit.output("week")) == header)
        // The JSON, for scripts, keeps counting from week_starts_on (Monday when absent).
        let json = try JSONSerialization.jsonObject(with: Data(habit.output("week --json").utf8)) as? [String: Any]
        #expect(json?["week_starts_on"] as? String == "mon")

        try habit.write("habit.toml", settings.replacingOccurrences(of: "week_starts_on = \"mon\"", with: "week_starts_on = \"sat\""))
        let saturday = Weekday.week(startingOn: .saturday).map { t.weekdayMini($0) }
        #expect(headerRow(habit.output("cal 2026-11")) == saturday, "habit.toml's choice wins over the language's")
        #expect(headerRow(habit.output("week")) == saturday)
    }

    @Test func relativeMonths() throws {
        let habit = try Harness()
        let previous = habit.output("cal -1")
        #expect(previous.contains("October 2026"))
        #expect(previous == habit.run("cal 2026-10").out)
        #expect(habit.run("cal +1").out.contains("December 2026"))
        #expect(habit.run("cal -11").out.contains("December 2025"))
        #expect(habit.run("cal --tracker drink -1").out.contains("October 2026"))
    }

    @Test func badArguments() throws {
        let habit = try Harness()
        let bad = habit.run("cal 2026-13")
        #expect(bad.code == 2)
        #expect(bad.err.contains("“2026-13” is not a month"))
        #expect(habit.run("cal 2026-10 2026-11").code == 2)
        let option = habit.run("cal --bogus")
        #expect(option.code == 2)
        #expect(option.err.contains("Unexpected argument “--bogus”"))
        #expect(habit.run("cal --year 20x6").err.contains("is not a year"))
        let unknown = habit.run("cal --tracker nothing-like-it")
        #expect(unknown.code == 1)
        #expect(unknown.err.contains("No tracker matches “nothing-like-it”"))
        #expect(unknown.out.isEmpty)
    }

    @Test func emptyMonth() throws {
        let fresh = try Harness(examples: false)
        #expect(fresh.run("init").code == 0)
        fresh.output("cal")
    }

    @Test func weeksStartOnTheSetting() throws {
        let habit = try Harness()
        try habit.write("habit.toml", habit.file("habit.toml").replacingOccurrences(of: #"week_starts_on = "mon""#, with: #"week_starts_on = "sun""#))
        let result = habit.run("cal")
        #expect(result.out.components(separatedBy: "\n")[1] == " Su  Mo  Tu  We  Th  Fr  Sa")
    }

    @Test func yearHeatmap() throws {
        let habit = try Harness()
        let result = habit.output("cal --year")
        let lines = result.components(separatedBy: "\n")
        #expect(lines[0] == "2026")
        #expect(lines[1].hasPrefix("    Jan"))
        #expect(lines[2].hasPrefix("Mo  "))
        #expect(habit.run("cal --year -1").out.hasPrefix("2025\n"))
    }

    @Test func russian() throws {
        let habit = try Harness(language: "ru_RU.UTF-8")
        let result = habit.run("cal")
        #expect(result.out.contains("Ноябрь 2026"))
        #expect(result.out.contains(" Пн  Вт  Ср  Чт  Пт  Сб  Вс"))
    }

    @Test func json() throws {
        let habit = try Harness()
        let month = habit.run("cal --json")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(month.out.utf8)) as? [String: Any])
        let days = try #require(parsed["days"] as? [[String: Any]])
        #expect(days.count == 30)
        #expect(days[21]["state"] as? String != "future", "the 22nd is today")
        #expect(days[22]["state"] as? String == "future")
        let year = try #require(try JSONSerialization.jsonObject(with: Data(habit.run("cal --year --json").out.utf8)) as? [String: Any])
        #expect((year["days"] as? [Any])?.count == 365)
    }

    @Test func russianPluralsAndNumbers() {
        let ru = Messages(.russian)
        #expect(ru.text(.perfectDaysCount, 1) == "1 идеальный день")
        #expect(ru.text(.perfectDaysCount, 3) == "3 идеальных дня")
        #expect(ru.text(.perfectDaysCount, 11) == "11 идеальных дней")
        #expect(ru.text(.perfectDaysCount, 21) == "21 идеальный день")
        #expect(ru.ofDays(1, 21) == "1 из 21 дня")
        #expect(ru.ofDays(3, 11) == "3 из 11 дней")
        #expect(ru.goalPeriod(Goal("2w")!) == "2 недели")
        #expect(ru.goalPeriod(Goal("5m")!) == "5 месяцев")
        #expect(ru.decimal(2.45) == "2,5")
        #expect(Messages(.english).decimal(0.43) == "0.4")
        #expect(Messages(.english).percent(99.7) == "99%", "never 100% before it is reached")
    }

    @Test func eventCalendar() throws {
        let habit = try Harness()
        let result = habit.output("cal --tracker dentist")
        #expect(result.contains(" 17· 18✗ 19✗ 20✗ 21✗ 22○"))
    }
}
