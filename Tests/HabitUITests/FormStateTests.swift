import HabitCore
import HabitScreens
import HabitUI
import Testing
import TerminalUI

/// A key in, the new state out: the add and edit form, the category picker, the card menu's edit
/// and details.
@Suite struct FormStateTests {
    static let today = AppStateTests.today

    static func type(_ text: String, into state: inout AppState) {
        for character in text { #expect(state.handle(.character(character)) == nil) }
    }

    static func flow(_ state: AppState) -> FormFlow? {
        if case .form(let flow) = state.overlay { return flow }
        return nil
    }

    static func press(_ key: Key, _ count: Int = 1, in state: inout AppState) {
        for _ in 0..<count { _ = state.handle(KeyPress(key)) }
    }

    @Test func aOpensTheChoiceOfAHabitOrAnEventThenTheForm() throws {
        var state = AppState(journal: AppStateTests.journal(), today: Self.today)
        state.lastUsedCategory = "Study"
        _ = state.handle(.character("a"))
        #expect(Self.flow(state)?.page == .kind(highlighted: 0))
        _ = state.handle(KeyPress(.down))
        _ = state.handle(KeyPress(.enter))
        let flow = try #require(Self.flow(state))
        #expect(flow.form.kind == .event && flow.page == .fields && flow.focus == .name)
        #expect(flow.form.category == "Study", "the last-used category is checked")
        #expect(!flow.fields.contains(.schedule) && !flow.fields.contains(.target), "an event has no schedule")
        _ = state.handle(KeyPress(.escape))
        #expect(state.overlay == nil, "Esc cancels")
    }

    @Test func theNameErrorShowsAsYouTypeAndCreateStaysDisabled() throws {
        var state = AppState(journal: AppStateTests.journal(), today: Self.today)
        _ = state.handle(.character("a"))
        _ = state.handle(KeyPress(.enter))
        Self.type(String(repeating: "q", count: 39), into: &state)
        var flow = try #require(Self.flow(state))
        #expect(flow.form.name.count == 39, "q types a letter in a text field")
        #expect(flow.form.check(in: state.journal).nameRefusal == .invalid(.tooLong(count: 39)))
        _ = state.handle(KeyPress(.backspace))
        flow = try #require(Self.flow(state))
        #expect(flow.form.check(in: state.journal).nameRefusal == nil)
        _ = state.handle(.control("u"))
        #expect(Self.flow(state)?.form.name == "", "Ctrl-U clears the field (the specs' clear icon)")
        Self.type("Stretch 🧘", into: &state)
        // Create is disabled: Enter on it does nothing until a category and a schedule are set.
        Self.press(.down, 7, in: &state)
        #expect(Self.flow(state)?.focus == .submit)
        #expect(state.handle(KeyPress(.enter)) == nil)
        #expect(Self.flow(state) != nil)
    }

    @Test func aCompleteFormCreatesThroughAnEffectAndClosesWhenDone() throws {
        var state = AppState(journal: AppStateTests.journal(), today: Self.today)
        _ = state.handle(.character("a"))
        _ = state.handle(KeyPress(.enter))
        Self.type("Stretch 🧘", into: &state)
        // The category list: Health, Study, then "Add category".
        Self.press(.down, in: &state)
        _ = state.handle(KeyPress(.enter))
        #expect(Self.flow(state)?.page == .categories(highlighted: 0))
        Self.press(.down, in: &state)
        _ = state.handle(KeyPress(.enter))
        #expect(Self.flow(state)?.form.category == "Study" && Self.flow(state)?.page == .fields)
        // The schedule: every weekday on is "Every day".
        Self.press(.down, in: &state)
        _ = state.handle(KeyPress(.enter))
        for _ in 0..<7 {
            _ = state.handle(.character(" "))
            Self.press(.down, in: &state)
        }
        #expect(Self.flow(state)?.form.isEveryDay == true)
        Self.press(.escape, in: &state)
        // The target: digits only.
        Self.press(.down, in: &state)
        Self.type("8x", into: &state)
        #expect(Self.flow(state)?.form.measure == Measure(target: 8) && Self.flow(state)?.targetText == "8")
        // The emoji: the second of the first row; the colour: the third.
        Self.press(.down, in: &state)
        _ = state.handle(KeyPress(.enter))
        Self.press(.right, in: &state)
        _ = state.handle(KeyPress(.enter))
        #expect(Self.flow(state)?.form.emoji == FormPalette.emojis[1])
        Self.press(.down, in: &state)
        _ = state.handle(KeyPress(.enter))
        Self.press(.down, 2, in: &state)
        _ = state.handle(KeyPress(.enter))
        #expect(Self.flow(state)?.form.color == FormPalette.colors[2])
        Self.press(.down, 2, in: &state)
        let form = try #require(Self.flow(state)?.form)
        #expect(form.check(in: state.journal).canSubmit)
        let effect = state.handle(KeyPress(.enter))
        #expect(effect == .create(form))
        #expect(Self.flow(state) != nil, "the form stays until HabitKit made the change (a refusal keeps it)")
        state.finished(try #require(effect))
        #expect(state.overlay == nil && state.lastUsedCategory == "Study")
    }

    /// The main screen after the form created a habit on Mondays called `name`, as HabitKit adds
    /// it; the day shown (`today`) is a Friday.
    static func afterCreatingAMondayHabit(named name: String) throws -> AppState {
        var state = AppState(journal: AppStateTests.journal(), today: today)
        _ = state.handle(.character("a"))
        _ = state.handle(KeyPress(.enter))
        var form = try #require(flow(state)?.form)
        form.name = name
        var journal = AppStateTests.journal()
        journal.trackers.append(Tracker(id: "swim", name: name, category: "Health", schedule: .weekly(WeekdaySet([.monday])),
                                        start: today))
        state.reload(journal, today: today)
        state.finished(.create(form))
        return state
    }

    @Test func aNewTrackerNotDueOnTheDayShownSaysWhereItWent() throws {
        var state = try Self.afterCreatingAMondayHabit(named: "Swim")
        #expect(state.overlay == nil)
        #expect(state.newTrackerNotDue?.name == "Swim" && state.newTrackerNotDue?.day == Self.today)
        _ = state.handle(.character("j"))
        #expect(state.newTrackerNotDue == nil, "said until the next key")

        // Due on the day shown: its card is selected, nothing more is said.
        _ = state.handle(.character("a"))
        _ = state.handle(KeyPress(.enter))
        var daily = try #require(Self.flow(state)?.form)
        daily.name = "Stretch"
        var journal = state.journal
        journal.trackers.append(Tracker(id: "stretch", name: "Stretch", category: "Health", schedule: .daily, start: Self.today))
        state.reload(journal, today: Self.today)
        state.finished(.create(daily))
        #expect(state.newTrackerNotDue == nil && state.selectedCard?.trackerID == "stretch")
    }

    @Test func addingACategoryNeedsACharacterAndANameNotTaken() throws {
        var state = AppState(journal: AppStateTests.journal(), today: Self.today)
        _ = state.handle(.character("a"))
        _ = state.handle(KeyPress(.enter))
        Self.press(.down, in: &state)
        _ = state.handle(KeyPress(.enter))
        _ = state.handle(.character("a"))
        guard case .categoryName(let empty)? = Self.flow(state)?.page else { Issue.record("no name field"); return }
        #expect(!empty.isDoneEnabled)
        #expect(state.handle(KeyPress(.enter)) == nil, "Done is disabled")
        Self.type("health", into: &state)
        #expect(state.handle(KeyPress(.enter)) == nil, "a category of that name exists")
        _ = state.handle(.control("u"))
        Self.type(" Work ", into: &state)
        let effect = state.handle(KeyPress(.enter))
        #expect(effect == .addCategory("Work"))
        var journal = AppStateTests.journal()
        journal.settings.categories.append("Work")
        state.reload(journal, today: Self.today)
        state.finished(try #require(effect))
        let flow = try #require(Self.flow(state))
        #expect(flow.page == .categories(highlighted: 2) && flow.form.category == nil, "the new category is listed, not checked")
    }

    @Test func renamingOrDeletingACategoryAsksFirst() throws {
        var state = AppState(journal: AppStateTests.journal(), today: Self.today)
        state.lastUsedCategory = "Health"
        _ = state.handle(.character("a"))
        _ = state.handle(KeyPress(.enter))
        Self.press(.down, in: &state)
        _ = state.handle(KeyPress(.enter))
        _ = state.handle(.character("e"))
        _ = state.handle(.control("u"))
        Self.type("Body", into: &state)
        #expect(state.handle(KeyPress(.enter)) == nil)
        guard case .confirmCategory(let rename)? = Self.flow(state)?.page else { Issue.record("no question"); return }
        #expect(rename.action == .rename(to: "Body") && rename.trackers == ["Morning run 🏃", "Drink water"])
        let effect = state.handle(.character("y"))
        #expect(effect == .renameCategory("Health", to: "Body"))
        state.finished(try #require(effect))
        #expect(Self.flow(state)?.form.category == "Body", "the form follows the rename")

        _ = state.handle(.character("d"))
        guard case .confirmCategory(let delete)? = Self.flow(state)?.page else { Issue.record("no question"); return }
        #expect(delete.losesData)
        #expect(state.handle(.character("n")) == nil, "only y deletes")
        _ = state.handle(.character("d"))
        let removal = state.handle(.character("y"))
        #expect(removal == .removeCategory("Health"))
    }

    @Test func theCardMenuEditsWithTheFormAndWarnsOfDroppedMarks() throws {
        var state = AppState(journal: AppStateTests.journal(), today: Self.today)
        // The selection is "Read 📚" (pinned, first); move to "Morning run 🏃", marked on the 20th.
        Self.press(.down, 2, in: &state)
        #expect(state.selectedCard?.trackerID == "run")
        _ = state.handle(KeyPress(.enter))
        Self.press(.down, in: &state)
        _ = state.handle(KeyPress(.enter))
        var flow = try #require(Self.flow(state))
        #expect(flow.isEditing && flow.form.name == "Morning run 🏃" && flow.fields.contains(.start))
        // To the start field, then 20 days later: the mark of the 20th is dropped.
        while Self.flow(state)?.focus != .start { Self.press(.down, in: &state) }
        Self.press(.right, 20, in: &state)
        flow = try #require(Self.flow(state))
        #expect(flow.form.start == CivilDate("2026-11-21")!)
        Self.press(.down, 2, in: &state)
        #expect(state.handle(KeyPress(.enter)) == nil)
        #expect(Self.flow(state)?.page == .confirmDrop(count: 1))
        let effect = state.handle(.character("y"))
        guard case .save(let form, let dropping)? = effect else { Issue.record("no save"); return }
        #expect(dropping == 1 && form.changes(in: state.journal)?.start == .some(CivilDate("2026-11-21")!))
    }

    @Test func detailsShowTheTrackersMonthAndArrowsChangeIt() throws {
        var state = AppState(journal: AppStateTests.journal(), today: Self.today)
        _ = state.handle(KeyPress(.enter))
        Self.press(.down, 2, in: &state)
        _ = state.handle(KeyPress(.enter))
        guard case .details(let details)? = state.overlay else { Issue.record("no details"); return }
        #expect(details.trackerID == "read" && details.month.month == 11)
        _ = state.handle(KeyPress(.left))
        guard case .details(let october)? = state.overlay else { Issue.record("no details"); return }
        #expect(october.month.month == 10 && october.month.year == 2026)
        _ = state.handle(.character("l"))
        _ = state.handle(.character("l"))
        guard case .details(let december)? = state.overlay else { Issue.record("no details"); return }
        #expect(december.month.month == 12)
        _ = state.handle(KeyPress(.escape))
        #expect(state.overlay == nil)
    }

    @Test func detailsFollowChangesMadeOutsideAndCloseWhenTheTrackerIsGone() throws {
        var state = AppState(journal: AppStateTests.journal(), today: Self.today)
        _ = state.handle(KeyPress(.enter))
        Self.press(.down, 2, in: &state)
        _ = state.handle(KeyPress(.enter))
        _ = state.handle(KeyPress(.left))
        guard case .details(let before)? = state.overlay else { Issue.record("no details"); return }
        #expect(before.doneDays == 0)
        var journal = AppStateTests.journal()
        journal.trackers[2].log = CompletionLog([.init(day: Self.today, mark: .done)])
        state.reload(journal, today: Self.today)
        guard case .details(let after)? = state.overlay else { Issue.record("no details"); return }
        #expect(after.doneDays == 1 && after.month.month == 10, "the figures follow; the month shown stays")
        journal.trackers.remove(at: 2)
        state.reload(journal, today: Self.today)
        #expect(state.overlay == nil)
    }

    @Test func aSavedEditClosesTheFormAndARefusalKeepsIt() throws {
        var state = AppState(journal: AppStateTests.journal(), today: Self.today)
        _ = state.handle(KeyPress(.enter))
        Self.press(.down, in: &state)
        _ = state.handle(KeyPress(.enter))
        Self.type("!", into: &state)
        while Self.flow(state)?.focus != .submit { Self.press(.down, in: &state) }
        let result = state.handle(KeyPress(.enter))
        let effect = try #require(result)
        guard case .save(let form, 0) = effect else { Issue.record("no save"); return }
        #expect(form.changes(in: state.journal)?.name == "Read 📚!")
        #expect(Self.flow(state)?.form.name == "Read 📚!", "until HabitKit made it, the form stays (a refusal keeps what was typed)")
        state.finished(effect)
        #expect(state.overlay == nil)
    }
}
