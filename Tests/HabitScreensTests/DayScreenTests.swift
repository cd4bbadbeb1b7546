import HabitCore
import HabitScreens
import Testing

@Suite struct DayScreenTests {
    static let today = Fixtures.day("2026-11-20")  // a Friday

    @Test func theWeekStripFollowsWeekStartsOnWithTheSelectedDayAndToday() {
        let journal = Fixtures.journal([Fixtures.tracker("run", "Run")], weekStartsOn: .sunday)
        let screen = DayScreen(journal: journal, day: Fixtures.day("2026-11-18"), today: Self.today)
        #expect(screen.week.map(\.date.description) == ["2026-11-15", "2026-11-16", "2026-11-17", "2026-11-18",
                                                         "2026-11-19", "2026-11-20", "2026-11-21"])
        #expect(screen.week.first?.weekday == .sunday)
        #expect(screen.week.filter(\.isSelected).map(\.date) == [Fixtures.day("2026-11-18")])
        #expect(screen.week.filter(\.isToday).map(\.date) == [Self.today])

        let monday = DayScreen(journal: Fixtures.journal([], weekStartsOn: .monday), day: Fixtures.day("2026-11-22"), today: Self.today)
        #expect(monday.week.first?.date == Fixtures.day("2026-11-16"), "a Sunday is the last day of a Monday week")
    }

    @Test func pinnedComesFirstAndIsAbsentWhenNothingIsPinned() {
        let run = Fixtures.tracker("run", "Run")
        let read = Fixtures.tracker("read", "Read", category: "Study")
        let plain = DayScreen(journal: Fixtures.journal([read, run]), day: Self.today, today: Self.today)
        #expect(plain.sections.map(\.category) == ["Health", "Study"], "categories in their order, no Pinned section")

        var pinnedRead = read
        pinnedRead.isPinned = true
        let pinned = DayScreen(journal: Fixtures.journal([run, pinnedRead]), day: Self.today, today: Self.today)
        #expect(pinned.sections.map(\.category) == [nil, "Health"])
        #expect(pinned.sections.first?.isPinned == true)
        #expect(pinned.sections.first?.cards.map(\.trackerID) == ["read"])
    }

    /// A card counts the done days the details' "Total done" counts: a mark written after today
    /// (by hand, or on another machine whose clock is ahead) is not a day done yet.
    @Test func aCardsDoneDaysAreTheDetailsTotal() throws {
        let run = Fixtures.tracker("run", "Run", log: Fixtures.log(done: ["2026-11-19", "2026-11-20", "2026-11-21"]))
        let screen = DayScreen(journal: Fixtures.journal([run]), day: Self.today, today: Self.today)
        let card = try #require(screen.cards.first)
        #expect(card.doneDays == 2)
        #expect(card.doneDays == TrackerProgress(tracker: run, today: Self.today).completions)
    }

    @Test func cardsCarryTheDaysStateAndProgress() throws {
        let done = Fixtures.tracker("run", "Run", log: Fixtures.log(done: ["2026-11-19", "2026-11-20"]), emoji: "🏃")
        let skipped = Fixtures.tracker("yoga", "Yoga", log: Fixtures.log(skipped: ["2026-11-20"]))
        let water = Fixtures.tracker("water", "Water", log: Fixtures.log(amounts: ["2026-11-20": 3]),
                                     measure: Measure(target: 8, unit: "glasses"))
        let gym = Fixtures.tracker("gym", "Gym", schedule: .periodic(count: 3, period: .week), log: Fixtures.log(done: ["2026-11-17"]))
        let screen = DayScreen(journal: Fixtures.journal([done, skipped, water, gym]), day: Self.today, today: Self.today)
        let cards = Dictionary(uniqueKeysWithValues: screen.cards.map { ($0.trackerID, $0) })
        #expect(cards["run"]?.state == .done)
        #expect(cards["run"]?.doneDays == 2)
        #expect(cards["run"]?.emoji == "🏃")
        #expect(cards["yoga"]?.state == .skipped)
        #expect(cards["water"]?.state == .toDo)
        #expect(cards["water"]?.progress == .amount(3, of: Measure(target: 8, unit: "glasses")))
        guard case .period(let tally, .week)? = cards["gym"]?.progress else {
            Issue.record("a 3-per-week tracker shows its week: \(String(describing: cards["gym"]?.progress))")
            return
        }
        #expect(tally.done == 1 && tally.required == 3)
        #expect(tally.first == Fixtures.day("2026-11-16") && tally.last == Fixtures.day("2026-11-22"))
    }

    @Test func emptyStatesAndWhetherTheFilterIsOffered() {
        let none = DayScreen(journal: Fixtures.journal([]), day: Self.today, today: Self.today)
        #expect(none.emptyState == .nothingToTrack)
        #expect(!none.isFilterOffered, "the specs hide the filter when the day has no trackers")

        let run = Fixtures.tracker("run", "Run")
        let searched = DayScreen(journal: Fixtures.journal([run]), day: Self.today, today: Self.today, search: "swim")
        #expect(searched.emptyState == .nothingFound)
        #expect(searched.isFilterOffered)

        let completed = DayScreen(journal: Fixtures.journal([run]), day: Self.today, today: Self.today, filter: .completed)
        #expect(completed.emptyState == .nothingFound)
        let found = DayScreen(journal: Fixtures.journal([run]), day: Self.today, today: Self.today, search: "RÚN")
        #expect(found.emptyState == nil && found.cards.map(\.name) == ["Run"], "search ignores case and accents")
    }

    @Test func theFilterForTodayJumpsToToday() {
        let run = Fixtures.tracker("run", "Run", log: Fixtures.log(done: ["2026-11-18"]))
        let screen = DayScreen(journal: Fixtures.journal([run]), day: Fixtures.day("2026-11-18"), today: Self.today, filter: .today)
        #expect(screen.day == Self.today)
        #expect(screen.week.filter(\.isSelected).map(\.date) == [Self.today])
        let notDone = DayScreen(journal: Fixtures.journal([run]), day: Fixtures.day("2026-11-18"), today: Self.today, filter: .uncompleted)
        #expect(notDone.emptyState == .nothingFound, "the only tracker is done on the 18th")
    }
}
