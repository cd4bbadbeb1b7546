import Foundation
import HabitCore
import HabitKit
import HabitStore
import Testing
import TestSupport

/// The use cases called directly, as every front-end calls them: each change writes only the bytes
/// it must and commits exactly the files it changed; each refusal is a typed value that leaves the
/// directory and its history as they were.
@Suite struct UseCaseTests {
    static let today = ScratchHabits.today
    static func day(_ text: String) -> CivilDate { CivilDate(text)! }

    @Test func markWritesOneLineInOrderAndUndoRestoresTheBytes() throws {
        let data = try ScratchHabits()
        let before = data.file("trackers/read-20-pages.toml")
        let outcome = try data.habits.mark(.done, "read", on: Self.day("2026-11-17"), today: Self.today)
        #expect(outcome.changed && outcome.tracker.name == "Read 20 pages")
        #expect(data.file("trackers/read-20-pages.toml")
                == before.replacingOccurrences(of: "2026-11-15 = \"skip\"\n", with: "2026-11-15 = \"skip\"\n2026-11-17 = true\n"))
        #expect(try data.lastCommit() == ("done: Read 20 pages 2026-11-17", ["trackers/read-20-pages.toml"]))
        #expect(try data.isCommitted())

        let commits = try data.commitCount()
        #expect(try !data.habits.mark(.done, "read", on: Self.day("2026-11-17"), today: Self.today).changed)
        #expect(try data.commitCount() == commits, "a change that changes nothing commits nothing")

        #expect(try data.habits.mark(nil, "read", on: Self.day("2026-11-17"), today: Self.today).changed)
        #expect(data.file("trackers/read-20-pages.toml") == before)
        #expect(try data.lastCommit() == ("undone: Read 20 pages 2026-11-17", ["trackers/read-20-pages.toml"]))
    }

    @Test func markRefusesWhatTheTrackerDoesNotAllow() throws {
        let data = try ScratchHabits()
        let sunday = Self.today
        try data.expectRefusal(.markRefused(tracker: "Spanish lesson", day: sunday, reason: .notScheduled(WeekdaySet([.tuesday, .thursday, .saturday])))) {
            try data.habits.mark(.done, "spanish", on: sunday, today: Self.today)
        }
        try data.expectRefusal(.markRefused(tracker: "Drink water", day: Self.day("2026-11-23"), reason: .future)) {
            try data.habits.mark(.done, "drink", on: Self.day("2026-11-23"), today: Self.today)
        }
        try data.expectRefusal(.markRefused(tracker: "Drink water", day: Self.day("2026-09-30"), reason: .beforeStart(Self.day("2026-10-01")))) {
            try data.habits.mark(.skipped, "drink", on: Self.day("2026-09-30"), today: Self.today)
        }
        try data.expectRefusal(.notNumeric(tracker: "Read 20 pages")) {
            try data.habits.mark(.done, "read", on: Self.day("2026-11-17"), today: Self.today, amount: .add(2))
        }
        try data.expectRefusal({ if case .noSuchTracker("nothing-like-it", _) = $0 { true } else { false } }) {
            try data.habits.mark(.done, "nothing-like-it", on: Self.today, today: Self.today)
        }
    }

    @Test func skipARangeKeepsWhatWasDone() throws {
        let data = try ScratchHabits()
        let before = data.file("trackers/spanish.toml")
        // Tue 17 is done; Thu 19 and Sat 21 are the other lesson days of that week.
        let outcome = try data.habits.skip("spanish", from: Self.day("2026-11-16"), to: Self.today, today: Self.today)
        #expect(outcome.skipped == 2 && outcome.kept == 1)
        #expect(data.file("trackers/spanish.toml") == before + "2026-11-19 = \"skip\"\n2026-11-21 = \"skip\"\n")
        #expect(try data.lastCommit() == ("skip: Spanish lesson 2026-11-16…2026-11-22", ["trackers/spanish.toml"]))
        try data.expectRefusal(.backwardsRange(from: Self.today, to: Self.day("2026-11-16"))) {
            try data.habits.skip("spanish", from: Self.today, to: Self.day("2026-11-16"), today: Self.today)
        }
        try data.expectRefusal(.markRefused(tracker: "Spanish lesson", day: Self.day("2026-11-23"), reason: .future)) {
            try data.habits.skip("spanish", from: Self.today, to: Self.day("2026-11-23"), today: Self.today)
        }
    }

    @Test func addTrackerWritesItsFileAndCommitsIt() throws {
        let data = try ScratchHabits()
        let tracker = try data.habits.addTracker(NewTracker(name: "Stretch", category: "Health", schedule: .daily, emoji: "🧘", start: Self.today))
        #expect(tracker.id == "stretch" && tracker.name == "Stretch")
        #expect(data.file("trackers/stretch.toml") == """
            name = "Stretch"
            category = "Health"
            schedule = "daily"
            emoji = "🧘"
            pinned = false
            start = 2026-11-22

            [log]

            """)
        #expect(try data.lastCommit() == ("add: Stretch (Health)", ["trackers/stretch.toml"]))
        #expect(try data.isCommitted())
    }

    @Test func addTrackerCreatesItsCategoryOnlyWhenAsked() throws {
        let data = try ScratchHabits()
        let settings = data.file("habit.toml")
        try data.expectRefusal(.unknownCategory("Sport", known: ["Health", "Study", "Home"])) {
            try data.habits.addTracker(NewTracker(name: "Swim", category: "Sport", schedule: .daily, start: Self.today))
        }
        try data.habits.addTracker(NewTracker(name: "Swim", category: "Sport", createsCategory: true, schedule: .daily, start: Self.today))
        #expect(data.file("habit.toml") == settings.replacingOccurrences(of: #""Home"]"#, with: #""Home", "Sport"]"#))
        #expect(try data.lastCommit() == ("add: Swim (Sport)", ["habit.toml", "trackers/swim.toml"]))
    }

    @Test func addTrackerRefusals() throws {
        let data = try ScratchHabits()
        try data.expectRefusal(.nameTaken("drink water", existing: "Drink water")) {
            try data.habits.addTracker(NewTracker(name: "drink water", category: "Health", schedule: .daily, start: Self.today))
        }
        try data.expectRefusal(.invalidEmoji("ab")) {
            try data.habits.addTracker(NewTracker(name: "Stretch", category: "Health", schedule: .daily, emoji: "ab", start: Self.today))
        }
        try data.expectRefusal(.eventWithTarget(tracker: "Party")) {
            try data.habits.addTracker(NewTracker(name: "Party", category: "Home", schedule: .event, start: Self.today, measure: Measure(target: 2)))
        }
        try data.expectRefusal(.invalidName(.empty)) {
            try data.habits.addTracker(NewTracker(name: " ", category: "Home", schedule: .daily, start: Self.today))
        }
    }

    @Test func removeCategoryDeletesItsTrackers() throws {
        let data = try ScratchHabits()
        let settings = data.file("habit.toml")
        #expect(try data.habits.removeCategory("home") == ["Water the plants"])
        #expect(!data.exists("trackers/water-plants.toml"))
        #expect(data.file("habit.toml") == settings.replacingOccurrences(of: #", "Home"]"#, with: "]"))
        #expect(try data.lastCommit() == ("category rm: home", ["habit.toml", "trackers/water-plants.toml"]))
        #expect(try data.isCommitted())
        try data.expectRefusal({ if case .unknownCategory("Home", _) = $0 { true } else { false } }) {
            try data.habits.removeCategory("Home")
        }
    }

    @Test func renameCategoryMovesItsTrackers() throws {
        let data = try ScratchHabits()
        let spanish = data.file("trackers/spanish.toml")
        #expect(try data.habits.renameCategory("Study", to: "Learning") == 2)
        #expect(data.file("trackers/spanish.toml") == spanish.replacingOccurrences(of: #"category = "Study""#, with: #"category = "Learning""#))
        #expect(data.file("habit.toml").contains(#"categories = ["Health", "Learning", "Home"]"#))
        #expect(try data.lastCommit() == ("category rename: Study → Learning", ["habit.toml", "trackers/read-20-pages.toml", "trackers/spanish.toml"]))
        try data.expectRefusal(.categoryExists("health")) {
            try data.habits.renameCategory("Learning", to: "health")
        }
    }

    @Test func pinAndArchiveChangeOneLineAndSayWhenNothingChanged() throws {
        let data = try ScratchHabits()
        let before = data.file("trackers/spanish.toml")
        #expect(try data.habits.setPinned(true, "spanish"))
        #expect(data.file("trackers/spanish.toml") == before.replacingOccurrences(of: "pinned = false", with: "pinned = true"))
        #expect(try data.lastCommit() == ("pin: Spanish lesson", ["trackers/spanish.toml"]))
        let commits = try data.commitCount()
        #expect(try !data.habits.setPinned(true, "spanish"))
        #expect(try data.commitCount() == commits)

        let pinned = data.file("trackers/spanish.toml")
        #expect(try data.habits.setArchived(true, "spanish"))
        #expect(try data.habits.read().journal.tracker(id: "spanish")?.isArchived == true)
        #expect(try data.lastCommit() == ("archive: Spanish lesson", ["trackers/spanish.toml"]))
        #expect(try !data.habits.setArchived(true, "spanish"))
        #expect(try data.habits.setArchived(false, "spanish"))
        #expect(data.file("trackers/spanish.toml") == pinned)
        try data.expectRefusal({ if case .noSuchTracker("nothing", _) = $0 { true } else { false } }) {
            try data.habits.setPinned(true, "nothing")
        }
    }

    @Test func anEditThatChangesNoByteCommitsNothing() throws {
        let data = try ScratchHabits()
        let tracker = try #require(try data.habits.read().journal.tracker(id: "spanish"))
        let before = data.file("trackers/spanish.toml")
        let commits = try data.commitCount()
        var changes = TrackerChanges()
        changes.name = tracker.name
        changes.emoji = .some(tracker.emoji)
        _ = try data.habits.editTracker("spanish", changes)
        #expect(data.file("trackers/spanish.toml") == before)
        #expect(try data.commitCount() == commits, "the same values again leave the file and the history as they were")
    }

    @Test func replaceTrackerFileTakesTheEditOrNothing() throws {
        let data = try ScratchHabits()
        let original = Array(data.file("trackers/spanish.toml").utf8)
        let edited = Array(String(decoding: original, as: UTF8.self).replacingOccurrences(of: "emoji = \"🇪🇸\"", with: "emoji = \"📖\"").utf8)
        try data.expectRefusal(.changedMeanwhile(file: "trackers/spanish.toml")) {
            try data.habits.replaceTrackerFile("spanish", original: Array("name = \"Spanish lesson\"\n".utf8), edited: edited)
        }
        try data.expectRefusal({ if case .invalidFiles(let problems) = $0 { !problems.isEmpty } else { false } }) {
            try data.habits.replaceTrackerFile("spanish", original: original, edited: Array("name = [\n".utf8))
        }
        #expect(try data.habits.replaceTrackerFile("spanish", original: original, edited: edited).emoji == "📖")
        #expect(Array(data.file("trackers/spanish.toml").utf8) == edited)
        #expect(try data.lastCommit() == ("edit: Spanish lesson (in an editor)", ["trackers/spanish.toml"]))
    }
}
