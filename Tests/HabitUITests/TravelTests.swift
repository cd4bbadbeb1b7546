import HabitCore
import HabitLocalization
import HabitScreens
import HabitUI
import Testing
import TerminalUI

/// Long lists travelled with PgUp/PgDn, Home/End (G), the same keys on the statistics tab and in
/// the help; Ctrl-L and Ctrl-C from every mode.
@Suite struct TravelTests {
    /// The examples' three trackers and `count` more in Study.
    static func journal(adding count: Int) -> Journal {
        var journal = AppStateTests.journal()
        for index in 0..<count {
            journal.trackers.append(Tracker(id: "t\(index)", name: "Tracker \(index)", category: "Study", schedule: .daily,
                                            start: AppStateTests.day("2026-11-01")))
        }
        return journal
    }

    static func state(adding count: Int = 97, width: Int = 80, height: Int = 24) -> AppState {
        var state = AppState(journal: journal(adding: count), today: AppStateTests.today)
        state.pages = ScreenView(Messages(.english)).pages(state, size: Size(width: width, height: height))
        return state
    }

    @Test func pageKeysHomeAndEndMoveTheSelectionThroughAHundredCards() throws {
        var state = Self.state()
        let count = state.screen.cards.count
        #expect(count == 100)
        let page = state.pages.list - 1
        #expect(page > 5)
        #expect(state.handle(KeyPress(.pageDown)) == nil)
        #expect(state.selection == page)
        _ = state.handle(KeyPress(.pageUp))
        #expect(state.selection == 0)
        _ = state.handle(KeyPress(.end))
        #expect(state.selection == count - 1)
        _ = state.handle(KeyPress(.pageDown))
        #expect(state.selection == count - 1, "the last card stays")
        _ = state.handle(KeyPress(.home))
        #expect(state.selection == 0)
        _ = state.handle(.character("G"))
        #expect(state.selection == count - 1, "G is End")
        _ = state.handle(KeyPress(.pageUp))
        #expect(state.selection == count - 1 - page)
    }

    @Test func theListShowsWhereTheSelectionIsAndTheSectionItIsIn() throws {
        var state = Self.state()
        for _ in 0..<60 { _ = state.handle(.character("j")) }
        let text = ScreenSnapshotTests.render(state, .english, width: 80, height: 24)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let search = try #require(lines.first { $0.hasPrefix("/ ") })
        #expect(search.hasSuffix("61/100"), "the position at the right of the search line: \(search)")
        // The list starts under the blank line after the search field: its top row is the title of
        // the section scrolled into, not a card.
        let listTop = try #require(lines.firstIndex(of: search)) + 2
        #expect(lines[listTop] == "Study", "a sticky title:\n\(text)")
        let selected = try #require(state.selectedCard)
        #expect(lines.contains { $0.hasPrefix("›") && $0.contains(selected.name) }, "the selection is on screen:\n\(text)")
        // Nothing scrolled: the first title is where it always was, and a click on it selects nothing.
        _ = state.handle(KeyPress(.home))
        let top = ScreenSnapshotTests.render(state, .english, width: 80, height: 24)
        #expect(top.contains("1/100") && top.split(separator: "\n").contains("Pinned"))
    }

    @Test func aClickOnTheStickyTitleSelectsNothing() throws {
        var state = Self.state()
        _ = state.handle(KeyPress(.end))
        let view = ScreenView(Messages(.english))
        let size = Size(width: 80, height: 24)
        let listY = 5  // tabs, date, week, search, a blank line
        #expect(view.target(at: Position(x: 5, y: listY), in: state, size: size) == nil)
        let below = try #require(view.target(at: Position(x: 5, y: listY + 1), in: state, size: size))
        guard case .card(let index) = below else { Issue.record("\(below)"); return }
        #expect(index < state.screen.cards.count - 1)
    }

    @Test func theStatisticsTabScrollsToItsLastTracker() throws {
        var state = Self.state()
        _ = state.handle(KeyPress(.tab))
        #expect(state.statistics.trackers.count == 100)
        let first = ScreenSnapshotTests.render(state, .english, width: 80, height: 24)
        let last = try #require(state.statistics.trackers.last?.name)
        #expect(!first.contains(last))
        #expect(first.contains("1–\(state.pages.statistics)/100"))
        _ = state.handle(.character("j"))
        #expect(state.statisticsScroll == 1)
        _ = state.handle(KeyPress(.end))
        #expect(state.statisticsScroll == 100 - state.pages.statistics)
        let end = ScreenSnapshotTests.render(state, .english, width: 80, height: 24)
        #expect(end.contains(last) && end.contains("/100"), "the last tracker on screen:\n\(end)")
        _ = state.handle(KeyPress(.pageDown))
        #expect(state.statisticsScroll == 100 - state.pages.statistics, "no further")
        _ = state.handle(KeyPress(.pageUp))
        #expect(state.statisticsScroll == 100 - 2 * state.pages.statistics)
        _ = state.handle(KeyPress(.home))
        #expect(state.statisticsScroll == 0)
        #expect(state.selection == 0, "the cards' selection is not moved by the statistics' keys")
        _ = state.handle(KeyPress(.tab))
        _ = state.handle(KeyPress(.tab))
        #expect(state.statisticsScroll == 0, "the tab opens at the top")
    }

    @Test(arguments: Language.allCases)
    func theHelpScrollsOnASmallScreenAndAnyOtherKeyClosesIt(_ language: Language) throws {
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        state.pages = ScreenView(Messages(language)).pages(state, size: Size(width: 40, height: 15))
        #expect(state.pages.helpLines > state.pages.help)
        _ = state.handle(.character("?"))
        let top = ScreenSnapshotTests.render(state, language, width: 40, height: 15)
        let t = Messages(language)
        #expect(top.contains("↓") && top.contains(t[.uiKeyUp]))
        _ = state.handle(KeyPress(.end))
        #expect(state.overlay == .help && state.helpScroll == state.pages.helpLines - state.pages.help)
        let bottom = ScreenSnapshotTests.render(state, language, width: 40, height: 15)
        #expect(!bottom.contains(t[.uiKeyUp]) && bottom.contains("↑"), "the last keys come up:\n\(bottom)")
        _ = state.handle(.character("k"))
        #expect(state.helpScroll == state.pages.helpLines - state.pages.help - 1)
        _ = state.handle(KeyPress(.home))
        #expect(state.helpScroll == 0)
        _ = state.handle(.character("x"))
        #expect(state.overlay == nil)
        _ = state.handle(.character("?"))
        #expect(state.helpScroll == 0, "the help opens at the top")
    }

    /// Ctrl-Z (answered by the terminal, before the app) and what `--mouse` adds are in the help
    /// too, after the main keys: End brings them up at 80 × 24, rows that fit the box.
    @Test(arguments: Language.allCases)
    func theHelpListsCtrlZAndTheMouseOption(_ language: Language) throws {
        let t = Messages(language)
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        state.pages = ScreenView(t).pages(state, size: Size(width: 80, height: 24))
        #expect(state.handle(.control("z")) == nil, "the key changes nothing in the app")
        _ = state.handle(.character("?"))
        _ = state.handle(KeyPress(.end))
        let bottom = ScreenSnapshotTests.render(state, language, width: 80, height: 24)
        // The pseudo-locale is 30 % longer on purpose: its rows may be cut, as its snapshot shows.
        for row in ["Ctrl-Z   " + t[.uiKeySuspend], "--mouse  " + t[.uiHelpMouse]] where language != .enXA {
            #expect(bottom.contains(row + " "), "\(row) is not a whole row of the help:\n\(bottom)")
        }
        try ScreenSnapshotTests.expectSnapshot(bottom, named: "help-end-\(language.rawValue)-80x24")
    }

    @Test func ctrlLRepaintsAndCtrlCInterruptsFromEveryMode() {
        var main = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        #expect(main.handle(.control("l")) == .repaint)
        #expect(main.selectedCard?.trackerID == "read")
        var typing = main
        _ = typing.handle(.character("/"))
        _ = typing.handle(.character("r"))
        #expect(typing.handle(.control("l")) == .repaint && typing.search == "r" && typing.isEditingSearch)
        #expect(typing.handle(.control("c")) == .interrupt)
        var statistics = main
        _ = statistics.handle(KeyPress(.tab))
        #expect(statistics.handle(.control("l")) == .repaint && statistics.tab == .statistics)
        #expect(statistics.handle(.control("c")) == .interrupt)
        for opening in [KeyPress(.enter), .character("g"), .character("f"), .character("a"), .character("?")] {
            var overlay = main
            _ = overlay.handle(opening)
            let shown = overlay.overlay
            #expect(shown != nil)
            #expect(overlay.handle(.control("l")) == .repaint && overlay.overlay == shown, "\(opening)")
            #expect(overlay.handle(.control("c")) == .interrupt, "\(opening)")
        }
        #expect(main.handle(.character("q")) == .quit)
    }

    /// The specs' filters show the day's trackers "for the date": Completed and Not completed are a
    /// way of looking at any day, so a change of day keeps them (Today's trackers is a day, and
    /// gives way to All on another day).
    @Test(arguments: Language.allCases)
    func theActiveFilterIsNamedOnTheMainScreenAndInTheEmptyStateAndKeptOnAnotherDay(_ language: Language) throws {
        let t = Messages(language)
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        #expect(!ScreenSnapshotTests.render(state, language, width: 80, height: 24).contains(t.text(.uiFilterActive, t[.allTrackers])))
        _ = state.handle(.character("f"))
        _ = state.handle(.character("j"))
        _ = state.handle(.character("j"))
        _ = state.handle(KeyPress(.enter))
        #expect(state.filter == .completed)
        let named = t.text(.uiFilterActive, t[.uiFilterCompleted])
        let main = ScreenSnapshotTests.render(state, language, width: 80, height: 24)
        let search = try #require(main.split(separator: "\n").first { $0.hasPrefix("/ ") })
        #expect(search.hasSuffix(named + " 1/1"), "\(search)")
        _ = state.handle(.character("h"))
        #expect(state.filter == .completed, "kept on another day")
        #expect(state.screen.cards.isEmpty)
        let empty = ScreenSnapshotTests.render(state, language, width: 40, height: 15)
        #expect(empty.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == named }, "\(empty)")
    }

    @Test(arguments: Language.allCases)
    func aHabitToQuitSaysWhatSpaceDoes(_ language: Language) throws {
        let t = Messages(language)
        var journal = Journal(settings: Settings(categories: ["Health"]), trackers: [
            Tracker(id: "smoke", name: "No smoking", category: "Health", schedule: .daily, start: AppStateTests.day("2026-11-01"), isQuit: true),
        ])
        var state = AppState(journal: journal, today: AppStateTests.today)
        let kept = ScreenSnapshotTests.render(state, language, width: 80, height: 24)
        #expect(kept.contains(t[.uiCardSlip]), "\(kept)")
        #expect(state.handle(.character(" ")) == .mark(.slipped, trackerID: "smoke", day: AppStateTests.today))
        journal.trackers[0].log = CompletionLog([.init(day: AppStateTests.today, mark: .slipped)])
        state.reload(journal, today: AppStateTests.today)
        let slipped = ScreenSnapshotTests.render(state, language, width: 80, height: 24)
        #expect(slipped.contains(t[.uiCardUnslip]), "\(slipped)")
    }
}
