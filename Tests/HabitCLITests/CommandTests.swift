import Foundation
import Testing

@Suite struct CommandTests {
    @Test func doneThenUndoneRestoresTheFileExactly() throws {
        let habit = try Harness()
        let before = habit.file("trackers/read-20-pages.toml")
        let done = habit.run("undone read")
        #expect(done.out == "“Read 20 pages” is no longer marked today.\n")
        let changed = habit.file("trackers/read-20-pages.toml")
        #expect(changed != before)
        #expect(habit.run("done read").out == "✓ “Read 20 pages” done today.\n")
        #expect(habit.file("trackers/read-20-pages.toml") == before)
        #expect(habit.run("done read").out == "“Read 20 pages” was already done today.\n")
    }

    @Test func doneAddsExactlyOneLineInDateOrder() throws {
        let habit = try Harness()
        habit.run("undone \"Morning run\" --date 2026-11-11")
        let before = habit.file("trackers/morning-run.toml").components(separatedBy: "\n")
        habit.output("done \"Morning run\" --date 2026-11-11")
        let after = habit.file("trackers/morning-run.toml").components(separatedBy: "\n")
        #expect(after.count == before.count + 1)
        #expect(after.filter { !before.contains($0) } == ["2026-11-11 = true"])
        let logLines = after.filter { $0.hasPrefix("2026-") }
        #expect(logLines == logLines.sorted(), "the log stays sorted")
    }

    /// "Read again" lives in write.toml and "Write" in write-2.toml (after a rename, or a merge
    /// that moved a tracker): a command on "Read again" changes write.toml and nothing else.
    @Test(arguments: [["rm", "Read again", "--yes"], ["pin", "Read again"], ["edit", "Read again", "--emoji", "📚"]])
    func theChosenTrackerIsChangedNotTheOneNamedLikeItsFile(_ arguments: [String]) throws {
        let habit = try Harness(examples: false)
        for line in ["init", "category add Health", "add Write --category Health --daily --start 2026-11-01",
                     "edit write --name \"Read again\"", "add Write --category Health --daily --start 2026-11-01"] {
            #expect(habit.run(line).code == 0, "\(line)")
        }
        let other = habit.file("trackers/write-2.toml")
        let chosen = habit.file("trackers/write.toml")
        #expect(other.contains("name = \"Write\"") && chosen.contains("name = \"Read again\""))
        let outcome = habit.run(arguments)
        #expect(outcome.code == 0, "\(outcome.err)")
        #expect(habit.file("trackers/write-2.toml") == other, "Write is untouched")
        #expect(habit.file("trackers/write.toml") != chosen, "Read again changed")
    }

    @Test func datesAcceptWordsOffsetsAndWeekdays() throws {
        let habit = try Harness()
        habit.run("undone drink --date yesterday")
        #expect(habit.run("done drink --date yesterday").out == "✓ “Drink water” done yesterday.\n")
        habit.run("undone drink --date -3")
        #expect(habit.run("done drink --date -3").out == "✓ “Drink water” done Thursday, 19 November 2026.\n")
        habit.run("undone drink --date sun")
        #expect(habit.run("done drink --date sun").out == "✓ “Drink water” done today.\n", "the latest Sunday is today")
    }

    @Test func eventsAreDueUntilDone() throws {
        let habit = try Harness()
        #expect(habit.run("list --date 2026-11-25 --json").code == 0)
        #expect(habit.run("list").out.contains("Book the dentist"))
        #expect(habit.run("done dentist --date 2026-11-20").code == 0)
        #expect(habit.run("list").out.contains("Book the dentist") == false, "done on the 20th: gone on the 22nd")
        #expect(habit.run("list --date 2026-11-20").out.contains("Book the dentist"))
    }

    @Test func addWritesATidyFile() throws {
        let habit = try Harness()
        let result = habit.run(["add", "Stretch", "--category", "Health", "--days", "mon,thu", "--emoji", "🧘", "--tracker-color", "#A1b2C3",
                                "--description", "10 minutes", "--goal", "8w"])
        #expect(result.out == "Added “Stretch” to Health.\n")
        #expect(habit.file("trackers/stretch.toml") == """
            name = "Stretch"
            category = "Health"
            schedule = ["mon", "thu"]
            emoji = "🧘"
            color = "#a1b2c3"
            pinned = false
            start = 2026-11-22
            description = "10 minutes"
            goal = "8w"

            [log]

            """)
        #expect(habit.run("check").code == 0)
    }

    @Test func addAsksForWhatIsMissingOnATerminal() throws {
        let habit = try Harness()
        let result = habit.run(["add"], input: ["Stretch", "1", "h", "mon,wed", "🧘", "green", "", "", ""])
        #expect(result.code == 0, "\(result.err)")
        #expect(habit.file("trackers/stretch.toml").contains(#"schedule = ["mon", "wed"]"#))
        #expect(habit.file("trackers/stretch.toml").contains(#"color = "green""#))
    }

    @Test func editChangesOnlyTheFieldsGiven() throws {
        let habit = try Harness()
        let before = habit.file("trackers/morning-run.toml").components(separatedBy: "\n")
        #expect(habit.run(["edit", "run", "--emoji", "🚴", "--name", "Morning ride"]).code == 0)
        let after = habit.file("trackers/morning-run.toml").components(separatedBy: "\n")
        #expect(before.count == after.count)
        let changed = zip(before, after).filter { $0 != $1 }
        #expect(changed.map(\.1) == [#"name = "Morning ride""#, #"emoji = "🚴""#])
        #expect(habit.run("edit ride --days daily").code == 0)
        #expect(habit.file("trackers/morning-run.toml").contains(#"schedule = "daily"   # or "daily""#), "the comment survives")
    }

    @Test func movingTheStartLaterDropsEarlierMarksAfterConfirmation() throws {
        let habit = try Harness()
        let refused = habit.run("edit run --start 2026-11-01")
        #expect(refused.code == 2 && refused.err.contains("add --yes"))
        let declined = habit.run(["edit", "run", "--start", "2026-11-01"], input: ["n"])
        #expect(declined.out.contains("drops 21 marked days before it"))
        #expect(habit.file("trackers/morning-run.toml").contains("2026-09-07 = true"))
        let accepted = habit.run("edit run --start 2026-11-01 --yes")
        #expect(accepted.out == "Dropped 21 marked days before the new start.\nUpdated “Morning run”.\n")
        #expect(!habit.file("trackers/morning-run.toml").contains("2026-10-"))
        #expect(habit.file("trackers/morning-run.toml").contains("start = 2026-11-01"))
    }

    @Test func pinAndUnpin() throws {
        let habit = try Harness()
        #expect(habit.run("pin spanish").out == "Pinned “Spanish lesson”.\n")
        #expect(habit.run("pin spanish").out == "“Spanish lesson” is already pinned.\n")
        #expect(habit.run("unpin drink").out == "Unpinned “Drink water”.\n")
        #expect(habit.run("unpin \"drink water\"").out == "“Drink water” is not pinned.\n")
    }

    @Test func initWelcomesAndRefusesTwice() throws {
        let habit = try Harness(examples: false)
        habit.output("init")
        #expect(habit.run("init").code == 1)
        #expect(habit.run("category add Health").code == 0)
        #expect(habit.run("add Run --category Health --daily").code == 0)
        #expect(habit.run("done run").code == 0)
        #expect(habit.run("check").code == 0)
    }

    @Test func categoryListShowsOrderAndCounts() throws {
        let habit = try Harness()
        #expect(habit.run("category add Sport").code == 0)
        #expect(habit.run("category list").out == """
            Categories
              Health  3 trackers: Book the dentist, Drink water, Morning run
              Study   2 trackers: Read 20 pages, Spanish lesson
              Home    1 tracker: Water the plants
              Sport   0 trackers

            """)
        // The order is habit.toml's, whatever it is.
        try habit.write("habit.toml", habit.file("habit.toml").replacingOccurrences(
            of: #"["Health", "Study", "Home", "Sport"]"#, with: #"["Sport", "Home", "Study", "Health"]"#))
        #expect(habit.run("category list").out == """
            Categories
              Sport   0 trackers
              Home    1 tracker: Water the plants
              Study   2 trackers: Read 20 pages, Spanish lesson
              Health  3 trackers: Book the dentist, Drink water, Morning run

            """)
    }

    @Test func checkIsCleanOnTheExamples() throws {
        let habit = try Harness()
        let result = habit.output("check")
        #expect(result == "All 7 files are fine.\n")
    }

    @Test func checkNamesEveryErrorWithItsPlace() throws {
        let habit = try Harness()
        try habit.write("trackers/morning-run.toml", habit.file("trackers/morning-run.toml")
            .replacingOccurrences(of: "start = 2026-09-07", with: "start = \"yesterday\"")
            .replacingOccurrences(of: "category = \"Health\"", with: "category = \"Sport\""))
        try habit.write("trackers/read-20-pages.toml", habit.file("trackers/read-20-pages.toml")
            .replacingOccurrences(of: "[log]", with: "[log]\n2026-02-30 = true\n2026-10-16 = \"done\""))
        try habit.write("trackers/spanish.toml", habit.file("trackers/spanish.toml")
            .replacingOccurrences(of: "2026-09-01 = true", with: "2026-09-01 = true\n2026-09-03 = yes\n2026-09-05 = [1"))
        try habit.write("trackers/notes.txt", "not a tracker")
        let result = habit.run("check")
        #expect(result.code == 1)
    }

    @Test func russianPluralsAndMessages() throws {
        let habit = try Harness(language: "ru_RU.UTF-8")
        #expect(habit.run("undone drink").out == "Отметка «Drink water» снята: сегодня.\n")
        let refused = habit.run("done drink --date 2026-11-30")
        #expect(refused.err.contains("этот день ещё не наступил"))
    }

    @Test func helpHasExamples() throws {
        let habit = try Harness()
        for command in ["list", "add", "edit", "rm", "pin", "unpin", "done", "undone", "skip", "category", "init", "check", "stats", "show", "cal", "week", "sync", "status", "log", "commit", "remote"] {
            let result = habit.run([command, "--help"])
            #expect(result.code == 0, "\(command)")
            #expect(result.out.contains("Example"), "\(command) --help has an example")
        }
    }
}
