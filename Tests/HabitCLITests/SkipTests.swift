import Foundation
import Testing

@Suite struct SkipTests {
    @Test func writesOneSkipLine() throws {
        let habit = try Harness()
        let before = habit.file("trackers/spanish.toml").components(separatedBy: "\n")
        habit.output("skip spanish --date 2026-11-19")
        let after = habit.file("trackers/spanish.toml").components(separatedBy: "\n")
        #expect(after.count == before.count + 1)
        #expect(after.filter { !before.contains($0) } == [#"2026-11-19 = "skip""#])
        let logLines = after.filter { $0.hasPrefix("2026-") }
        #expect(logLines == logLines.sorted(), "the log stays sorted")
        #expect(habit.run("skip spanish --date 2026-11-19").out == "“Spanish lesson” was already skipped Thursday, 19 November 2026.\n")
        #expect(habit.run("check").code == 0)
    }

    @Test func skipTodayWithAnOffsetAndUndo() throws {
        let habit = try Harness()
        let before = habit.file("trackers/dentist.toml")
        #expect(habit.run("skip dentist").out == "“Book the dentist” skipped today (excused: it does not break a streak).\n")
        #expect(habit.file("trackers/dentist.toml").contains(#"2026-11-22 = "skip""#))
        #expect(habit.run("undone dentist").code == 0)
        #expect(habit.file("trackers/dentist.toml") == before)
        #expect(habit.run("skip drink --date -3").code == 0, "-3 is a day, not an option")
        #expect(habit.file("trackers/drink-water.toml").contains(#"2026-11-19 = "skip""#))
    }

    @Test func refusesFutureAndUnscheduledDays() throws {
        let habit = try Harness()
        expectRefusal("skip drink --date 2026-11-23", in: habit, mentions: "is in the future")
        // 2026-11-22 is a Sunday; the run is on Mon, Wed, Fri.
        expectRefusal("skip \"morning run\"", in: habit, mentions: "is not scheduled today (its days: Mon, Wed, Fri)")
        expectRefusal("skip drink --date 2026-09-30", in: habit, mentions: "starts on Thursday, 1 October 2026")
        expectRefusal("skip nothing-like-it", in: habit, mentions: "No tracker matches")
    }

    @Test func russian() throws {
        let habit = try Harness(language: "ru_RU.UTF-8")
        let skipped = habit.output("skip dentist")
        #expect(skipped == "«Book the dentist» пропущено по уважительной причине: сегодня (серия не прерывается).\n")
        #expect(habit.file("trackers/dentist.toml").contains(#"2026-11-22 = "skip""#))
        #expect(habit.run("skip dentist").out == "«Book the dentist» уже пропущено: сегодня.\n")
        let future = habit.run("skip drink --date 2026-11-23")
        #expect(future.code == 1)
        #expect(future.err.hasPrefix("habit: ошибка: понедельник, 23 ноября 2026: этот день ещё не наступил;"), "\(future.err)")
    }

    @Test func helpHasExamples() throws {
        let habit = try Harness()
        for command in ["stats", "show", "cal", "week", "skip"] {
            let result = habit.run([command, "--help"])
            #expect(result.code == 0, "\(command)")
            #expect(result.out.contains("Example"), "\(command) --help has an example")
        }
    }
}
