import HabitCore
import HabitKit
import HabitScreens
import HabitStore
import TestSupport
import Testing

@Suite struct CategoryPickerTests {
    @Test func theCategoriesInOrderWithTheirTrackersAndTheCheckedOne() throws {
        let (scratch, store) = try Fixtures.examplesStore()
        _ = scratch
        let picker = CategoryPicker(journal: store.journal, checked: "Study")
        #expect(picker.rows.map(\.name) == ["Health", "Study", "Home"])
        let counts = Dictionary(grouping: store.journal.trackers, by: \.category).mapValues(\.count)
        #expect(picker.rows.map(\.trackerCount) == ["Health", "Study", "Home"].map { counts[$0] ?? 0 })
        #expect(picker.rows.map(\.trackerCount).reduce(0, +) == 6)
        #expect(picker.rows.filter(\.isChecked).map(\.name) == ["Study"] && picker.checked == "Study")
        #expect(!picker.isPlaceholder)
        #expect(CategoryPicker(journal: store.journal, checked: "Gone").checked == nil, "a category that is gone is not checked")
    }

    @Test func thePlaceholderWhenThereIsNoCategory() {
        let picker = CategoryPicker(journal: Fixtures.journal([], categories: []), checked: nil)
        #expect(picker.isPlaceholder && picker.rows.isEmpty && picker.checked == nil)
    }

    @Test func doneIsEnabledOnlyForANameHabitKitAccepts() throws {
        let (scratch, store) = try Fixtures.examplesStore()
        _ = scratch
        let empty = CategoryPicker.addDraft("", in: store.journal)
        #expect(!empty.isDoneEnabled && !empty.showsRefusal)
        #expect(!CategoryPicker.addDraft("   ", in: store.journal).isDoneEnabled, "spaces are no character")
        #expect(CategoryPicker.addDraft("W", in: store.journal).isDoneEnabled)
        let taken = CategoryPicker.addDraft("health", in: store.journal)
        #expect(taken.refusal == .taken && !taken.isDoneEnabled && taken.showsRefusal)
        #expect(CategoryPicker.addDraft(String(repeating: "x", count: 39), in: store.journal).refusal == .invalid(.tooLong(count: 39)))
        #expect(CategoryPicker.addDraft("a\u{7}b", in: store.journal).refusal == .invalid(.controlCharacter))

        #expect(CategoryPicker.renameDraft(of: "Health", "HEALTH", in: store.journal).isDoneEnabled, "its own name in another case")
        #expect(CategoryPicker.renameDraft(of: "Health", "study", in: store.journal).refusal == .taken)
        #expect(CategoryPicker.renameDraft(of: "Health", "Body", in: store.journal).isDoneEnabled)
    }

    @Test func theDraftAgreesWithTheUseCase() throws {
        let (scratch, _) = try Fixtures.examplesStore()
        let habits = Habits(directory: DataDirectory(path: scratch.sub("data")), cache: nil, clock: { 1_795_000_000 })
        for name in ["Health", "  ", "Work", String(repeating: "y", count: 39)] {
            let accepted = (try? habits.read()).map { CategoryPicker.addDraft(name, in: $0.journal).isDoneEnabled } ?? false
            var added = true
            do { try habits.addCategory(name) } catch { added = false }
            #expect(accepted == added, "\(name)")
        }
    }

    @Test func whatARenameAndADeleteDoToTheTrackers() throws {
        let (scratch, store) = try Fixtures.examplesStore()
        _ = scratch
        let health = store.journal.trackers.filter { $0.category == "Health" }.map(\.name)
        #expect(!health.isEmpty)
        let delete = CategoryPicker.deleteConfirmation(of: "Health", in: store.journal)
        #expect(delete.trackers == health && delete.action == .delete && delete.losesData)
        let rename = CategoryPicker.renameConfirmation(of: "Health", to: " Body ", in: store.journal)
        #expect(rename.action == .rename(to: "Body") && rename.trackers == health && !rename.losesData)
    }
}
