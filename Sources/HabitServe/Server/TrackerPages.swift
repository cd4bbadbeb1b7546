import HabitCore
import HabitInterchange
import HabitKit
import HabitScreens
import HabitStore
import Hummingbird

/// The pages of the card menu, the tracker form and the category picker (GET).
extension WebApp {
    /// What a tracker page starts from: the store as loaded and today.
    struct Loaded {
        let store: Store
        let today: CivilDate
        let call: Call

        /// The tracker named by a query parameter: an identifier names a loaded tracker or
        /// nothing, it never becomes a path.
        func tracker(_ name: String) -> Tracker? {
            call.request.uri.queryParameters[Substring(name)].flatMap { store.journal.tracker(id: String($0)) }
        }

        func parameter(_ name: String) -> String? { call.request.uri.queryParameters[Substring(name)].map(String.init) }

        var notFound: Response { Reply.problem(.notFound, call.text[.webNotFound], wantsJSON: false, text: call.text) }

        func bad(_ what: String) -> Response {
            Reply.problem(.badRequest, call.text[.webBadRequest] + ": " + what, wantsJSON: false, text: call.text)
        }
    }

    /// `route` with the store loaded (a store that cannot be read is a 500 page).
    private func loaded(_ call: Call, _ route: (Loaded) -> Response) -> Response {
        let store: Store
        do { store = try keeper.current() } catch {
            return Reply.problem(.internalServerError, WebRefusal.sentence(error, call.text.messages, today: nil), wantsJSON: false, text: call.text)
        }
        return route(Loaded(store: store, today: clock.today(store.settings), call: call))
    }

    /// The "+" choice (habit or event), then the form for the kind chosen.
    func newTrackerPage(_ call: Call, _ principal: Principal) -> Response {
        loaded(call) { loaded in
            let text = call.text
            guard let kindText = loaded.parameter("kind") else {
                return page(text, principal.session, title: text.words[.formNewTracker], KindChoicePage(text: text).render(), kept: true)
            }
            guard let kind = TrackerFormInput.kind(kindText) else { return loaded.notFound }
            let form = TrackerForm(kind: kind, today: loaded.today, lastUsedCategory: habits.lastUsedCategory(), categories: loaded.store.settings.categories)
            return formPage(text, principal.session, form: form, store: loaded.store, showErrors: false, kept: true)
        }
    }

    func editTrackerPage(_ call: Call, _ principal: Principal) -> Response {
        loaded(call) { loaded in
            guard let tracker = loaded.tracker("tracker") else { return loaded.notFound }
            return formPage(call.text, principal.session, form: TrackerForm(editing: tracker, today: loaded.today), store: loaded.store, showErrors: false, kept: true)
        }
    }

    func deleteTrackerPage(_ call: Call, _ principal: Principal) -> Response {
        loaded(call) { loaded in
            guard let tracker = loaded.tracker("tracker") else { return loaded.notFound }
            let session = principal.session
            return page(call.text, session, title: call.text.words[.uiMenuDelete], DeletePage(text: call.text, tracker: tracker, csrf: session.csrf).render())
        }
    }

    func detailsPage(_ call: Call, _ principal: Principal) -> Response {
        loaded(call) { loaded in
            guard let tracker = loaded.tracker("id") else { return loaded.notFound }
            var month: CivilDate? = nil
            if let monthText = loaded.parameter("month") {
                guard let parsed = CivilDate(monthText + "-01") else { return loaded.bad("month") }
                month = parsed
            }
            let details = TrackerDetails(tracker: tracker, in: loaded.store.journal, today: loaded.today, month: month, language: call.text.language)
            return page(call.text, principal.session, title: tracker.name,
                        DetailsPage(text: call.text, details: details, tracker: tracker, csrf: principal.session.csrf).render())
        }
    }

    /// A tracker's year as the details page's heatmap image.
    func yearImage(_ call: Call, _ principal: Principal) -> Response {
        loaded(call) { loaded in
            guard let tracker = loaded.tracker("id") else { return loaded.notFound }
            var year = loaded.today.year
            if let yearText = loaded.parameter("year") {
                guard let parsed = Int(yearText), (1970...loaded.today.year).contains(parsed) else { return loaded.bad("year") }
                year = parsed
            }
            let heatmap = YearHeatmap(tracker: tracker, year: year, today: loaded.today, weekStartsOn: loaded.store.settings.calendarWeekStart(in: call.text.language))
            let svg = HeatmapSVG(heatmap: heatmap, today: loaded.today, color: tracker.color,
                                 labels: HeatmapLabels(call.text.words, tracker: tracker, year: year), name: tracker.id).render()
            return Reply.image(svg)
        }
    }

    func categoriesPage(_ call: Call, _ principal: Principal) -> Response {
        loaded(call) { loaded in
            let back = loaded.parameter("back").flatMap(FormReturn.init)
            let picker = CategoryPicker(journal: loaded.store.journal, checked: nil)
            return page(call.text, principal.session, title: call.text.words[.formCategories],
                        CategoriesPage(text: call.text, picker: picker, csrf: principal.session.csrf, back: back, drafts: [:]).render(), kept: true)
        }
    }

    func deleteCategoryPage(_ call: Call, _ principal: Principal) -> Response {
        loaded(call) { loaded in
            guard let name = loaded.parameter("name"), loaded.store.settings.categories.contains(name) else { return loaded.notFound }
            let back = loaded.parameter("back").flatMap(FormReturn.init)
            let confirmation = CategoryPicker.deleteConfirmation(of: name, in: loaded.store.journal)
            return page(call.text, principal.session, title: call.text.words[.uiMenuDelete],
                        CategoryDeletePage(text: call.text, confirmation: confirmation, csrf: principal.session.csrf, back: back).render(), kept: true)
        }
    }

    /// `kept`: a page the service worker keeps for opening offline (the forms, the category
    /// picker), so, like the day, per session: never kept by a shared cache.
    func page(_ text: WebText, _ session: SessionBook.Session, title: String, _ content: String, status: HTTPResponse.Status = .ok,
              kept: Bool = false) -> Response {
        Reply.html(PageFrame(text: text, title: title, csrf: session.csrf, tab: "trackers").render(content), status: status,
                   extra: kept ? [.cacheControl: "private, no-cache"] : [:])
    }
}
