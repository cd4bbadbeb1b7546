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
        #expect(state.weekStates[today]?.state == .pending, "read is not marked today")
        _ = state.handle(.character("G"))
        #expect(state.selectedCard?.trackerID == "run")
        let states = state.weekStates.map { $0?.state }
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
        let states = state.weekStates.map { $0?.state }
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

    /// A numeric habit's day with some of its target: ◐, the partial glyph `habit cal` uses, in its
    /// yellow; the day's state stays the calendar's (missed before today, to do today).
    @Test func aNumericDayUnderItsTargetIsMarkedPartial() throws {
        var journal = AppStateTests.journal()
        let water = try #require(journal.trackers.firstIndex { $0.id == "water" })
        // As a file gives them: 8 glasses meet the target, so that day is done.
        journal.trackers[water].log = CompletionLog([.init(day: Self.day("2026-11-17"), mark: nil, amount: 3),
                                                     .init(day: Self.day("2026-11-18"), mark: .done, amount: 8),
                                                     .init(day: Self.day("2026-11-20"), mark: nil, amount: 5)])
        var state = AppState(journal: journal, today: AppStateTests.today)
        _ = state.handle(.character("j"))
        #expect(state.selectedCard?.trackerID == "water")
        let marks = try state.weekStates.map { try #require($0) }
        let byDay = Dictionary(uniqueKeysWithValues: marks.map { ($0.date.day, $0) })
        #expect(byDay[17]?.state == .missed && byDay[17]?.isPartial == true)
        #expect(byDay[18]?.state == .done && byDay[18]?.isPartial == false)
        #expect(byDay[19]?.state == .missed && byDay[19]?.isPartial == false, "nothing logged: missed, not partial")
        #expect(byDay[20]?.state == .pending && byDay[20]?.isPartial == true)
        var grid = Grid(width: 80, height: 24)
        ScreenView(Messages(.english)).draw(state, into: &grid)
        let strip = try #require(grid.text.split(separator: "\n").firstIndex { $0.contains("17 ◐") })
        let x = try #require((0..<grid.width).first { grid[$0, strip].grapheme == "◐" })
        #expect(grid[x, strip].style.foreground == .yellow, "the partial glyph is yellow, as in habit cal")
        for language in Language.allCases {
            for (width, height) in [(80, 24), (40, 15)] {
                let screen = ScreenSnapshotTests.render(state, language, width: width, height: height)
                try ScreenSnapshotTests.expectSnapshot(screen, named: "week-partial-\(language.rawValue)-\(width)x\(height)")
            }
        }
    }

    @Test(arguments: [(80, 24), (40, 15)])
    func theGlyphsShowAfterTheDaysNumbers(_ width: Int, _ height: Int) {
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        _ = state.handle(.character("G"))
        let screen = ScreenSnapshotTests.render(state, .english, width: width, height: height)
        #expect(screen.contains("20 ✓") && screen.contains("19 ✗"), "\(screen)")
    }
}
