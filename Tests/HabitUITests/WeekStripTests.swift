import HabitCore
import HabitLocalization
import HabitScreens
import HabitUI
import Testing
import TerminalUI

/// The week strip marks each day with the selected card's state, as its details' calendar does.
@Suite struct WeekStripTests {
    static func day(_ text: String) -> CivilDate { AppStateTests.day(text) }

    @Test func theStripFollowsTheSelectedCardDayByDay() throws {
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        #expect(state.selectedCard?.trackerID == "read")
        let week = state.screen.week.map(\.date)
        let today = try #require(week.firstIndex(of: AppStateTests.today))
        #expect(state.weekStates[today] == .pending, "read is not marked today")
        _ = state.handle(.character("G"))
        #expect(state.selectedCard?.trackerID == "run")
        let states = state.weekStates
        #expect(states.count == 7)
        #expect(states[today] == .done)
        #expect(states[today - 1] == .missed)
        if today + 1 < 7 { #expect(states[today + 1] == .future) }
        // The same one rule as the details' month (HabitScreens' `TrackerDetails`).
        let tracker = try #require(state.journal.tracker(id: "run"))
        let month = TrackerDetails(tracker: tracker, in: state.journal, today: AppStateTests.today).month
        let byDate = Dictionary(uniqueKeysWithValues: month.weeks.joined().compactMap { $0 }.map { ($0.date, $0.state) })
        #expect(states == week.map { byDate[$0] })
    }

    @Test func aSkipAndAWeekAcrossTwoMonthsAreMarked() {
        var journal = AppStateTests.journal()
        journal.trackers[0].log = CompletionLog([.init(day: Self.day("2026-11-01"), mark: .skipped)])
        var state = AppState(journal: journal, today: AppStateTests.today)
        _ = state.handle(.character("g"))
        // The calendar to the 1st of November, a Sunday: its week (from Monday) starts in October.
        for _ in 0..<19 { _ = state.handle(.character("h")) }
        _ = state.handle(KeyPress(.enter))
        #expect(state.day == Self.day("2026-11-01"))
        for _ in 0..<3 where state.selectedCard?.trackerID != "run" { _ = state.handle(.character("j")) }
        #expect(state.selectedCard?.trackerID == "run")
        let week = state.screen.week.map(\.date)
        let states = state.weekStates
        #expect(week.first.map { $0 < Self.day("2026-11-01") } == true, "the week holds October days")
        for (date, dayState) in zip(week, states) {
            if date < Self.day("2026-11-01") {
                #expect(dayState == .beforeStart, "\(date)")
            } else {
                #expect(dayState == .skipped, "\(date)")
            }
        }
    }

    @Test func noCardNoMarks() {
        let state = AppState(journal: Journal(), today: AppStateTests.today)
        #expect(state.weekStates == Array(repeating: nil, count: 7))
    }

    @Test(arguments: [(80, 24), (40, 15)])
    func theGlyphsShowAfterTheDaysNumbers(_ width: Int, _ height: Int) {
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        _ = state.handle(.character("G"))
        let screen = ScreenSnapshotTests.render(state, .english, width: width, height: height)
        #expect(screen.contains("20 ✓") && screen.contains("19 ✗"), "\(screen)")
    }
}
