import Foundation
import Testing

/// Each rule of the command line, with a test that fails when the rule breaks, and proof that a
/// refused command leaves the directory byte-for-byte as it was.
@Suite struct RuleTests {
    @Test func nameIsAtMostThirtyEightCharacters() throws {
        let habit = try Harness()
        let long = String(repeating: "n", count: 39)
        expectRefusal("add \(long) --category Home --daily", in: habit, code: 2, mentions: "Name is limited to 38 characters")
        let ok = String(repeating: "n", count: 38)
        #expect(habit.run("add \(ok) --category Home --daily").code == 0)
        expectRefusal("edit \(ok) --name \(long)", in: habit, code: 2, mentions: "Name is limited to 38 characters")
    }

    @Test func namesAreUniqueIgnoringCase() throws {
        let habit = try Harness()
        expectRefusal("add \"morning RUN\" --category Health --daily", in: habit, mentions: "already a tracker called")
    }

    @Test func futureDaysCannotBeMarked() throws {
        let habit = try Harness()
        expectRefusal("done drink --date 2026-11-23", in: habit, mentions: "is in the future")
        expectRefusal("done drink --date tomorrow", in: habit, mentions: "is in the future")
        expectRefusal("done drink --date someday", in: habit, code: 2, mentions: "is not a day")
    }

    @Test func unscheduledDaysCannotBeMarked() throws {
        let habit = try Harness()
        // 2026-11-22 is a Sunday; the run is on Mon, Wed, Fri.
        expectRefusal("done \"morning run\"", in: habit, mentions: "is not scheduled today (its days: Mon, Wed, Fri)")
    }

    @Test func daysBeforeTheStartCannotBeMarked() throws {
        let habit = try Harness()
        expectRefusal("done drink --date 2026-09-30", in: habit, mentions: "starts on Thursday, 1 October 2026")
    }

    @Test func ambiguousTrackersListTheCandidates() throws {
        let habit = try Harness()
        #expect(habit.run("add \"Drink tea\" --category Health --daily").code == 0)
        expectRefusal("done drink", in: habit, mentions: "matches several trackers")
        let result = habit.run("done drink")
        #expect(result.err.contains("Drink water") && result.err.contains("Drink tea"))
        #expect(habit.run("done \"drink TEA\"").code == 0, "the full name is never ambiguous")
    }

    @Test func unknownTrackersSayWhatExists() throws {
        let habit = try Harness()
        expectRefusal("done nothing-like-it", in: habit, mentions: "No tracker matches “nothing-like-it”")
    }

    @Test func categoryRenameUpdatesEveryTracker() throws {
        let habit = try Harness()
        let result = habit.run("category rename Study Learning")
        #expect(result.code == 0)
        #expect(result.out == "Renamed “Study” to “Learning” (2 trackers updated).\n")
        #expect(habit.file("habit.toml").contains(#"categories = ["Health", "Learning", "Home"]"#))
        #expect(habit.file("trackers/spanish.toml").contains(#"category = "Learning""#))
        #expect(habit.file("trackers/read-20-pages.toml").contains(#"category = "Learning""#))
        #expect(habit.run("check").code == 0)
        expectRefusal("category rename Learning health", in: habit, mentions: "already exists")
    }

    @Test func categoryRemovalNeedsConfirmationAndTakesItsTrackers() throws {
        let habit = try Harness()
        expectRefusal("category rm Study", in: habit, code: 2, mentions: "add --yes")
        let declined = habit.run(["category", "rm", "Study"], input: ["n"])
        #expect(declined.out.contains("“Read 20 pages”, “Spanish lesson”"), "lists what goes")
        #expect(declined.out.contains("Cancelled"))
        #expect(FileManager.default.fileExists(atPath: habit.directory.appendingPathComponent("trackers/spanish.toml").path))
        let accepted = habit.run(["category", "rm", "Study"], input: ["y"])
        #expect(accepted.code == 0)
        #expect(!FileManager.default.fileExists(atPath: habit.directory.appendingPathComponent("trackers/spanish.toml").path))
        #expect(!habit.file("habit.toml").contains("Study"))
    }

    @Test func newCategoryMustBeNonEmptyAndNew() throws {
        let habit = try Harness()
        expectRefusal("category add \"  \"", in: habit, code: 2, mentions: "at least one character")
        expectRefusal("category add health", in: habit, mentions: "already exists")
    }

    @Test func deletionNeedsConfirmationWithoutATerminal() throws {
        let habit = try Harness()
        expectRefusal("rm water", in: habit, code: 2, mentions: "add --yes")
        #expect(habit.run("rm water --yes").code == 0)
        #expect(!FileManager.default.fileExists(atPath: habit.directory.appendingPathComponent("trackers/water-plants.toml").path))
    }

    @Test func aHabitNeedsASchedule() throws {
        let habit = try Harness()
        expectRefusal("add Stretch --category Health", in: habit, code: 2, mentions: "needs a schedule")
        expectRefusal("add Stretch --category Health --daily --event", in: habit, code: 2, mentions: "Choose one of")
        expectRefusal("add Stretch --category Nope --daily", in: habit, mentions: "There is no category “Nope”")
        expectRefusal("add Stretch --category Health --days mon,funday", in: habit, code: 2, mentions: "not a list of weekdays")
        expectRefusal("add Stretch --category Health --daily --tracker-color mauve", in: habit, code: 2, mentions: "not a colour")
        expectRefusal("add Stretch --category Health --daily --emoji ab", in: habit, code: 2, mentions: "not a single emoji")
        expectRefusal("add Stretch --category Health --daily --goal 3y", in: habit, code: 2, mentions: "not a goal")
    }

    @Test func brokenFilesAreNeverWritten() throws {
        let habit = try Harness()
        try habit.write("trackers/water-plants.toml", habit.file("trackers/water-plants.toml").replacingOccurrences(of: "pinned = false", with: "pinned = maybe"))
        expectRefusal("done plants", in: habit, mentions: "cannot be changed until its errors are fixed")
        expectRefusal("pin trackers/water-plants", in: habit, mentions: "No tracker")
    }

    @Test func commandsBeforeInitExplainHowToStart() throws {
        let habit = try Harness(examples: false)
        for line in ["done run", "add Run --category Health --daily", "category list", "check", "stats"] {
            let result = habit.run(line)
            #expect(result.code == 1, "\(line)")
            #expect(result.err.contains("There is no habit data in") && result.err.contains("habit init"), "\(line): \(result.err)")
        }
        // The main screen, without a terminal, prints the guide to starting and succeeds.
        let guide = habit.run("list")
        #expect(guide.code == 0)
        #expect(guide.out.contains("habit init") && guide.out.contains("there is none yet"))
        #expect(!FileManager.default.fileExists(atPath: habit.directory.path))
    }
}
