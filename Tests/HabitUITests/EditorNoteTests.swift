import HabitCore
import HabitLocalization
import HabitUI
import Testing
import TerminalUI

/// `e`: how the editor round trip ended is said on the app's screen, not on the normal screen
/// the app was away from (UILiveEndToEndTests has the round trip itself).
@Suite struct EditorNoteTests {
    /// Reported: "No change; nothing was written." went to the normal screen, unseen. It is the
    /// status line's now, in the app's words, and no refusal.
    @Test(arguments: Language.allCases)
    func anUnchangedFileIsSaidOnTheStatusLine(_ language: Language) throws {
        let t = Messages(language)
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        #expect(state.handle(.character("e")) == .edit(trackerID: "read"))
        state.editorEnded(.note(t[.editorUnchanged]))
        #expect(state.syncStatus == t[.editorUnchanged] && state.refusal == nil)
        for (width, height) in ScreenSnapshotTests.sizes {
            let screen = ScreenSnapshotTests.render(state, language, width: width, height: height)
            // The first line begins the sentence: whole where it fits, wrapped or cut with "…" in a
            // narrow terminal.
            var line = String(screen.prefix { $0 != "\n" })
            while line.hasSuffix(" ") { line.removeLast() }
            #expect(!line.isEmpty && t[.editorUnchanged].hasPrefix(line.hasSuffix("…") ? String(line.dropLast()) : line), "\(screen)")
            try ScreenSnapshotTests.expectSnapshot(screen, named: "editor-unchanged-\(language.rawValue)-\(width)x\(height)")
        }
    }

    @Test func aRefusalGoesAtTheTopUntilTheNextKeyAndNothingSaysNothing() {
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        state.editorEnded(.refused("The editor did not start."))
        #expect(state.refusal == "The editor did not start." && state.syncStatus == nil)
        _ = state.handle(.character("j"))
        #expect(state.refusal == nil)
        state.editorEnded(nil)
        #expect(state.refusal == nil && state.syncStatus == nil)
    }
}
