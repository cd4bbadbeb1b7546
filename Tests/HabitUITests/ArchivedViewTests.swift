import HabitCore
import HabitLocalization
import HabitUI
import Testing
import TerminalUI

/// `A`: the archived trackers, where Enter unarchives one through HabitKit's use case.
@Suite struct ArchivedViewTests {
    static func journal() -> Journal {
        var journal = AppStateTests.journal()
        journal.trackers[0].isArchived = true
        journal.trackers[1].isArchived = true
        return journal
    }

    @Test func aListsTheArchivedAndEnterUnarchivesTheHighlightedOne() throws {
        var journal = Self.journal()
        var state = AppState(journal: journal, today: AppStateTests.today)
        #expect(state.screen.cards.map(\.trackerID) == ["read"])
        #expect(state.handle(.character("A")) == nil)
        #expect(state.overlay == .archived(highlighted: 0))
        #expect(state.archivedTrackers.map(\.id) == ["run", "water"])
        _ = state.handle(.character("j"))
        _ = state.handle(KeyPress(.down))
        #expect(state.overlay == .archived(highlighted: 1), "the last row stays highlighted")
        let enterKey = state.handle(KeyPress(.enter))
        let unarchive = try #require(enterKey)
        #expect(unarchive == .unarchive(trackerID: "water"))
        UndoTests.make(unarchive, in: &state, journal: &journal)
        #expect(state.overlay == .archived(highlighted: 0), "the view stays open, the highlight on a row that is left")
        #expect(state.archivedTrackers.map(\.id) == ["run"])
        #expect(state.screen.cards.contains { $0.trackerID == "water" })
        _ = state.handle(KeyPress(.escape))
        #expect(state.overlay == nil)
        #expect(state.handle(.character("u")) == .archive(trackerID: "water"), "u archives it again")
    }

    @Test func qAndACloseItAndEnterOnNoneDoesNothing() {
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        _ = state.handle(.character("A"))
        #expect(state.archivedTrackers.isEmpty)
        #expect(state.handle(KeyPress(.enter)) == nil)
        #expect(state.handle(.character("q")) == nil && state.overlay == nil, "q closes the view, it does not quit")
        _ = state.handle(.character("A"))
        _ = state.handle(.character("A"))
        #expect(state.overlay == nil)
    }

    @Test(arguments: Language.allCases)
    func theViewNamesTheTrackersAndItsKeys(_ language: Language) {
        let t = Messages(language)
        var state = AppState(journal: Self.journal(), today: AppStateTests.today)
        _ = state.handle(.character("A"))
        let screen = ScreenSnapshotTests.render(state, language, width: 80, height: 24)
        #expect(screen.contains(t[.uiArchivedTitle]) && screen.contains("🏃 Morning run 🏃") && screen.contains("💧 Drink water"), "\(screen)")
        #expect(screen.contains("Enter \(t[.uiArchivedKeyUnarchive])"), "the footer has the view's keys")
        var empty = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        _ = empty.handle(.character("A"))
        #expect(ScreenSnapshotTests.render(empty, language, width: 40, height: 15).contains(t[.uiArchivedEmpty]))
    }

    /// Reported: with no archived tracker the footer still offered "↑/↓ move · Enter unarchive".
    /// It offers only the way back, under the empty-state line; with trackers, the view's keys.
    @Test(arguments: Language.allCases)
    func theEmptyViewOffersOnlyTheWayBack(_ language: Language) throws {
        let t = Messages(language)
        var empty = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        _ = empty.handle(.character("A"))
        for (width, height) in ScreenSnapshotTests.sizes {
            let screen = ScreenSnapshotTests.render(empty, language, width: width, height: height)
            let footer = screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast().last.map(String.init)
            #expect(footer == "Esc \(t[.uiFormKeyBack])", "\(screen)")
            #expect(screen.contains(t[.uiArchivedEmpty]))
            try ScreenSnapshotTests.expectSnapshot(screen, named: "archived-empty-\(language.rawValue)-\(width)x\(height)")
        }
        var full = AppState(journal: Self.journal(), today: AppStateTests.today)
        _ = full.handle(.character("A"))
        let screen = ScreenSnapshotTests.render(full, language, width: 80, height: 24)
        let footer = screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast().last.map(String.init) ?? ""
        #expect(footer.contains("Enter \(t[.uiArchivedKeyUnarchive])") && footer.contains("↑/↓ \(t[.uiFormKeyField])"), "\(footer)")
    }
}
