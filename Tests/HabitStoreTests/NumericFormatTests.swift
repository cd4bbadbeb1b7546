import Foundation
import HabitCore
import Testing
import TOML
@testable import HabitStore

/// Schedules, numeric habits, notes and vacations in the files: decoding, writing back with
/// minimal edits, and the load cache.
@Suite struct NumericFormatTests {
    static let water = """
        name = "Water"
        category = "Health"
        schedule = "3 per week"
        target = 8
        unit = "glasses"
        start = 2026-11-01

        [log]
        2026-11-02 = 5
        2026-11-03 = { amount = 12, note = "hot day" }
        2026-11-04 = { done = true, note = "no count" }
        2026-11-05 = { skip = true, note = "sick" }
        2026-11-06 = { note = "nothing logged" }
        2026-11-07 = 2.5

        """

    @Test func decodesNumericPeriodicTrackersWithNotes() throws {
        let tracker = try ScratchData().loadTracker("water", Self.water)
        #expect(tracker.schedule == .periodic(count: 3, period: .week))
        #expect(tracker.measure == Measure(target: 8, direction: .atLeast, unit: "glasses"))
        func day(_ number: Int) -> CivilDate { CivilDate("2026-11-0\(number)")! }
        #expect(tracker.log.amount(on: day(2)) == 5 && tracker.log.mark(on: day(2)) == nil)
        #expect(tracker.log.amount(on: day(3)) == 12 && tracker.log.mark(on: day(3)) == .done)
        #expect(tracker.log.mark(on: day(4)) == .done && tracker.log.mark(on: day(5)) == .skipped)
        #expect(tracker.log.entry(on: day(6)) == nil)
        #expect(tracker.log.amount(on: day(7)) == 2.5)
        #expect(tracker.log.notes == [day(3): "hot day", day(4): "no count", day(5): "sick", day(6): "nothing logged"])
    }

    @Test func theCacheKeepsEverything() throws {
        let data = try ScratchData(settings: "categories = [\"Health\"]\n[[vacation]]\nfrom = 2026-11-10\nto = 2026-11-12\n")
        try data.write("trackers/water.toml", Self.water)
        try data.write("trackers/smoke.toml", "name = \"Smoke\"\ncategory = \"Health\"\nschedule = \"every 2 days\"\ntarget = 0\ntarget_type = \"at_most\"\n[log]\n2026-11-02 = 1\n")
        let fresh = try data.load(cached: false).journal
        let first = try data.load()
        first.saveCache()
        let cached = try data.load().journal
        #expect(cached == fresh)
        #expect(first.journal == fresh)
        #expect(cached.tracker(id: "smoke")?.measure?.direction == .atMost)
        #expect(cached.trackers.allSatisfy { $0.vacations.contains(CivilDate("2026-11-11")!) })
    }

    @Test func writesTotalsAndNotesAsMinimalEdits() throws {
        let data = try ScratchData()
        try data.write("trackers/water.toml", Self.water)
        let store = try data.load(cached: false)
        func day(_ text: String) -> CivilDate { CivilDate("2026-11-\(text)")! }
        try store.setDay(.amount(7), note: "hot day", on: day("03"), trackerID: "water")
        try store.setDay(.amount(3), note: nil, on: day("09"), trackerID: "water")
        try store.setDay(.done, note: "felt good", on: day("08"), trackerID: "water")
        try store.setMark(.skipped, on: day("04"), trackerID: "water")
        try store.setMark(nil, on: day("05"), trackerID: "water")
        try data.commit(store)
        let text = data.read("trackers/water.toml")
        #expect(text.contains("2026-11-03 = { amount = 7, note = \"hot day\" }"))
        #expect(text.contains("2026-11-04 = { skip = true, note = \"no count\" }"), "a mark keeps the day's note")
        #expect(!text.contains("2026-11-05"), "undone removes the whole line")
        #expect(text.contains("2026-11-07 = 2.5\n2026-11-08 = { done = true, note = \"felt good\" }\n2026-11-09 = 3\n"))
        #expect(try data.load(cached: false).diagnostics.isEmpty)
    }

    @Test func editsTheMeasureAndScheduleAndMarksAgain() throws {
        let data = try ScratchData()
        try data.write("trackers/water.toml", Self.water)
        let store = try data.load(cached: false)
        try store.updateTracker("water", with: TrackerChanges(schedule: .interval(days: 2), measure: .some(Measure(target: 5, direction: .atMost, unit: "glasses"))))
        #expect(store.journal.tracker(id: "water")?.log.mark(on: CivilDate("2026-11-02")!) == .done, "5 is within at most 5")
        try data.commit(store)
        let text = data.read("trackers/water.toml")
        #expect(text.hasPrefix("name = \"Water\"\ncategory = \"Health\"\nschedule = \"every 2 days\"\ntarget = 5\nunit = \"glasses\"\nstart = 2026-11-01\ntarget_type = \"at_most\"\n"))
        let again = try data.load(cached: false)
        try again.updateTracker("water", with: TrackerChanges(measure: .some(nil)))
        try data.commit(again)
        let plain = data.read("trackers/water.toml")
        #expect(!plain.contains("target") && !plain.contains("unit"))
        #expect(try data.load(cached: false).diagnostics.map(\.problem) == [.amountWithoutTarget])
    }

    @Test func newTrackersAreWrittenInTheDocumentedOrder() throws {
        let data = try ScratchData()
        let store = try data.load(cached: false)
        var log = CompletionLog([.init(day: CivilDate("2026-11-02")!, value: .amount(3), measure: nil)])
        log.setNote("first", on: CivilDate("2026-11-02")!)
        log.setNote("only a note", on: CivilDate("2026-11-03")!)
        try store.createTracker(Tracker(id: "", name: "Smoke", category: "Health", schedule: .periodic(count: 10, period: .month),
                                        start: CivilDate("2026-11-01")!, log: log, measure: Measure(target: 2, direction: .atMost, unit: "cigarettes")))
        try data.commit(store)
        #expect(data.read("trackers/smoke.toml") == """
            name = "Smoke"
            category = "Health"
            schedule = "10 per month"
            target = 2
            target_type = "at_most"
            unit = "cigarettes"
            pinned = false
            start = 2026-11-01

            [log]
            2026-11-02 = { amount = 3, note = "first" }
            2026-11-03 = { note = "only a note" }

            """)
    }

    @Test func appendsVacationsToHabitToml() throws {
        let data = try ScratchData(settings: "categories = [\"Health\"]  # mine\r\n")
        let store = try data.load(cached: false)
        try store.addVacation(Vacation(from: CivilDate("2026-12-24")!, to: CivilDate("2027-01-02")!))
        try data.commit(store)
        #expect(data.read("habit.toml") == "categories = [\"Health\"]  # mine\r\n\r\n[[vacation]]\r\nfrom = 2026-12-24\r\nto = 2027-01-02\r\n")
        let again = try data.load(cached: false)
        try again.addVacation(Vacation(from: CivilDate("2027-02-01")!, to: CivilDate("2027-02-01")!))
        try data.commit(again)
        let settings = try data.load(cached: false).settings
        #expect(settings.vacations.count == 2 && settings.vacations[1].from == CivilDate("2027-02-01")!)
    }

    @Test(arguments: [
        ("schedule = \"9 per week\"", DiagnosticProblem.scheduleCountOutOfRange("9 per week", maximum: 7)),
        ("schedule = \"daily\"\ntarget = \"eight\"", .notANumber(key: "target")),
        ("schedule = \"daily\"\ntarget = 0", .badTarget(atMost: false)),
        ("schedule = \"daily\"\ntarget = -1\ntarget_type = \"at_most\"", .badTarget(atMost: true)),
        ("schedule = \"daily\"\ntarget = 2\ntarget_type = \"fewer\"", .unknownTargetType("fewer")),
        ("schedule = \"daily\"\nunit = \"km\"", .measureWithoutTarget(key: "unit")),
        ("kind = \"event\"\ntarget = 2", .eventWithTarget),
        ("schedule = \"daily\"\ntarget = 2\n[log]\n2026-11-02 = -3", .badAmount),
        ("schedule = \"daily\"\n[log]\n2026-11-02 = 3", .amountWithoutTarget),
        ("schedule = \"daily\"\n[log]\n2026-11-02 = { done = true, skip = true }", .logValueConflict),
        ("schedule = \"daily\"\n[log]\n2026-11-02 = { done = true, mood = 3 }", .unknownLogKey("mood")),
        ("schedule = \"daily\"\n[log]\n2026-11-02 = { note = 3 }", .wrongType(key: "note", expected: .string, found: .integer)),
    ])
    func reportsProblemsWhereTheyAre(_ body: String, _ problem: DiagnosticProblem) throws {
        try ScratchData().expectOnly(problem, inTrackerBody: body)
    }

    @Test(arguments: [
        ("vacation = 3", DiagnosticProblem.vacationsNotAList, 2),
        ("[[vacation]]\nfrom = 2026-12-24", .vacationDate(key: "to"), 2),
        ("[[vacation]]\nfrom = \"2026-12-24\"\nto = 2026-12-30", .vacationDate(key: "from"), 3),
        ("[[vacation]]\nfrom = 2026-12-24\nto = 2026-12-20", .vacationBackwards, 4),
    ])
    func reportsVacationProblems(_ body: String, _ problem: DiagnosticProblem, _ line: Int) throws {
        let data = try ScratchData(settings: "categories = [\"Health\"]\n" + body + "\n")
        let diagnostics = try data.load(cached: false).diagnostics
        #expect(diagnostics.map(\.problem) == [problem])
        #expect(diagnostics.first?.line == line)
    }
}
