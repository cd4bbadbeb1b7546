import HabitCore
import HabitLocalization
import HabitUI
import Testing
import TerminalUI

/// The footer of every mode, as the screen draws it, in one snapshot per language and size: the
/// main screen, the search field, the calendar, the amount prompt, the card menu, the filter
/// sheet, the delete question, the "+" sheet, the statistics tab.
@Suite struct FooterSnapshotTests {
    static func modes() -> [(String, AppState)] {
        func after(_ keys: [KeyPress]) -> AppState {
            var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
            for key in keys { _ = state.handle(key) }
            return state
        }
        return [
            ("main", after([])),
            ("search", after([.character("/")])),
            ("calendar", after([.character("g")])),
            // Drink water, a numeric habit, is the second card.
            ("amount", after([.character("j"), .character(" ")])),
            ("menu", after([KeyPress(.enter)])),
            ("filter", after([.character("f")])),
            ("delete", after([KeyPress(.enter)] + Array(repeating: .character("j"), count: 4) + [KeyPress(.enter)])),
            ("add", after([.character("a")])),
            ("statistics", after([KeyPress(.tab)])),
        ]
    }

    @Test(arguments: Language.allCases)
    func everyModesFooter(_ language: Language) throws {
        for (width, height) in ScreenSnapshotTests.sizes {
            var text = ""
            for (name, state) in Self.modes() {
                let screen = ScreenSnapshotTests.render(state, language, width: width, height: height)
                let footer = screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast().last ?? ""
                #expect(TextWidth.width(String(footer)) <= width)
                text += "\(name): \(footer)\n"
            }
            try ScreenSnapshotTests.expectSnapshot(text, named: "footers-\(language.rawValue)-\(width)x\(height)")
        }
    }

    @Test func theModesAreTheOnesNamed() {
        let modes = Dictionary(uniqueKeysWithValues: Self.modes().map { ($0.0, $0.1) })
        #expect(modes["search"]?.isEditingSearch == true)
        #expect(modes["statistics"]?.tab == .statistics)
        if case .amount? = modes["amount"]?.overlay {} else { Issue.record("no amount prompt") }
        if case .confirmDelete? = modes["delete"]?.overlay {} else { Issue.record("no delete question") }
        if case .calendar? = modes["calendar"]?.overlay {} else { Issue.record("no calendar") }
    }

    /// `?` on the statistics tab lists that tab's keys first.
    @Test(arguments: Language.allCases)
    func theHelpListsTheModesKeysFirst(_ language: Language) throws {
        let t = Messages(language)
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        _ = state.handle(KeyPress(.tab))
        _ = state.handle(.character("?"))
        let screen = ScreenSnapshotTests.render(state, language, width: 80, height: 24)
        let lines = screen.split(separator: "\n").map(String.init)
        let first = try #require(lines.dropFirst().first)
        #expect(first.contains("↑/↓/k/j") && first.contains(t[.uiStatisticsKeyScroll]), "\(screen)")
        var main = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        _ = main.handle(.character("?"))
        let mainFirst = try #require(ScreenSnapshotTests.render(main, language, width: 80, height: 24).split(separator: "\n").dropFirst().first)
        #expect(mainFirst.contains("↑/k") && mainFirst.contains(t[.uiKeyUp]))
    }
}
