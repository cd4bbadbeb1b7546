import HabitCore
import HabitLocalization
import HabitScreens
import Testing

/// Calendars start on the reader's language's first day of the week, unless habit.toml's
/// `week_starts_on` says otherwise (issue 37).
@Suite struct CalendarWeekStartTests {
    static let today = Fixtures.day("2026-11-18")  // a Wednesday; 1 November 2026 is a Sunday

    /// A journal whose habit.toml does not set `week_starts_on`.
    static func journal(weekStartsOn: Weekday? = nil) -> Journal {
        Journal(settings: Settings(categories: ["Health"], weekStartsOn: weekStartsOn),
                trackers: [Fixtures.tracker("run", "Run")])
    }

    @Test(arguments: [(Language.ptBR, Weekday.sunday), (.ja, .sunday), (.de, .monday), (.ru, .monday), (.en, .monday)])
    func theLanguagesFirstDayBeginsEveryCalendar(language: Language, first: Weekday) throws {
        let journal = Self.journal()
        #expect(journal.settings.calendarWeekStart(in: language) == first)

        let screen = DayScreen(journal: journal, day: Self.today, today: Self.today, language: language)
        #expect(screen.week.first?.date.weekday == first)
        #expect(screen.week.contains { $0.date == Self.today })

        let tracker = try #require(journal.tracker(id: "run"))
        let details = TrackerDetails(tracker: tracker, in: journal, today: Self.today, language: language)
        #expect(details.month.weekdays.first == first)
        let firstRow = try #require(details.month.weeks.first)
        #expect(firstRow.count == 7)

        let picker = CalendarPicker(selected: Self.today, today: Self.today, weekStartsOn: journal.settings.calendarWeekStart(in: language))
        #expect(picker.weekdays.first == first)
        // 1 November 2026 is a Sunday: the first cell of a Sunday-first grid, the last of a Monday-first one.
        #expect(picker.weeks[0][first == .sunday ? 0 : 6]?.date == Fixtures.day("2026-11-01"))
    }

    @Test(arguments: [Language.ptBR, .ja, .de, .ru])
    func habitTomlsWeekStartWinsOverTheLanguages(language: Language) {
        for setting in [Weekday.monday, .sunday, .saturday] {
            let journal = Self.journal(weekStartsOn: setting)
            #expect(journal.settings.calendarWeekStart(in: language) == setting)
            let screen = DayScreen(journal: journal, day: Self.today, today: Self.today, language: language)
            #expect(screen.week.first?.date.weekday == setting)
        }
    }

    @Test func statisticsWeeksIgnoreTheLanguage() {
        // "3 per week" and forgiven misses count in weeks from the setting, else Monday, so the
        // same files count the same whatever language reads them.
        #expect(Settings().weekStartsOn == .monday)
        #expect(Settings(weekStartsOn: .sunday).weekStartsOn == .sunday)
        #expect(Settings().calendarWeekStart(in: .ptBR) == .sunday)
    }
}
