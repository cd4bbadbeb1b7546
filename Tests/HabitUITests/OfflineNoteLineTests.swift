import HabitLocalization
import HabitUI
import Testing

/// Issue 40: with changes waiting, `habit ui`'s top line names the app's own key for a sync (`S`),
/// not the command line's `habit sync`; the command line and the web app each name theirs.
@Suite struct OfflineNoteLineTests {
    @Test(arguments: Language.allCases)
    func theTopLineNamesTheKey(_ language: Language) throws {
        let t = Messages(language)
        for (name, reason) in [("waiting", nil), ("failed", "unreachable") as (String, String?)] {
            var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
            state.offlineNote = t.syncNote(count: 1, reason: reason, action: .key)
            let text = ScreenSnapshotTests.render(state, language, width: 80, height: 24)
            let top = String(text.split(separator: "\n", omittingEmptySubsequences: false)[0])
            try ScreenSnapshotTests.expectSnapshot(top + "\n", named: "offline-note-\(name)-\(language.rawValue)-80x24")
            #expect(top.contains("S"))
            #expect(!top.contains("habit sync"), "the terminal app names the CLI's command: \(top)")
        }
    }

    @Test(arguments: Language.allCases)
    func eachFrontEndNamesItsOwnAction(_ language: Language) {
        let t = Messages(language)
        #expect(t.syncNote(count: 2, reason: nil, action: .command).contains("habit sync"))
        #expect(!t.syncNote(count: 2, reason: nil, action: .key).contains("habit sync"))
        let web = t.syncNote(count: 2, reason: "timeout", action: .button)
        #expect(web.contains(t[.webSyncNowHint]) && web.contains(t.syncReason("timeout")) && !web.contains("habit sync"))
    }
}
