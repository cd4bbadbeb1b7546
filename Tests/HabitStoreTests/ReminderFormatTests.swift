import Foundation
import HabitCore
import Testing
@testable import HabitStore

/// The `remind` key: read, checked at file:line:column, written with minimal edits, cached.
@Suite struct ReminderFormatTests {
    static let base = "name = \"Read\"\ncategory = \"Study\"\nschedule = \"daily\"\n"

    func load(_ text: String, as name: String = "read") throws -> (Store, ScratchData) {
        let scratch = try ScratchData()
        try scratch.write("trackers/\(name).toml", text)
        return (try scratch.load(cached: false), scratch)
    }

    @Test func readsTimesInOrder() throws {
        let (store, _) = try load(Self.base + "remind = [\"20:30\", \"08:00\"]\n")
        #expect(store.diagnostics.isEmpty)
        #expect(store.journal.tracker(id: "read")?.reminders.map(\.description) == ["08:00", "20:30"])
    }

    @Test func acceptsOneStringAndTOMLTimes() throws {
        let (single, _) = try load(Self.base + "remind = \"07:05\"\n")
        #expect(single.journal.tracker(id: "read")?.reminders.map(\.description) == ["07:05"])
        let (times, _) = try load(Self.base + "remind = [07:30:00, \"21:00\"]\n")
        #expect(times.diagnostics.isEmpty)
        #expect(times.journal.tracker(id: "read")?.reminders.map(\.description) == ["07:30", "21:00"])
    }

    @Test func aTimeThatIsNotOneIsAnErrorAtItsElement() throws {
        let (store, _) = try load(Self.base + "remind = [\"08:00\", \"8pm\"]\n")
        let diagnostic = try #require(store.diagnostics.first)
        #expect(diagnostic.problem == .notAReminderTime)
        #expect(diagnostic.location == "trackers/read.toml:4:20")
        #expect(diagnostic.severity == .error)
        #expect(store.journal.tracker(id: "read") == nil, "a tracker with an error is left out, as with any key")
    }

    @Test func aWrongTypeIsReported() throws {
        let (store, _) = try load(Self.base + "remind = 8\n")
        #expect(store.diagnostics.map(\.problem) == [.wrongType(key: "remind", expected: .array, found: .integer)])
        #expect(store.diagnostics.first?.location == "trackers/read.toml:4:10")
    }

    @Test func aTimeListedTwiceIsAWarning() throws {
        let (store, _) = try load(Self.base + "remind = [\"08:00\", \"08:00\"]\n")
        #expect(store.diagnostics.map(\.problem) == [.reminderListedTwice("08:00")])
        #expect(store.diagnostics.first?.severity == .warning)
        #expect(store.journal.tracker(id: "read")?.reminders.map(\.description) == ["08:00"])
    }

    @Test func aLookalikeKeyIsPointedOut() throws {
        let (store, _) = try load(Self.base + "remid = [\"08:00\"]\n")
        #expect(store.diagnostics.map(\.problem) == [.unknownKeyLooksLike(found: "remid", suggestion: "remind")])
    }

    @Test func settingTimesAddsOneLineBeforeTheLog() throws {
        let (store, _) = try load(handWritten, as: "run")
        let before = handWritten
        try store.updateTracker("run", with: TrackerChanges(reminders: [ReminderTime("20:30")!, ReminderTime("08:00")!]))
        let after = String(decoding: try #require(store.changes["trackers/run.toml"] ?? nil), as: UTF8.self)
        let (removed, added) = changedLines(before, after)
        #expect(removed.isEmpty)
        #expect(added == ["remind = [\"08:00\", \"20:30\"]"])
        #expect(after.range(of: "remind")!.lowerBound < after.range(of: "[log]")!.lowerBound)
    }

    @Test func changingAndRemovingTimesTouchOnlyTheirLine() throws {
        let text = handWritten.replacingOccurrences(of: "start = 2026-11-01\n", with: "start = 2026-11-01\nremind = [\"08:00\"]  # mornings\n")
        let (store, _) = try load(text, as: "run")
        try store.updateTracker("run", with: TrackerChanges(reminders: [ReminderTime("07:15")!]))
        let changed = String(decoding: try #require(store.changes["trackers/run.toml"] ?? nil), as: UTF8.self)
        #expect(changedLines(text, changed) == (["remind = [\"08:00\"]  # mornings"], ["remind = [\"07:15\"]  # mornings"]))
        try store.updateTracker("run", with: TrackerChanges(reminders: []))
        let removed = String(decoding: try #require(store.changes["trackers/run.toml"] ?? nil), as: UTF8.self)
        #expect(removed == handWritten)
        #expect(store.journal.tracker(id: "run")?.reminders == [])
    }

    @Test func aNewTrackerFileListsItsTimes() throws {
        let scratch = try ScratchData()
        let store = try scratch.load()
        let id = try store.createTracker(Tracker(id: "", name: "Read", category: "Study", schedule: .daily,
                                                 reminders: [ReminderTime("21:00")!, ReminderTime("08:00")!]))
        let text = String(decoding: try #require(store.changes["trackers/\(id).toml"] ?? nil), as: UTF8.self)
        #expect(text.contains("\nremind = [\"08:00\", \"21:00\"]\n\n[log]\n"))
    }

    @Test func theCacheKeepsTheTimes() throws {
        let scratch = try ScratchData()
        try scratch.write("trackers/read.toml", Self.base + "remind = [\"08:00\", \"20:30\"]\n")
        let full = try scratch.load(cached: false).journal
        let first = try scratch.load()
        first.saveCache()
        let cached = try scratch.load()
        #expect(cached.pendingCache == nil, "read from the cache")
        #expect(cached.journal == full)
        #expect(cached.journal.tracker(id: "read")?.reminders.count == 2)
    }
}
