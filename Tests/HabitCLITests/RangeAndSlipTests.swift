import Foundation
import Testing

/// `habit done|undone --from --to` and `habit slip|unslip` on disk and in git.
@Suite struct RangeAndSlipTests {
    static func commits(_ habit: Harness) throws -> Int {
        let log = habit.run("log --json")
        let array = try JSONSerialization.jsonObject(with: Data(log.out.utf8)) as? [Any]
        return try #require(array).count
    }

    @Test func aRangeIsOneCommit() throws {
        let habit = try Harness(examples: false)
        #expect(habit.run("init").code == 0)
        #expect(habit.run(["category", "add", "Study"]).code == 0)
        #expect(habit.run(["add", "Read", "--category", "Study", "--days", "mon,tue,wed,thu,fri", "--start", "2026-11-02"]).code == 0)
        #expect(habit.run("done read --date 2026-11-17").code == 0)
        let before = try Self.commits(habit)
        let result = habit.run("done read --from 2026-11-13 --to 2026-11-18")
        #expect(result.code == 0, "\(result.err)")
        #expect(try Self.commits(habit) == before + 1, "one commit for the whole range")
        let lines = habit.file("trackers/read.toml").components(separatedBy: "\n").filter { $0.hasPrefix("2026-") }
        // Friday 13, Monday 16, Tuesday 17 (already done), Wednesday 18: the weekend is not scheduled.
        #expect(lines == ["2026-11-13 = true", "2026-11-16 = true", "2026-11-17 = true", "2026-11-18 = true"])
        #expect(habit.run("undone read --from 2026-11-16 --to 2026-11-17").code == 0)
        #expect(try Self.commits(habit) == before + 2)
        #expect(habit.file("trackers/read.toml").components(separatedBy: "\n").filter { $0.hasPrefix("2026-") }
            == ["2026-11-13 = true", "2026-11-18 = true"])
        #expect(habit.run("done read --from 2026-11-18 --to 2026-11-16").code == 2, "a backwards range is refused")
        #expect(habit.run("done read --from 2026-11-16").code == 2, "both ends are needed")
        #expect(habit.run("done read --from 2026-11-20 --to 2026-11-23").code == 1, "days ahead are refused")
        #expect(habit.run("check").code == 0)
    }

    @Test func slipsAreLinesOfTheLog() throws {
        let habit = try Harness(examples: false)
        #expect(habit.run("init").code == 0)
        #expect(habit.run(["category", "add", "Health"]).code == 0)
        #expect(habit.run(["add", "Smoking", "--category", "Health", "--quit", "--start", "2026-11-01"]).code == 0)
        let created = habit.file("trackers/smoking.toml")
        #expect(created.contains("quit = true\n") && !created.contains("schedule"))
        #expect(habit.run(["slip", "smoking", "--date", "2026-11-20", "--note", "party"]).code == 0)
        #expect(habit.file("trackers/smoking.toml").hasSuffix("[log]\n2026-11-20 = { slip = true, note = \"party\" }\n"))
        let show = habit.run("show smoking --json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(show.out.utf8)) as? [String: Any])
        #expect(json["clean_days"] as? Int == 2)
        #expect(json["best_clean_days"] as? Int == 19)
        #expect(json["slips"] as? Int == 1)
        #expect(habit.run("unslip smoking --date 2026-11-20").code == 0)
        #expect(habit.file("trackers/smoking.toml").hasSuffix("[log]\n2026-11-20 = { note = \"party\" }\n"), "the note stays")
        #expect(habit.run("check").code == 0)
    }

    /// Loop has no habits to quit: the export writes "at most 0 slips a day", which reads back as
    /// the same kept and missed days.
    @Test(arguments: ["x.zip", "x.db"])
    func aQuitHabitGoesToLoopAsAtMostZero(_ file: String) throws {
        let habit = try Harness(examples: false)
        #expect(habit.run("init").code == 0)
        #expect(habit.run(["category", "add", "Health"]).code == 0)
        #expect(habit.run(["add", "Smoking", "--category", "Health", "--quit", "--allow", "1 per week", "--start", "2026-11-01"]).code == 0)
        #expect(habit.run(["slip", "smoking", "--date", "2026-11-20", "--note", "party"]).code == 0)
        let path = habit.root.appendingPathComponent(file).path
        let exported = habit.run(["export", "loop", path])
        #expect(exported.code == 0, "\(exported.err)")
        #expect(exported.out.contains("“Smoking”: a habit to quit is written as at most 0 slips a day"))
        let back = try Harness(examples: false)
        #expect(back.run("init").code == 0)
        let imported = back.run(["import", "loop", path])
        #expect(imported.code == 0, "\(imported.err)")
        let text = back.file("trackers/smoking.toml")
        #expect(text.contains("target = 0\n") && text.contains("target_type = \"at_most\""), "\(text)")
        #expect(text.contains("2026-11-20 = { amount = 1, note = \"party\" }"), "\(text)")
    }
}
