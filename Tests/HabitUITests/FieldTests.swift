import HabitCore
import HabitLocalization
import HabitUI
import Testing
import TerminalUI

/// The search field and the amount prompt edit like readline; the prompt shows the unit; the
/// content stops at a maximum width on a very wide terminal.
@Suite struct FieldTests {
    @Test func theSearchFieldMovesItsCaretAndDeletesWords() {
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        _ = state.handle(.character("/"))
        for character in "drink wat" { _ = state.handle(.character(character)) }
        #expect(state.screen.cards.map(\.trackerID) == ["water"])
        _ = state.handle(.control("w"))
        #expect(state.search == "drink ")
        _ = state.handle(KeyPress(.home))
        _ = state.handle(KeyPress(.right))
        #expect(state.searchField.caret == 1 && state.isEditingSearch, "← and → move the caret, not the day")
        #expect(state.day == AppStateTests.today)
        _ = state.handle(KeyPress(.backspace, .alt))
        #expect(state.search == "rink ")
        _ = state.handle(KeyPress(.end))
        _ = state.handle(KeyPress(.backspace))
        #expect(state.search == "rink" && state.screen.cards.map(\.trackerID) == ["water"])
        var grid = Grid(width: 80, height: 24)
        ScreenView(Messages(.english)).draw(state, into: &grid)
        #expect(grid.cursor == Position(x: 2 + 4, y: 3))
        _ = state.handle(KeyPress(.home))
        grid = Grid(width: 80, height: 24)
        ScreenView(Messages(.english)).draw(state, into: &grid)
        #expect(grid.cursor == Position(x: 2, y: 3), "the cursor where the caret is")
    }

    @Test(arguments: Language.allCases)
    func theAmountPromptShowsTheUnitAndEditsAtTheCaret(_ language: Language) {
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        _ = state.handle(.character("j"))
        _ = state.handle(.character(" "))
        #expect(state.overlay == .amount(trackerID: "water", text: "8"))
        let screen = ScreenSnapshotTests.render(state, language, width: 40, height: 15)
        #expect(screen.contains("8 glasses"), "\(screen)")
        _ = state.handle(KeyPress(.home))
        _ = state.handle(.character("1"))
        _ = state.handle(.character("x"))
        #expect(state.overlay == .amount(trackerID: "water", text: "18") && state.amountCaret == 1)
        _ = state.handle(.control("k"))
        #expect(state.overlay == .amount(trackerID: "water", text: "1"))
        #expect(state.handle(KeyPress(.enter)) == .amount(1, trackerID: "water", day: AppStateTests.today))
    }

    @Test func aVeryWideTerminalKeepsTheStateNearTheName() {
        let state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        let text = ScreenSnapshotTests.render(state, .english, width: 300, height: 24)
        let card = text.split(separator: "\n").first { $0.contains("Read 📚") }!
        #expect(TextWidth.width(String(card)) <= ScreenView.maximumContentWidth, "\(card)")
        #expect(card.hasSuffix("○"))
    }

    @Test func theFormsNameFieldEditsLikeReadline() throws {
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        _ = state.handle(.character("a"))
        _ = state.handle(KeyPress(.enter))
        for character in "Read long pages" { _ = state.handle(.character(character)) }
        _ = state.handle(.control("w"))
        #expect(FormStateTests.flow(state)?.form.name == "Read long ")
        _ = state.handle(KeyPress(.backspace, .alt))
        #expect(FormStateTests.flow(state)?.form.name == "Read ")
        _ = state.handle(KeyPress(.home))
        _ = state.handle(KeyPress(.right))
        _ = state.handle(.character("e"))
        #expect(FormStateTests.flow(state)?.form.name == "Reead " && FormStateTests.flow(state)?.textField.caret == 2)
        _ = state.handle(KeyPress(.backspace))
        _ = state.handle(.control("k"))
        #expect(FormStateTests.flow(state)?.form.name == "R")
        var grid = Grid(width: 80, height: 24)
        ScreenView(Messages(.english)).draw(state, into: &grid)
        let caret = try #require(grid.cursor)
        _ = state.handle(.control("e"))
        _ = state.handle(.character("x"))
        grid = Grid(width: 80, height: 24)
        ScreenView(Messages(.english)).draw(state, into: &grid)
        #expect(grid.cursor == Position(x: caret.x + 1, y: caret.y), "the cursor follows the caret")
    }
}
