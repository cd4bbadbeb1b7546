import HabitLocalization
import HabitUI
import Testing

/// The words of `habit ui` that no plain-text case can show (they are drawn on the full screen,
/// or need a terminal a case does not have): each has its text in both languages, and the keymap's
/// words are exactly these. HabitUITests' snapshots show them in place.
@Suite struct UIWordsTests {
    static let keys: [MessageKey] = [
        .uiTitle, .uiSearch, .uiTooSmall, .uiReasonOutput, .uiReasonNoTerm, .uiKeyUp, .uiKeyDown, .uiKeyPreviousDay,
        .uiKeyNextDay, .uiKeyToday, .uiKeyMark, .uiKeySkip, .uiKeySearch, .uiKeyFilter, .uiKeyCalendar, .uiKeyMenu, .uiKeyEdit, .uiKeyAdd, .uiMenuPin, .uiMenuUnpin, .uiMenuArchive, .uiMenuDelete, .uiKeyStatistics, .uiKeyHelp,
        .uiKeyBack, .uiKeyQuit, .uiHelpTitle, .uiFilterToday, .uiFilterCompleted, .uiFilterUncompleted,
        .uiOnboardingButton, .uiOnboardingPages, .uiKeySync, .uiSyncing, .uiSyncFailed, .uiColumnStrength, .uiColumnStreaks,
        .uiNewTrackerNotDue,
    ]

    @Test func eachIsWordedInBothLanguages() {
        for key in Self.keys {
            let english = Messages(.english).text(key, 30, 10)
            let russian = Messages(.russian).text(key, 30, 10)
            #expect(!english.isEmpty && !russian.isEmpty && english != russian, "\(key)")
        }
    }

    @Test func theKeymapSaysNothingElse() {
        #expect(Set(Keymap.main.map(\.words)).isSubset(of: Set(Self.keys)))
    }
}
