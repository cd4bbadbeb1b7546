import HabitCore
import Testing
@testable import HabitStore

/// A day added to or removed from a `[log]` section is spliced into the file without parsing it
/// again; an edit that follows in the same store parses what the first one left, never the file on
/// disk, and every result is the file a full edit would have written.
@Suite struct SourceOnlyDayEditTests {
    static let run = "name = \"Run\"\ncategory = \"Health\"\nschedule = \"daily\"\n\n[log]\n2026-11-01 = true\n2026-11-03 = true\n"

    @Test func aDayIsSplicedAndTheNextEditBuildsOnIt() throws {
        let scratch = try ScratchData()
        try scratch.write("trackers/run.toml", Self.run)
        let store = try scratch.load()
        try store.setDay(.done, note: nil, on: CivilDate("2026-11-02")!, trackerID: "run")
        #expect(store.files["run"]?.document == nil, "no document was parsed for the day")
        var changes = TrackerChanges()
        changes.name = "Morning run"
        try store.updateTracker("run", with: changes)
        try store.setDay(nil, note: nil, on: CivilDate("2026-11-01")!, trackerID: "run")
        let written = String(decoding: try #require(store.changes["trackers/run.toml"] ?? nil), as: UTF8.self)
        #expect(written == "name = \"Morning run\"\ncategory = \"Health\"\nschedule = \"daily\"\n\n[log]\n2026-11-02 = true\n2026-11-03 = true\n")
        try scratch.commit(store)
        let reloaded = try scratch.load(cached: false)
        #expect(reloaded.diagnostics.isEmpty)
        #expect(reloaded.journal.tracker(id: "run") == store.journal.tracker(id: "run"))
    }

    @Test func aDayUndoneInTheSameStoreLeavesNoChangeAndTheNextEditReadsTheFile() throws {
        let scratch = try ScratchData()
        try scratch.write("trackers/run.toml", Self.run)
        let store = try scratch.load()
        let day = CivilDate("2026-11-04")!
        try store.setDay(.done, note: nil, on: day, trackerID: "run")
        try store.setDay(nil, note: nil, on: day, trackerID: "run")
        #expect(store.changes["trackers/run.toml"] == nil)
        try store.setDay(.skipped, note: "rain", on: day, trackerID: "run")
        let written = String(decoding: try #require(store.changes["trackers/run.toml"] ?? nil), as: UTF8.self)
        #expect(written == Self.run + "2026-11-04 = { skip = true, note = \"rain\" }\n")
    }
}
