import HabitLocalization
import Testing

/// The words of `habit serve`'s card menu, tracker form, category picker and details page: they
/// are shown in a browser, never by a command, so no plain-text case can produce them. Each has
/// its text in both languages; Tests/HabitServeTests/Scripts/browser_test.py sees them in place.
@Suite struct FormWordsTests {
    static let keys: [MessageKey] = [
        .formNewTracker, .formNewHabit, .formNewEvent, .formEditTracker, .formKindHabit, .formKindEvent, .formName,
        .formNamePlaceholder, .formNoCategories, .formAddCategory, .formCategoryPlaceholder, .formCategories, .formRename,
        .formScheduleDays, .formScheduleWeek, .formScheduleMonth, .formScheduleEvery, .formTimes, .formEveryDays,
        .formTargetHint, .formUnit, .formAtLeast, .formAtMost, .formEmoji, .formNone, .formCreate, .formCancel, .formEdit,
        .formDetails, .formMenu, .formNeedsCategory, .formNeedsSchedule, .formInvalidTarget, .formPreviousMonth,
        .formNextMonth, .formLogSlip, .formRemoveSlip, .formCleanDays, .formYear, .formMarksLost,
    ]

    @Test func eachIsWordedInBothLanguages() {
        for key in Self.keys {
            let english = Messages(.english).text(key, 3)
            let russian = Messages(.russian).text(key, 3)
            // "Emoji" is the same word in both.
            #expect(!english.isEmpty && !russian.isEmpty && (english != russian || key == .formEmoji), "\(key)")
        }
    }

    @Test func everyFormWordIsListed() {
        let listed = Set(Self.keys)
        #expect(MessageKey.allCases.filter { $0.rawValue.hasPrefix("form") && !listed.contains($0) }.isEmpty)
    }
}
