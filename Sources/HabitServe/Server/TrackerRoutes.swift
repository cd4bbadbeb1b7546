import HabitCore
import HabitInterchange
import HabitKit
import HabitLocalization
import HabitScreens
import HabitStore
import Hummingbird

/// The addresses of the card menu, the tracker form and the category picker.
enum TrackerRoutes {
    /// Pages (GET): the "+" choice and the form, the delete confirmation, the details, the categories.
    static let pages: Set<String> = ["/new", "/edit", "/delete", "/tracker", "/tracker/year.svg", "/categories", "/category/delete"]
    /// Changes (POST, Origin and CSRF checked first): each one HabitKit use case, one commit.
    static let changes: Set<String> = [
        "/new", "/edit", "/pin", "/archive", "/delete", "/form/check", "/form/category", "/category/add", "/category/rename", "/category/delete",
    ]
    /// Longest text a field of these forms takes (a name is 38 characters; this bounds the work).
    static let maximumField = 400
}

extension WebApp {
    func trackerPage(_ call: Call, path: String, session: SessionBook.Session) -> Response {
        let text = call.text
        let store: Store
        do { store = try keeper.current() } catch { return Reply.problem(.internalServerError, WebRefusal.sentence(error, text.messages, today: nil), wantsJSON: false, text: text) }
        let today = clock.today(store.settings)
        let parameters = call.request.uri.queryParameters
        func tracker(_ name: String) -> Tracker? {
            // An identifier names a loaded tracker or nothing: it never becomes a path.
            parameters[Substring(name)].flatMap { store.journal.tracker(id: String($0)) }
        }
        let notFound = Reply.problem(.notFound, text[.webNotFound], wantsJSON: false, text: text)
        switch path {
        case "/new":
            guard let kindText = parameters["kind"] else { return page(text, session, title: text.words[.formNewTracker], KindChoicePage(text: text).render()) }
            guard let kind = TrackerFormInput.kind(String(kindText)) else { return notFound }
            let form = TrackerForm(kind: kind, today: today, lastUsedCategory: habits.lastUsedCategory(), categories: store.settings.categories)
            return formPage(text, session, form: form, store: store, showErrors: false)
        case "/edit":
            guard let tracker = tracker("tracker") else { return notFound }
            return formPage(text, session, form: TrackerForm(editing: tracker, today: today), store: store, showErrors: false)
        case "/delete":
            guard let tracker = tracker("tracker") else { return notFound }
            return page(text, session, title: text.words[.uiMenuDelete], DeletePage(text: text, tracker: tracker, csrf: session.csrf).render())
        case "/tracker":
            guard let tracker = tracker("id") else { return notFound }
            var month: CivilDate? = nil
            if let monthText = parameters["month"] {
                guard let parsed = CivilDate(String(monthText) + "-01") else { return Reply.problem(.badRequest, text[.webBadRequest] + ": month", wantsJSON: false, text: text) }
                month = parsed
            }
            let details = TrackerDetails(tracker: tracker, in: store.journal, today: today, month: month, language: text.language)
            return page(text, session, title: tracker.name, DetailsPage(text: text, details: details, tracker: tracker, csrf: session.csrf).render())
        case "/tracker/year.svg":
            guard let tracker = tracker("id") else { return notFound }
            var year = today.year
            if let yearText = parameters["year"] {
                guard let parsed = Int(String(yearText)), (1970...today.year).contains(parsed) else {
                    return Reply.problem(.badRequest, text[.webBadRequest] + ": year", wantsJSON: false, text: text)
                }
                year = parsed
            }
            let heatmap = YearHeatmap(tracker: tracker, year: year, today: today, weekStartsOn: store.settings.calendarWeekStart(in: text.language))
            let svg = HeatmapSVG(heatmap: heatmap, today: today, color: tracker.color,
                                 labels: HeatmapLabels(text.words, tracker: tracker, year: year), name: tracker.id).render()
            return Reply.image(svg)
        case "/categories":
            let back = parameters["back"].map(String.init).flatMap(FormReturn.init)
            let picker = CategoryPicker(journal: store.journal, checked: nil)
            return page(text, session, title: text.words[.formCategories],
                        CategoriesPage(text: text, picker: picker, csrf: session.csrf, back: back, drafts: [:]).render())
        case "/category/delete":
            guard let name = parameters["name"].map(String.init), store.settings.categories.contains(name) else { return notFound }
            let back = parameters["back"].map(String.init).flatMap(FormReturn.init)
            let confirmation = CategoryPicker.deleteConfirmation(of: name, in: store.journal)
            return page(text, session, title: text.words[.uiMenuDelete],
                        CategoryDeletePage(text: text, confirmation: confirmation, csrf: session.csrf, back: back).render())
        default:
            return notFound
        }
    }

    func trackerChange(_ call: Call, path: String, form: FormBody, session: SessionBook.Session) -> Response {
        let text = call.text
        func bad(_ what: String, _ status: HTTPResponse.Status = .badRequest) -> Response {
            Reply.problem(status, text[.webBadRequest] + ": " + what, wantsJSON: call.wantsJSON, text: text)
        }
        func refused(_ error: any Error) -> Response {
            Reply.problem(.conflict, WebRefusal.sentence(error, text.messages, today: nil), wantsJSON: call.wantsJSON, text: text)
        }
        guard form.fields.values.allSatisfy({ $0.utf8.count <= TrackerRoutes.maximumField }) else { return bad("field", .contentTooLarge) }
        // A copy of its own, which the use cases edit (the kept one is read by other requests).
        let store: Store
        do { store = try keeper.current().copy() } catch { return Reply.problem(.internalServerError, WebRefusal.sentence(error, text.messages, today: nil), wantsJSON: call.wantsJSON, text: text) }
        let today = clock.today(store.settings)
        let tracker = form["tracker"].flatMap { store.journal.tracker(id: $0) }
        switch path {
        case "/pin":
            guard let tracker, let pinned = form["pinned"].flatMap(Bool.init) else { return bad("tracker, pinned") }
            do { try habits.setPinned(pinned, tracker.id, reusing: store) } catch { return refused(error) }
            if call.wantsJSON { return Reply.json([("ok", .bool(true)), ("pinned", .bool(pinned))]) }
            if form["return"] == "details" { return Reply.redirect("/tracker?id=" + HTML.query(tracker.id)) }
            return Reply.redirect("/" + (form["date"].flatMap(CivilDate.init).map { "?date=\($0)" } ?? ""))
        case "/archive":
            guard let tracker, let archived = form["archived"].flatMap(Bool.init) else { return bad("tracker, archived") }
            do { try habits.setArchived(archived, tracker.id, reusing: store) } catch { return refused(error) }
            if call.wantsJSON { return Reply.json([("ok", .bool(true)), ("archived", .bool(archived))]) }
            return Reply.redirect("/" + (form["date"].flatMap(CivilDate.init).map { "?date=\($0)" } ?? ""))
        case "/delete":
            guard let tracker else { return bad("tracker", .notFound) }
            do { try habits.removeTracker(tracker.id, reusing: store) } catch { return refused(error) }
            if call.wantsJSON { return Reply.json([("ok", .bool(true))]) }
            return Reply.redirect("/")
        case "/new", "/edit", "/form/check", "/form/category":
            // Create never edits: only /edit and the form's own requests name the tracker edited.
            let editing = path == "/new" ? nil : tracker
            if path == "/edit" || (path != "/new" && form["tracker"].map({ !$0.isEmpty }) == true), editing == nil { return bad("tracker", .notFound) }
            guard let input = TrackerFormInput(form, store: store, editing: editing, today: today) else { return bad("kind") }
            if path == "/form/check" { return checkReply(text, input: input, store: store) }
            if path == "/form/category" { return addCategoryFromForm(call, session, input: input, store: store) }
            return saveForm(call, session, input: input, store: store)
        case "/category/add", "/category/rename":
            let back = form["back"].flatMap(FormReturn.init)
            let name = form["name"] ?? ""
            do {
                if path == "/category/add" {
                    try habits.addCategory(name, reusing: store)
                } else {
                    guard let old = form["category"], store.settings.categories.contains(old) else { return bad("category", .notFound) }
                    try habits.renameCategory(old, to: name, reusing: store)
                }
            } catch {
                // The picker again, with HabitKit's refusal under the field that was typed in.
                let key = path == "/category/add" ? "" : (form["category"] ?? "")
                let draft = key.isEmpty ? CategoryPicker.addDraft(name, in: store.journal) : CategoryPicker.renameDraft(of: key, name, in: store.journal)
                let words = draft.refusal.map { FormErrors.category($0, name: name, words: text.words) } ?? WebRefusal.sentence(error, text.words, today: nil)
                let picker = CategoryPicker(journal: store.journal, checked: nil)
                let content = CategoriesPage(text: text, picker: picker, csrf: session.csrf, back: back,
                                             drafts: [key: (name, words)]).render()
                return page(text, session, title: text.words[.formCategories], content, status: .unprocessableContent)
            }
            return Reply.redirect("/categories" + (back.map { "?back=" + HTML.query($0.query) } ?? ""))
        case "/category/delete":
            guard let name = form["category"], store.settings.categories.contains(name) else { return bad("category", .notFound) }
            do { try habits.removeCategory(name, reusing: store) } catch { return refused(error) }
            let back = form["back"].flatMap(FormReturn.init)
            return Reply.redirect("/categories" + (back.map { "?back=" + HTML.query($0.query) } ?? ""))
        default:
            return bad(path, .notFound)
        }
    }

    // MARK: the form

    private func formPage(_ text: WebText, _ session: SessionBook.Session, form: TrackerForm, store: Store, showErrors: Bool,
                          categoryDraft: (String, String?)? = nil, status: HTTPResponse.Status = .ok) -> Response {
        let content = TrackerFormPage(text: text, form: form, check: form.check(in: store), journal: store.journal, csrf: session.csrf,
                                      showErrors: showErrors, categoryDraft: categoryDraft).render()
        let title = text.words[form.editing != nil ? .formEditTracker : (form.kind == .habit ? .formNewHabit : .formNewEvent)]
        return page(text, session, title: title, content, status: status)
    }

    /// What the rules say of the form as it is being filled in (the script asks as you type).
    private func checkReply(_ text: WebText, input: TrackerFormInput, store: Store) -> Response {
        let check = input.form.check(in: store)
        let words = text.words
        return Reply.json([
            ("ok", .bool(true)), ("canSubmit", .bool(check.canSubmit)),
            ("name", .string(check.nameRefusal.map { FormErrors.name($0, words: words) } ?? "")),
            ("category", .string(check.needsCategory ? words[.formNeedsCategory] : "")),
            ("schedule", .string(check.needsSchedule ? words[.formNeedsSchedule] : "")),
            ("target", .string(check.invalidTarget ? words[.formInvalidTarget] : "")),
            ("summary", .string(input.form.resolvedSchedule.map { words.scheduleSummary($0) } ?? "")),
        ])
    }

    /// "Add category" inside the form: `habit category add`, then the same form again with the
    /// new category in the list, unchecked (the specs), and everything typed kept.
    private func addCategoryFromForm(_ call: Call, _ session: SessionBook.Session, input: TrackerFormInput, store: Store) -> Response {
        let name = input.newCategory
        do {
            try habits.addCategory(name, reusing: store)
        } catch {
            let refusal = CategoryPicker.addDraft(name, in: store.journal).refusal
            let words = refusal.map { FormErrors.category($0, name: name, words: call.text.words) } ?? WebRefusal.sentence(error, call.text.messages, today: nil)
            return formPage(call.text, session, form: input.form, store: store, showErrors: false,
                            categoryDraft: (name, words), status: .unprocessableContent)
        }
        guard let fresh = try? keeper.current() else { return Reply.redirect("/") }
        return formPage(call.text, session, form: input.form, store: fresh, showErrors: false)
    }

    /// Create (`habit add`) or Save (`habit edit`): refused with the errors shown while the form
    /// is incomplete, whatever the page's button said.
    private func saveForm(_ call: Call, _ session: SessionBook.Session, input: TrackerFormInput, store: Store) -> Response {
        let form = input.form
        guard form.check(in: store).canSubmit, let category = form.category else {
            return formPage(call.text, session, form: form, store: store, showErrors: true, status: .unprocessableContent)
        }
        do {
            if let tracker = form.editing {
                guard let changes = form.changes(in: store.journal) else {
                    return formPage(call.text, session, form: form, store: store, showErrors: true, status: .unprocessableContent)
                }
                // Save on an unchanged form changes nothing, and makes no commit.
                if !changes.isEmpty { try habits.editTracker(tracker.id, changes, reusing: store) }
            } else {
                guard let new = form.newTracker(in: store) else {
                    return formPage(call.text, session, form: form, store: store, showErrors: true, status: .unprocessableContent)
                }
                try habits.addTracker(new, reusing: store)
                habits.rememberLastUsedCategory(category)
            }
        } catch {
            var content = "<p class=\"problem\" role=\"alert\">\(HTML.escape(WebRefusal.sentence(error, call.text.messages, today: nil)))</p>\n"
            content += TrackerFormPage(text: call.text, form: form, check: form.check(in: store), journal: store.journal, csrf: session.csrf,
                                       showErrors: true, categoryDraft: nil).render()
            return page(call.text, session, title: call.text[.webRefused], content, status: .conflict)
        }
        return Reply.redirect("/")
    }

    func page(_ text: WebText, _ session: SessionBook.Session, title: String, _ content: String, status: HTTPResponse.Status = .ok) -> Response {
        Reply.html(PageFrame(text: text, title: title, csrf: session.csrf, tab: "trackers").render(content), status: status)
    }
}

/// Where a category page returns to: the form it was opened from ("new:habit", "new:event" or
/// "edit:ID"); anything else is dropped.
struct FormReturn: Equatable {
    let query: String
    let link: String
    /// The form's title, for the link back to it.
    var titleKey: MessageKey { query == "new:habit" ? .formNewHabit : query == "new:event" ? .formNewEvent : .formEditTracker }

    init?(_ text: String) {
        if text == "new:habit" || text == "new:event" {
            link = "/new?kind=" + text.dropFirst(4)
        } else if text.hasPrefix("edit:"), text.count > 5, text.utf8.count <= 200 {
            link = "/edit?tracker=" + HTML.query(String(text.dropFirst(5)))
        } else {
            return nil
        }
        query = text
    }
}

/// The words of the form's refusals.
enum FormErrors {
    static func name(_ refusal: TrackerFormChecks.NameRefusal, words: Messages) -> String {
        switch refusal {
        case .invalid(.empty): words[.nameEmpty]
        case .invalid(.tooLong): words[.nameTooLong]
        case .invalid(.controlCharacter): words[.nameControlCharacter]
        case .taken(let existing): words.text(.nameTaken, existing)
        }
    }

    static func category(_ refusal: CategoryChecks.NameRefusal, name: String, words: Messages) -> String {
        switch refusal {
        case .invalid(.empty): words[.categoryNameEmpty]
        case .invalid(.tooLong): words[.nameTooLong]
        case .invalid(.controlCharacter): words[.nameControlCharacter]
        case .taken: words.text(.categoryExists, name.trimmingWhitespace())
        }
    }
}
