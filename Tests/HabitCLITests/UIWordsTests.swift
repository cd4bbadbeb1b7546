import HabitCore
import HabitKit
import HabitLocalization
import HabitUI
import Testing
@testable import HabitCLI

/// The words of `habit ui` that no plain-text case can show (they are drawn on the full screen,
/// or need a terminal a case does not have): each has its text in both languages, and the keymap's
/// words are exactly these. HabitUITests' snapshots show them in place.
@Suite struct UIWordsTests {
    static let keys: [MessageKey] = [
        .uiTitle, .uiSearch, .uiTooSmall, .uiReasonOutput, .uiReasonNoTerm, .uiKeyUp, .uiKeyDown, .uiKeyPreviousDay,
        .uiKeyNextDay, .uiKeyToday, .uiKeyMark, .uiKeySkip, .uiKeySearch, .uiKeyFilter, .uiKeyCalendar, .uiKeyMenu, .uiKeyEdit, .uiKeyAdd, .uiMenuPin, .uiMenuUnpin, .uiMenuArchive, .uiMenuDelete, .uiKeyStatistics, .uiKeyHelp,
        .uiKeyBack, .uiKeyQuit, .uiHelpTitle, .uiFilterToday, .uiFilterCompleted, .uiFilterUncompleted,
        .uiOnboardingButton, .uiOnboardingPages, .uiKeySync, .uiSyncing, .uiSyncFailed, .uiNotSynced, .uiNotSyncedBecause, .uiColumnStrength, .uiColumnStreaks,
        .uiNewTrackerNotDue, .uiKeyPageUp, .uiKeyPageDown, .uiKeyFirst, .uiKeyLast, .uiKeyRepaint, .uiKeyInterrupt, .uiKeySuspend, .uiHelpMouse,
        .uiFilterActive, .uiCardSlip, .uiCardUnslip, .uiSearchKeyKeep, .uiCalendarKeyDay, .uiCalendarKeyWeek, .uiCalendarKeyMonth,
        .uiCalendarKeyShow, .uiAmountKeyType, .uiAmountKeySave, .uiStatisticsKeyScroll, .uiStatisticsKeyPage, .uiStatisticsKeyEnds,
        .uiStatisticsKeyTrackers, .uiKeyUndo, .uiSlipLogged, .uiKeyArchived, .uiArchivedTitle,
        .uiArchivedEmpty, .uiArchivedKeyUnarchive,
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

/// A refusal on the screen: a refused mark says what happened without the command line's hint
/// (its options mean nothing there); other refusals keep theirs.
@Suite struct UIRefusalWordsTests {
    static let friday = CivilDate(year: 2026, month: 11, day: 27)!

    @Test(arguments: [Language.english, .russian])
    func aRefusedMarkHasNoCommandLineHint(_ language: Language) {
        let t = Messages(language)
        let reasons: [MarkingRefusal] = [.future, .beforeStart(Self.friday), .notScheduled(WeekdaySet([Weekday.monday])), .eventAlreadyDone(Self.friday)]
        for reason in reasons {
            let words = UICommand.words(for: .markRefused(tracker: "Run", day: Self.friday, reason: reason), t)
            let (sentence, hint) = t.markRefusal(tracker: "Run", day: Self.friday, today: nil, reason: reason)
            #expect(words == sentence, "\(reason)")
            #expect(!words.contains(hint) && !words.contains("--") && !words.contains("habit "), "\(reason)")
        }
    }

    @Test func otherRefusalsKeepTheirHint() {
        let t = Messages(.english)
        #expect(UICommand.words(for: .busy(holder: "pid 7: habit done"), t).hasSuffix(t[.busyHint]))
    }
}
