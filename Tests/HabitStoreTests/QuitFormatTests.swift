import Foundation
import HabitCore
import Testing
import TOML
@testable import HabitStore

/// `quit = true`, `"slip"` lines and `allow` in tracker files.
@Suite struct QuitFormatTests {
    static let smoking = """
        name = "Smoking"
        category = "Health"
        quit = true
        allow = "1 per month"
        start = 2026-11-01

        [log]
        2026-11-02 = "slip"
        2026-11-03 = { slip = true, note = "party" }
        2026-11-04 = true

        """

    @Test func decodesQuitHabitsSlipsAndAllowances() throws {
        let tracker = try ScratchData().loadTracker("smoking", Self.smoking)
        #expect(tracker.isQuit && tracker.schedule == .daily)
        #expect(tracker.allowance == Allowance(count: 1, period: .month))
        #expect(tracker.log.mark(on: CivilDate("2026-11-02")!) == .slipped)
        #expect(tracker.log.mark(on: CivilDate("2026-11-03")!) == .slipped)
        #expect(tracker.log.note(on: CivilDate("2026-11-03")!) == "party")
        #expect(tracker.log.mark(on: CivilDate("2026-11-04")!) == .done)
    }

    @Test func theCacheKeepsQuitAndAllow() throws {
        let data = try ScratchData()
        try data.write("trackers/smoking.toml", Self.smoking)
        let fresh = try data.load(cached: false).journal
        let first = try data.load()
        first.saveCache()
        let cached = try data.load().journal
        #expect(cached == fresh)
        #expect(cached.tracker(id: "smoking")?.isQuit == true)
    }

    @Test func writesSlipsAsMinimalEdits() throws {
        let data = try ScratchData()
        try data.write("trackers/smoking.toml", Self.smoking)
        let store = try data.load(cached: false)
        try store.setDay(.slipped, note: nil, on: CivilDate("2026-11-05")!, trackerID: "smoking")
        try store.setDay(.slipped, note: "stress", on: CivilDate("2026-11-06")!, trackerID: "smoking")
        try store.updateTracker("smoking", with: TrackerChanges(allowance: .some(Allowance(count: 2, period: .week))))
        try data.commit(store)
        let text = data.read("trackers/smoking.toml")
        #expect(text == Self.smoking.replacing("allow = \"1 per month\"", with: "allow = \"2 per week\"")
            + "2026-11-05 = \"slip\"\n2026-11-06 = { slip = true, note = \"stress\" }\n")
        #expect(try data.load(cached: false).diagnostics.isEmpty)
    }

    @Test func noLongerQuittingWritesADailySchedule() throws {
        let data = try ScratchData()
        try data.write("trackers/smoking.toml", Self.smoking)
        let store = try data.load(cached: false)
        try store.updateTracker("smoking", with: TrackerChanges(isQuit: false))
        try data.commit(store)
        let text = data.read("trackers/smoking.toml")
        #expect(!text.contains("quit"))
        #expect(text.contains("schedule = \"daily\""))
        let tracker = try #require(try data.load(cached: false).journal.tracker(id: "smoking"))
        #expect(!tracker.isQuit)
    }

    @Test(arguments: [
        ("schedule = \"daily\"\nallow = \"1 per fortnight\"", DiagnosticProblem.unknownAllowance("1 per fortnight")),
        ("schedule = \"daily\"\nallow = \"7 per week\"", .allowanceCountOutOfRange("7 per week", maximum: 6)),
        ("schedule = \"daily\"\nallow = 1", .wrongType(key: "allow", expected: .string, found: .integer)),
        ("schedule = \"3 per week\"\nallow = \"1 per week\"", .allowanceWithoutDays),
        ("quit = true\nschedule = [\"mon\"]", .quitNotDaily),
        ("quit = true\nkind = \"event\"", .quitNotDaily),
        ("quit = true\ntarget = 2", .quitWithTarget),
        ("schedule = \"daily\"\n[log]\n2026-11-02 = \"slip\"", .slipWithoutQuit),
    ])
    func reportsProblemsWhereTheyAre(_ body: String, _ problem: DiagnosticProblem) throws {
        try ScratchData().expectOnly(problem, inTrackerBody: body)
    }
}
