import HabitCore
import HabitLocalization
import HabitScreens
import HabitStore
import Testing
@testable import HabitServe

/// Every word of the web pages comes from HabitLocalization's catalogs, in English and Russian:
/// the pages are rendered and each word is looked for in them.
@Suite struct WebWordsTests {
    static let today = CivilDate("2026-11-21")!

    /// The words the pages below must show (CatalogCoverageTests points here for the `web` keys).
    static let keys: [MessageKey] = [
        .webTrackers, .webStatistics, .webSearch, .webFilters, .webTodaysTrackers, .webCompleted, .webUncompleted,
        .webWhatShallWeTrack, .webMarkDone, .webMarkUndone, .webAmount, .webSave, .webPreviousWeek, .webNextWeek,
        .webBestStreak, .webSyncNow, .webOfflineNote, .webNotSynced, .webLastSyncFailed, .webSyncNowHint,
        .webChangeWaiting, .webTrackerWaitingToBeAdded, .webChangesWaiting, .webLogInToSend, .webChangesRefused, .webRetry, .webDiscard, .webLastUpdated,
        .webUpdateReady, .webReloadToUpdate, .webLogIn, .webToken,
        .webRemindMe, .webRemindersOn, .webRemindersTurnOff, .webRemindersBlocked, .webRemindersFailed,
        .webChangeDone, .webChangeUndone, .webChangeSkip, .webChangeSlip, .webChangeUnslip, .webChangePin, .webChangeUnpin,
        .webChangeArchive, .webChangeUnarchive, .webChangeDelete, .webChangeTrackerAdd, .webChangeTrackerEdit,
        .webChangeCategoryAdd, .webChangeCategoryRename, .webChangeCategoryDelete, .webShortcutToday,
        .webWelcomeTitle1, .webWelcomeBody1, .webWelcomeTitle2, .webWelcomeBody2, .webWelcomeTitle3, .webWelcomeBody3,
        .webWelcomeNext, .webWelcomeSkip, .webMenuSkip, .webMenuUnskip,
        .webLoginIntro, .webLoginFailed, .webTooManyLogins, .webFileHasErrors, .webFileNeverOverwritten,
        .webBadRequest, .webChangeUnusedProperty, .webNotFound, .webForbidden, .webTooLarge, .webRefused, .webDay, .webGo,
    ]

    static func pages(_ text: WebText) -> String {
        let run = Tracker(id: "run", name: "Run", category: "Health", schedule: .daily, start: CivilDate("2026-11-01")!,
                          log: CompletionLog([.init(day: today, mark: .done)]))
        let water = Tracker(id: "water", name: "Water", category: "Health", schedule: .daily, start: CivilDate("2026-11-01")!,
                            measure: Measure(target: 8, unit: "glasses"))
        // A day skipped from the card's menu: the menu offers to undo the skip.
        let read = Tracker(id: "read", name: "Read", category: "Health", schedule: .daily, start: CivilDate("2026-11-01")!,
                           log: CompletionLog([.init(day: today, mark: .skipped)]))
        let journal = Journal(trackers: [run, water, read])
        let problems = [Diagnostic(file: "trackers/x.toml", line: 2, column: 3, problem: .notAWeekday)]
        var html = ""
        // A past day: the week strip steps both ways; cards done and not, an amount, the filters.
        html += DayPage(text: text, screen: DayScreen(journal: journal, day: today.adding(days: -8), today: today),
                        csrf: "c", problems: problems).render()
        html += DayPage(text: text, screen: DayScreen(journal: journal, day: today, today: today), csrf: "c", problems: []).render()
        html += DayPage(text: text, screen: DayScreen(journal: Journal(), day: today, today: today), csrf: "c", problems: []).render()
        html += StatsPage(text: text, statistics: OverallStatistics(journal: journal, today: today)).render()
        html += SyncBar(text: text, csrf: "c").render()
        html += ReminderControl(text: text).render()
        html += PageFrame(text: text, title: "t", csrf: "c", tab: "trackers", note: WebApp.syncNote(text, count: 2, reason: "unreachable")).render("")
        for message in [nil, text[.webLoginFailed], text[.webTooManyLogins]] { html += LoginPage(text: text, message: message).html() }
        for key: MessageKey in [.webBadRequest, .webNotFound, .webForbidden, .webTooLarge] { html += Reply.problemPage(text[key], code: 400, text: text) }
        html += WebRefusal.sentence(Refusal(), text.messages, today: today)
        // The API's refusal of a change with a property its kind does not use.
        html += ChangeApplier.unused("amount", of: .archive, text)
        // The welcome pages of a phone that arrived by the QR code, each of them.
        for page in 0..<OnboardingScreen.pages.count {
            html += WelcomePage(text: text, screen: OnboardingScreen(directory: "d").turning(by: page), csrf: "c").render()
        }
        // The installed app's manifest, in the page's language (its shortcut to today).
        html += Assets.named(Assets.manifestPath(text.language))?.body ?? ""
        return html
    }

    struct Refusal: Error {}

    @Test(arguments: Language.allCases)
    func everyWordIsOnAPage(_ language: Language) {
        let text = WebText(language: language)
        let html = Self.pages(text)
        for key in Self.keys {
            let word = key == .webNotSynced ? text.messages.text(key, 2)
                : key == .webChangeUnusedProperty ? text.messages.text(key, "amount", "archive") : text[key]
            #expect(html.contains(HTML.escape(word)), "\(language): \(key) “\(word)” is on no page")
        }
        #expect(html.contains(text.messages.syncReason("unreachable")))
        // The Russian pages hold no English word of the catalog.
        if language == .russian {
            for key in Self.keys { #expect(!html.contains(">" + HTML.escape(WebText(language: .english)[key]) + "<"), "\(key)") }
        }
    }

    /// The average is the figure `habit stats`, `habit ui` and the report show: one decimal, the language's separator.
    @Test func theAverageIsWrittenAsTheOtherScreensWriteIt() {
        let statistics = OverallStatistics(trackersCompleted: 7, trackedDays: 4)
        let russian = StatsPage(text: WebText(language: .russian), statistics: statistics).render()
        #expect(russian.contains("<b>\(Messages(.russian).decimal(statistics.average))</b>"))
        #expect(russian.contains("<b>1,8</b>"))
        let english = StatsPage(text: WebText(language: .english), statistics: OverallStatistics(trackersCompleted: 8, trackedDays: 4)).render()
        #expect(english.contains("<b>2.0</b>"))
    }

    @Test func everyWebWordIsListed() {
        #expect(Set(MessageKey.allCases.filter { "\($0)".hasPrefix("web") }) == Set(Self.keys))
    }
}
