import HabitCore
import HabitScreens
import HabitUI
import Testing
import TerminalUI

/// Issue 39: while a day is shown, a marked card stays where it is (the specs send it to the end
/// of its group on a new look at the day), so "Space, j, Space" marks two neighbours; and Space
/// does what HabitScreens' `nextMark` says, the web's tap's rule.
@Suite struct CardOrderTests {
    static let today = AppStateTests.today

    static func journal(marked: [String] = []) -> Journal {
        let names = ["Alpha", "Bravo", "Charlie"]
        let trackers = names.map { name in
            Tracker(id: name.lowercased(), name: name, category: "Health", schedule: .daily, start: CivilDate("2026-11-01")!,
                    log: CompletionLog(marked.contains(name.lowercased()) ? [.init(day: today, mark: .done)] : []))
        }
        return Journal(settings: Settings(categories: ["Health"]), trackers: trackers)
    }

    @Test func aMarkedCardStaysUnderTheSelection() {
        var state = AppState(journal: Self.journal(), today: Self.today)
        #expect(state.handle(.character(" ")) == .mark(.done, trackerID: "alpha", day: Self.today))
        state.reload(Self.journal(marked: ["alpha"]), today: Self.today)
        #expect(state.screen.cards.map(\.trackerID) == ["alpha", "bravo", "charlie"], "the marked card moved")
        #expect(state.selectedCard?.trackerID == "alpha")
        _ = state.handle(.character("j"))
        #expect(state.handle(.character(" ")) == .mark(.done, trackerID: "bravo", day: Self.today), "j skipped a card")
    }

    /// Found using the app: a search that kept one card, then Esc, put that card first.
    @Test func aSearchOrAFilterClearedPutsTheCardsBackWhereTheyWere() {
        var state = AppState(journal: Self.journal(), today: Self.today)
        state.reload(Self.journal(marked: ["alpha"]), today: Self.today)
        #expect(state.screen.cards.map(\.trackerID) == ["alpha", "bravo", "charlie"])
        for key in "/char" { _ = state.handle(.character(key)) }
        #expect(state.screen.cards.map(\.trackerID) == ["charlie"])
        _ = state.handle(KeyPress(.escape))
        _ = state.handle(KeyPress(.escape))
        #expect(state.search.isEmpty)
        #expect(state.screen.cards.map(\.trackerID) == ["alpha", "bravo", "charlie"], "the search moved the cards")
        _ = state.handle(.character("f"))
        _ = state.handle(.character("j"))
        _ = state.handle(.character("j"))
        _ = state.handle(.character("j"))
        _ = state.handle(KeyPress(.enter))
        #expect(state.filter == .uncompleted && state.screen.cards.map(\.trackerID) == ["bravo", "charlie"])
        _ = state.handle(.character("f"))
        _ = state.handle(KeyPress(.home))
        for _ in 0..<3 { _ = state.handle(.character("k")) }
        _ = state.handle(KeyPress(.enter))
        #expect(state.filter == .all && state.screen.cards.map(\.trackerID) == ["alpha", "bravo", "charlie"], "the filter moved the cards")
    }

    @Test func anotherLookAtTheDayHasTheSpecsOrder() {
        var state = AppState(journal: Self.journal(), today: Self.today)
        state.reload(Self.journal(marked: ["alpha"]), today: Self.today)
        _ = state.handle(.character("h"))
        _ = state.handle(.character("l"))
        #expect(state.screen.cards.map(\.trackerID) == ["bravo", "charlie", "alpha"], "done cards go last on a new look")
    }

    @Test func keepOrderKeepsOnlyTheSameDaysOrder() {
        let before = DayScreen(journal: Self.journal(), day: Self.today, today: Self.today)
        var after = DayScreen(journal: Self.journal(marked: ["alpha"]), day: Self.today, today: Self.today)
        #expect(after.cards.map(\.trackerID) == ["bravo", "charlie", "alpha"])
        after.keepOrder(of: before)
        #expect(after.cards.map(\.trackerID) == ["alpha", "bravo", "charlie"])
        var otherDay = DayScreen(journal: Self.journal(marked: ["alpha"]), day: Self.today, today: Self.today)
        otherDay.keepOrder(of: DayScreen(journal: Self.journal(), day: Self.today.adding(days: -1), today: Self.today))
        #expect(otherDay.cards.map(\.trackerID) == ["bravo", "charlie", "alpha"])
    }

    @Test func spaceOnANumericCardAsksForTheTotalSoFar() {
        let water = Tracker(id: "water", name: "Water", category: "Health", schedule: .daily, start: CivilDate("2026-11-01")!,
                            log: CompletionLog([.init(day: Self.today, mark: nil, amount: 3)]), measure: Measure(target: 8, unit: "glasses"))
        var state = AppState(journal: Journal(settings: Settings(categories: ["Health"]), trackers: [water]), today: Self.today)
        #expect(state.selectedCard?.nextMark == .amount(total: 3, of: Measure(target: 8, unit: "glasses")))
        #expect(state.handle(.character(" ")) == nil)
        #expect(state.overlay == .amount(trackerID: "water", text: "3"))
    }
}
