import HabitCore
import HabitLocalization
import HabitUI
import Testing
import TerminalUI

/// Space on a habit to quit logs a slip without a question: the top line then says so, with `u`
/// to take it back, until the next key.
@Suite struct SlipNoteTests {
    static func journal() -> Journal {
        let smoking = Tracker(id: "smoking", name: "Smoking", category: "Health", schedule: .daily,
                              start: AppStateTests.day("2026-11-01"), isQuit: true)
        return Journal(settings: Settings(categories: ["Health"]), trackers: [smoking])
    }

    @Test(arguments: Language.allCases)
    func aSlipIsNamedOnTheTopLineWithUToUndoIt(_ language: Language) throws {
        var journal = Self.journal()
        var state = AppState(journal: journal, today: AppStateTests.today)
        let spaceKey = state.handle(.character(" "))
        let slip = try #require(spaceKey)
        #expect(slip == .mark(.slipped, trackerID: "smoking", day: AppStateTests.today))
        UndoTests.make(slip, in: &state, journal: &journal)
        #expect(state.slipLogged?.name == "Smoking" && state.slipLogged?.day == AppStateTests.today)
        let t = Messages(language)
        let words = t.text(.uiSlipLogged, "Smoking", t.dateWithoutWeekday(AppStateTests.today))
        let screen = ScreenSnapshotTests.render(state, language, width: 120, height: 24)
        #expect(screen.contains(words), "\(screen)")
        // `u` takes the slip back (and the note goes with the key).
        #expect(state.handle(.character("u")) == .mark(nil, trackerID: "smoking", day: AppStateTests.today))
        #expect(state.slipLogged == nil)
        #expect(!ScreenSnapshotTests.render(state, language, width: 120, height: 24).contains(words))
    }

    @Test func theNoteGoesAtTheNextKeyAndOnlyASlipMakesIt() throws {
        var journal = Self.journal()
        var state = AppState(journal: journal, today: AppStateTests.today)
        UndoTests.make(.mark(.slipped, trackerID: "smoking", day: AppStateTests.today), in: &state, journal: &journal)
        #expect(state.slipLogged != nil)
        _ = state.handle(.character("h"))
        #expect(state.slipLogged == nil, "any key takes the note away")
        // Removing the slip (Space again) is not a slip logged.
        UndoTests.make(.mark(nil, trackerID: "smoking", day: AppStateTests.today), in: &state, journal: &journal)
        #expect(state.slipLogged == nil)
        var other = AppStateTests.journal()
        var marking = AppState(journal: other, today: AppStateTests.today)
        UndoTests.make(.mark(.done, trackerID: "read", day: AppStateTests.today), in: &marking, journal: &other)
        #expect(marking.slipLogged == nil, "a mark done is no slip")
    }
}
