import HabitCore
import HabitUI
import Testing
import TerminalUI

/// `u`: the reverse of the last change, read from the data before the change was made.
@Suite struct UndoTests {
    /// What the app does with an effect: the reverse read first, the change made to the data, the
    /// data loaded again, then `made`.
    static func make(_ effect: AppState.Effect, in state: inout AppState, journal: inout Journal) {
        let reverse = state.reverse(of: effect)
        switch effect {
        case .mark(let mark, let id, let day):
            let index = journal.trackers.firstIndex { $0.id == id }!
            var entries = journal.trackers[index].log.entries.filter { $0.day != day }
            if let mark { entries.append(.init(day: day, mark: mark)) }
            journal.trackers[index].log = CompletionLog(entries)
        case .amount(let value, let id, let day):
            let index = journal.trackers.firstIndex { $0.id == id }!
            var entries = journal.trackers[index].log.entries.filter { $0.day != day }
            entries.append(.init(day: day, mark: .done, amount: value))
            journal.trackers[index].log = CompletionLog(entries)
        case .pin(let pinned, let id):
            journal.trackers[journal.trackers.firstIndex { $0.id == id }!].isPinned = pinned
        case .archive(let id), .unarchive(let id):
            journal.trackers[journal.trackers.firstIndex { $0.id == id }!].isArchived = effect == .archive(trackerID: id)
        default:
            Issue.record("not simulated: \(effect)")
        }
        state.reload(journal, today: AppStateTests.today)
        state.made(effect, reverse: reverse)
    }

    @Test func uUndoesAMarkAndUAgainRedoesIt() throws {
        var journal = AppStateTests.journal()
        var state = AppState(journal: journal, today: AppStateTests.today)
        #expect(state.handle(.character("u")) == nil, "nothing to undo yet")
        let markKey = state.handle(.character(" "))
        let mark = try #require(markKey)
        #expect(mark == .mark(.done, trackerID: "read", day: AppStateTests.today))
        Self.make(mark, in: &state, journal: &journal)
        let undoKey = state.handle(.character("u"))
        let undo = try #require(undoKey)
        #expect(undo == .mark(nil, trackerID: "read", day: AppStateTests.today))
        #expect(state.undo == nil)
        Self.make(undo, in: &state, journal: &journal)
        #expect(state.handle(.character("u")) == .mark(.done, trackerID: "read", day: AppStateTests.today), "u again redoes")
    }

    @Test func theReverseRestoresWhatTheDayHadBefore() {
        var journal = AppStateTests.journal()
        var state = AppState(journal: journal, today: AppStateTests.today)
        // Run is done on the 20th: skipping it is undone by marking it done again.
        #expect(state.reverse(of: .mark(.skipped, trackerID: "run", day: AppStateTests.today))
            == .mark(.done, trackerID: "run", day: AppStateTests.today))
        // An amount is undone by the amount there was.
        Self.make(.amount(3, trackerID: "water", day: AppStateTests.today), in: &state, journal: &journal)
        #expect(state.reverse(of: .amount(8, trackerID: "water", day: AppStateTests.today))
            == .amount(3, trackerID: "water", day: AppStateTests.today))
        #expect(state.undo == .mark(nil, trackerID: "water", day: AppStateTests.today))
        #expect(state.reverse(of: .pin(true, trackerID: "run")) == .pin(false, trackerID: "run"))
        #expect(state.reverse(of: .archive(trackerID: "run")) == .unarchive(trackerID: "run"))
        #expect(state.reverse(of: .delete(trackerID: "run")) == nil, "a delete is not undone here")
    }

    @Test func uAfterAnArchiveBringsTheCardBack() throws {
        var journal = AppStateTests.journal()
        var state = AppState(journal: journal, today: AppStateTests.today)
        Self.make(.archive(trackerID: "run"), in: &state, journal: &journal)
        #expect(!state.screen.cards.contains { $0.trackerID == "run" })
        let undoKey = state.handle(.character("u"))
        let undo = try #require(undoKey)
        #expect(undo == .unarchive(trackerID: "run"))
        Self.make(undo, in: &state, journal: &journal)
        #expect(state.screen.cards.contains { $0.trackerID == "run" })
    }

    @Test func uIsALetterInTheSearchFieldAndDoesNothingOnTheStatisticsTab() {
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        var journal = AppStateTests.journal()
        Self.make(.pin(false, trackerID: "read"), in: &state, journal: &journal)
        _ = state.handle(.character("/"))
        #expect(state.handle(.character("u")) == nil && state.search == "u")
        _ = state.handle(KeyPress(.escape))
        _ = state.handle(KeyPress(.tab))
        #expect(state.handle(.character("u")) == nil)
        _ = state.handle(KeyPress(.tab))
        #expect(state.handle(.character("u")) == .pin(true, trackerID: "read"))
    }
}
