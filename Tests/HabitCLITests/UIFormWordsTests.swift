import HabitLocalization
import HabitUI
import Testing

/// The words of `habit ui`'s form, category list and details (drawn on the full screen, so no
/// plain-text case shows them): each is worded in both languages, and the pages' keys say only
/// these. HabitUITests' snapshots show them in place.
@Suite struct UIFormWordsTests {
    static let keys: [MessageKey] = [
        .uiMenuEdit, .uiMenuDetails, .uiFormCreateWhat, .uiFormIrregularEvent,
        .uiFormNewHabit, .uiFormNewEvent, .uiFormEditHabit, .uiFormEditEvent, .uiFormName,
        .uiFormNamePlaceholder, .uiFormEmoji, .uiFormNone, .uiFormChoose, .uiFormTargetNone,
        .uiFormCancel, .uiFormCreate, .uiFormSave, .uiFormIncomplete, .uiFormTargetInvalid,
        .uiCategoriesEmpty, .uiCategoryAdd, .uiCategoryNew, .uiCategoryRename, .uiCategoryNamePlaceholder,
        .uiCategoryDone, .uiConfirmCategoryDelete, .uiConfirmCategoryDeleteEmpty, .uiConfirmCategoryRename, .uiConfirmCategoryRenameEmpty,
        .uiDetailsLastYear, .uiFormKeyField, .uiFormKeyOpen,
        .uiFormKeyToggle, .uiFormKeyAdjust, .uiDetailsKeyMore, .uiFormKeyClear, .uiFormKeyAddCategory, .uiFormKeyRenameCategory,
        .uiFormKeyDeleteCategory, .uiFormKeyRemoveEmoji, .uiFormKeyConfirm, .uiFormKeyBack, .uiColorRed,
        .uiColorOrange, .uiColorYellow, .uiColorGreen, .uiColorTeal, .uiColorBlue,
        .uiColorPurple, .uiColorPink, .uiColorGray,
    ]

    @Test func eachIsWordedInBothLanguages() {
        for key in Self.keys {
            let english = Messages(.english).text(key, "Health", 2, "Run")
            let russian = Messages(.russian).text(key, "Health", 2, "Run")
            #expect(!english.isEmpty && !russian.isEmpty && english != russian, "\(key)")
        }
    }

    @Test func thePagesKeysSayNothingElse() {
        // The other modes' footers (search, calendar, statistics…) use the main screen's words too.
        #expect(Set(Keymap.pages.map(\.words)).isSubset(of: Set(Self.keys).union(UIWordsTests.keys)))
    }
}
