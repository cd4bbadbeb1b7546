import HabitCore
import HabitLocalization
import HabitScreens
import HabitUI
import Testing
import TerminalUI

/// A key in, the new state out.
@Suite struct AppStateTests {
    static let today = CivilDate("2026-11-20")!

    static func day(_ text: String) -> CivilDate { CivilDate(text)! }

    static func journal() -> Journal {
        let run = Tracker(id: "run", name: "Morning run 🏃", category: "Health", schedule: .daily, emoji: "🏃",
                          start: day("2026-11-01"), log: CompletionLog([.init(day: day("2026-11-20"), mark: .done)]))
        let water = Tracker(id: "water", name: "Drink water", category: "Health", schedule: .daily, emoji: "💧",
                            start: day("2026-11-01"), measure: Measure(target: 8, unit: "glasses"))
        let read = Tracker(id: "read", name: "Read 📚", category: "Study", schedule: .daily, emoji: "📚", isPinned: true,
                           start: day("2026-11-01"))
        return Journal(settings: Settings(categories: ["Health", "Study"]), trackers: [run, water, read])
    }

    @Test func arrowsAndVimKeysMoveTheSelectionWithinTheCards() {
        var state = AppState(journal: Self.journal(), today: Self.today)
        #expect(state.selectedCard?.trackerID == "read", "Pinned comes first")
        #expect(state.handle(.character("j")) == nil)
        #expect(state.selectedCard?.trackerID == "water", "to do before done inside a section")
        _ = state.handle(KeyPress(.down))
        _ = state.handle(KeyPress(.down))
        #expect(state.selectedCard?.trackerID == "run", "the last card stays selected")
        _ = state.handle(.character("k"))
        #expect(state.selectedCard?.trackerID == "water")
    }

    @Test func daysChangeWithArrowsAndTGoesBackToToday() {
        var state = AppState(journal: Self.journal(), today: Self.today)
        _ = state.handle(.character("h"))
        #expect(state.day == Self.day("2026-11-19"))
        _ = state.handle(KeyPress(.right))
        _ = state.handle(KeyPress(.right))
        #expect(state.day == Self.day("2026-11-21"))
        _ = state.handle(.character("t"))
        #expect(state.day == Self.today)
    }

    @Test func spaceMarksAndUnmarksThroughAnEffect() {
        var state = AppState(journal: Self.journal(), today: Self.today)
        #expect(state.handle(.character(" ")) == .mark(.done, trackerID: "read", day: Self.today))
        _ = state.handle(.character("j"))
        _ = state.handle(.character("j"))
        #expect(state.handle(.character(" ")) == .mark(nil, trackerID: "run", day: Self.today), "a done card is unmarked")
        #expect(state.handle(.character("s")) == .mark(.skipped, trackerID: "run", day: Self.today))
    }

    @Test func spaceLogsAndRemovesASlipOnAHabitToQuit() {
        let smoking = Tracker(id: "smoking", name: "Smoking", category: "Health", schedule: .daily,
                              start: Self.day("2026-11-01"), isQuit: true)
        var state = AppState(journal: Journal(settings: Settings(categories: ["Health"]), trackers: [smoking]), today: Self.today)
        #expect(state.handle(.character(" ")) == .mark(.slipped, trackerID: "smoking", day: Self.today))
        let slipped = Tracker(id: "smoking", name: "Smoking", category: "Health", schedule: .daily,
                              start: Self.day("2026-11-01"), log: CompletionLog([.init(day: Self.today, mark: .slipped)]), isQuit: true)
        state = AppState(journal: Journal(settings: Settings(categories: ["Health"]), trackers: [slipped]), today: Self.today)
        #expect(state.handle(.character(" ")) == .mark(nil, trackerID: "smoking", day: Self.today), "a slip is removed")
    }

    @Test func aNumericHabitAsksTheAmountWithTheTargetPrefilled() {
        var state = AppState(journal: Self.journal(), today: Self.today)
        _ = state.handle(.character("j"))
        #expect(state.handle(.character(" ")) == nil)
        #expect(state.overlay == .amount(trackerID: "water", text: "8"))
        _ = state.handle(KeyPress(.backspace))
        _ = state.handle(.character("5"))
        #expect(state.handle(.character("q")) == nil, "q is text here, not quit")
        #expect(state.handle(KeyPress(.enter)) == .amount(5, trackerID: "water", day: Self.today))
        #expect(state.overlay == nil)
    }

    @Test func aNumericHabitOnAFutureDayIsRefusedWithoutAskingTheAmount() {
        var state = AppState(journal: Self.journal(), today: Self.today)
        _ = state.handle(.character("l"))
        _ = state.handle(.character("j"))
        #expect(state.selectedCard?.trackerID == "water")
        // The use case's own refusal (a future day), at once: no amount is typed in vain.
        #expect(state.handle(.character(" ")) == .amount(8, trackerID: "water", day: Self.day("2026-11-21")))
        #expect(state.overlay == nil)
        _ = state.handle(.character("t"))
        #expect(state.handle(.character(" ")) == nil)
        #expect(state.overlay == .amount(trackerID: "water", text: "8"), "today still asks the amount")
    }

    @Test func searchTypesIntoTheFieldAndEscClearsIt() {
        var state = AppState(journal: Self.journal(), today: Self.today)
        _ = state.handle(.character("/"))
        #expect(state.isEditingSearch)
        for character in "wat" { _ = state.handle(.character(character)) }
        #expect(state.screen.cards.map(\.trackerID) == ["water"])
        _ = state.handle(.character("q"))
        #expect(state.search == "watq" && state.screen.emptyState == .nothingFound, "q types in a text field")
        _ = state.handle(KeyPress(.escape))
        #expect(state.search.isEmpty && !state.isEditingSearch && state.screen.cards.count == 3)
        #expect(state.handle(.control("c")) == .interrupt, "Ctrl-C always quits, with status 130")
    }

    @Test func theFilterSheetChecksTheCurrentFilterAndTodayJumpsToToday() {
        var state = AppState(journal: Self.journal(), today: Self.today)
        _ = state.handle(.character("f"))
        #expect(state.overlay == .filter(highlighted: 0))
        _ = state.handle(.character("j"))
        _ = state.handle(.character("j"))
        _ = state.handle(KeyPress(.enter))
        #expect(state.filter == .completed && state.screen.cards.map(\.trackerID) == ["run"])
        _ = state.handle(.character("h"))
        _ = state.handle(.character("f"))
        _ = state.handle(.character("k"))
        _ = state.handle(KeyPress(.enter))
        #expect(state.filter == .today && state.day == Self.today)

        var empty = AppState(journal: Journal(), today: Self.today)
        _ = empty.handle(.character("f"))
        #expect(empty.overlay == nil, "no filter on a day without trackers")
    }

    @Test func eAsksForTheEditorOnTheSelectedTracker() {
        var state = AppState(journal: Self.journal(), today: Self.today)
        #expect(state.handle(.character("e")) == .edit(trackerID: "read"))
        var empty = AppState(journal: Journal(), today: Self.today)
        #expect(empty.handle(.character("e")) == nil, "no card, no editor")
    }

    @Test func tabHelpAndQuit() {
        var state = AppState(journal: Self.journal(), today: Self.today)
        _ = state.handle(KeyPress(.tab))
        #expect(state.tab == .statistics)
        #expect(state.handle(.character(" ")) == nil, "no marking on the statistics tab")
        _ = state.handle(KeyPress(.tab))
        #expect(state.tab == .trackers)
        _ = state.handle(.character("?"))
        #expect(state.overlay == .help)
        #expect(state.handle(.character("q")) == nil && state.overlay == nil, "a key closes the help")
        #expect(state.handle(.character("q")) == .quit)
    }

    @Test func aReloadKeepsTheSelectionOnTheSameTracker() {
        var state = AppState(journal: Self.journal(), today: Self.today)
        _ = state.handle(.character("j"))
        var journal = Self.journal()
        journal.trackers.append(Tracker(id: "aaa", name: "Aaa", category: "Health", schedule: .daily, start: Self.day("2026-11-01")))
        state.reload(journal, today: Self.today)
        #expect(state.selectedCard?.trackerID == "water")
    }
}

extension AppStateTests {
    /// The calendar, the week strip and the details' month start on the language's first day of
    /// the week when habit.toml sets none, and on habit.toml's when it does (issue 37).
    @Test(arguments: [(Language.ptBR, Weekday.sunday), (.ja, .sunday), (.de, .monday), (.ru, .monday)])
    func theCalendarStartsOnTheLanguagesFirstDay(language: Language, first: Weekday) {
        var state = AppState(journal: Self.journal(), today: Self.today, language: language)
        #expect(state.screen.week.first?.date.weekday == first)
        _ = state.handle(.character("g"))
        guard case .calendar(let picker)? = state.overlay else {
            Issue.record("g opens the calendar")
            return
        }
        #expect(picker.weekdays.first == first)

        var journal = Self.journal()
        journal.settings.weekStartsOn = .saturday
        var set = AppState(journal: journal, today: Self.today, language: language)
        #expect(set.screen.week.first?.date.weekday == .saturday)
        _ = set.handle(.character("g"))
        guard case .calendar(let chosen)? = set.overlay else {
            Issue.record("g opens the calendar")
            return
        }
        #expect(chosen.weekdays.first == .saturday, "habit.toml's choice wins over the language's")
    }

    @Test func theCalendarPicksADayInAnotherMonth() {
        var state = AppState(journal: Self.journal(), today: Self.today)
        _ = state.handle(.character("g"))
        guard case .calendar(let picker)? = state.overlay else {
            Issue.record("g opens the calendar")
            return
        }
        #expect(picker.selected == Self.today && picker.month == 11)
        _ = state.handle(KeyPress(.pageDown))
        _ = state.handle(.character("j"))
        _ = state.handle(.character("h"))
        #expect(state.day == Self.today, "nothing is shown before Enter")
        _ = state.handle(KeyPress(.enter))
        #expect(state.overlay == nil)
        #expect(state.day == Self.day("2026-12-26"), "20 November + a month + a week - a day")
        _ = state.handle(.character("g"))
        _ = state.handle(KeyPress(.escape))
        #expect(state.overlay == nil && state.day == Self.day("2026-12-26"))
    }
}

extension AppStateTests {
    @Test func theCardMenuPinsArchivesAndDeletesOnlyAfterYes() {
        var state = AppState(journal: Self.journal(), today: Self.today)
        _ = state.handle(KeyPress(.enter))
        #expect(state.overlay == .menu(trackerID: "read", highlighted: 0))
        #expect(state.handle(KeyPress(.enter)) == .pin(false, trackerID: "read"), "a pinned tracker is unpinned")
        _ = state.handle(.character("j"))
        _ = state.handle(KeyPress(.enter))
        // Pin, Edit, Details, Archive, Delete.
        for _ in 0..<3 { #expect(state.handle(.character("j")) == nil) }
        #expect(state.handle(KeyPress(.enter)) == .archive(trackerID: "water"))
        _ = state.handle(KeyPress(.enter))
        for _ in 0..<4 { _ = state.handle(.character("j")) }
        #expect(state.handle(KeyPress(.enter)) == nil)
        #expect(state.overlay == .confirmDelete(trackerID: "water"))
        #expect(state.handle(.character("n")) == nil && state.overlay == nil, "anything but y keeps the tracker")
        _ = state.handle(KeyPress(.enter))
        for _ in 0..<4 { _ = state.handle(.character("j")) }
        _ = state.handle(KeyPress(.enter))
        #expect(state.handle(.character("y")) == .delete(trackerID: "water"))
    }
}
