import HabitCore
import HabitLocalization
import HabitScreens
import HabitUI
import Testing
import TerminalUI

/// The first run, sync and the mouse: a key or a click in, the new state and the change out.
@Suite struct AppStateLiveTests {
    static func onboarding() -> AppState {
        AppState(onboarding: OnboardingScreen(directory: "/home/me/habit"), today: AppStateTests.today)
    }

    @Test func onboardingPagesTurnWithArrowsAndTheButtonCreatesTheDirectory() {
        var state = Self.onboarding()
        #expect(state.handle(KeyPress(.right)) == nil)
        #expect(state.onboarding?.page == .plainText)
        _ = state.handle(.character("l"))
        _ = state.handle(KeyPress(.right))
        #expect(state.onboarding?.page == .history, "the last page stays")
        _ = state.handle(KeyPress(.left))
        #expect(state.onboarding?.page == .plainText)
        #expect(state.handle(.character("j")) == nil, "the main screen's keys do nothing here")
        #expect(state.handle(.character("/")) == nil && !state.isEditingSearch)
        #expect(state.handle(KeyPress(.enter)) == .createDirectory)
        #expect(state.onboarding != nil, "the pages stay until the directory exists")
        state.finishOnboarding(AppStateTests.journal(), today: AppStateTests.today)
        #expect(state.onboarding == nil)
        #expect(state.selectedCard?.trackerID == "read")
    }

    @Test func qOrEscOnTheOnboardingPagesQuitsWithoutCreating() {
        var state = Self.onboarding()
        #expect(state.handle(.character("q")) == .quit)
        state = Self.onboarding()
        #expect(state.handle(KeyPress(.escape)) == .quit)
        state = Self.onboarding()
        #expect(state.handle(.control("c")) == .interrupt)
    }

    @Test func capitalSSyncsFromEitherTab() {
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        #expect(state.handle(.character("S")) == .sync)
        #expect(state.handle(.character("s")) == .mark(.skipped, trackerID: "read", day: AppStateTests.today), "s still skips")
        _ = state.handle(KeyPress(.tab))
        #expect(state.handle(.character("S")) == .sync)
        var typing = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        _ = typing.handle(.character("/"))
        #expect(typing.handle(.character("S")) == nil)
        #expect(typing.search == "S", "S is a letter in the search field")
    }

    @Test func aClickSelectsACardAndASecondClickMarksIt() {
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        #expect(state.selectedCard?.trackerID == "read")
        let run = state.screen.cards.firstIndex { $0.trackerID == "run" }!
        #expect(state.click(.card(run)) == nil)
        #expect(state.selectedCard?.trackerID == "run")
        #expect(state.click(.card(run)) == .mark(nil, trackerID: "run", day: AppStateTests.today), "run is done: a click unmarks")
        let water = state.screen.cards.firstIndex { $0.trackerID == "water" }!
        _ = state.click(.card(water))
        #expect(state.click(.card(water)) == nil)
        #expect(state.overlay == .amount(trackerID: "water", text: "8"), "a numeric habit asks the amount, as Space does")
    }

    @Test func clicksOnATabOrADayAndTheWheel() {
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        _ = state.click(.day(AppStateTests.day("2026-11-18")))
        #expect(state.day == AppStateTests.day("2026-11-18"))
        state.scroll(by: 1)
        #expect(state.selection == 1)
        state.scroll(by: 10)
        #expect(state.selection == state.screen.cards.count - 1, "the wheel stops at the last card")
        state.scroll(by: -10)
        #expect(state.selection == 0)
        _ = state.click(.tab(.statistics))
        #expect(state.tab == .statistics)
        #expect(state.click(.card(0)) == nil, "no cards on the statistics tab")
        _ = state.click(.tab(.trackers))
        _ = state.handle(.character("?"))
        #expect(state.click(.card(1)) == nil && state.selection == 0, "an overlay takes no clicks")
    }

    @Test func theStatisticsAreComputedForTheirTabAndFollowNewData() {
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        _ = state.handle(KeyPress(.tab))
        #expect(state.statistics.trackers.count == 3)
        var fewer = AppStateTests.journal()
        fewer.trackers.removeLast()
        state.reload(fewer, today: AppStateTests.today)
        #expect(state.statistics.trackers.count == 2, "a reload on the tab computes them again")
        _ = state.handle(KeyPress(.tab))
        state.reload(AppStateTests.journal(), today: AppStateTests.today)
        _ = state.click(.tab(.statistics))
        #expect(state.statistics.trackers.count == 3, "showing the tab computes them from the data of now")
    }

    /// What `ScreenView` lays out is what a click hits: each card's row gives that card.
    @Test(arguments: [(80, 24), (40, 15)])
    func aClickLandsOnTheCardDrawnThere(_ size: (Int, Int)) throws {
        var journal = AppStateTests.journal()
        for index in 0..<30 {
            journal.trackers.append(Tracker(id: "t\(index)", name: "Tracker \(index)", category: "Study", schedule: .daily,
                                            start: AppStateTests.day("2026-11-01")))
        }
        var state = AppState(journal: journal, today: AppStateTests.today)
        state.offlineNote = "1 change not synced yet"
        for _ in 0..<20 { _ = state.handle(.character("j")) }
        let view = ScreenView(Messages(.english))
        let screen = Size(width: size.0, height: size.1)
        var grid = Grid(size: screen)
        view.draw(state, into: &grid)
        let rows = grid.text.split(separator: "\n", omittingEmptySubsequences: false)
        var hits = 0
        for (y, row) in rows.enumerated() {
            guard case .card(let index)? = view.target(at: Position(x: 10, y: y), in: state, size: screen) else { continue }
            hits += 1
            #expect(row.contains(state.screen.cards[index].name), "row \(y) is \(row), the click hits \(state.screen.cards[index].name)")
        }
        #expect(hits >= size.1 - 9)
        #expect(view.target(at: Position(x: 1, y: 1), in: state, size: screen) == .tab(.trackers), "the tabs are under the note")
    }
}
