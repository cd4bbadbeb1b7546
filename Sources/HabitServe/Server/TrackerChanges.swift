import HabitCore
import HabitInterchange
import HabitKit
import HabitLocalization
import HabitScreens
import HabitStore
import Hummingbird

/// The card menu's, the tracker form's and the category picker's changes (POST, behind
/// `ChangeChecks`): each one HabitKit use case, one commit.
enum TrackerRoutes {
    /// Longest text a field of these forms takes (a name is 38 characters; this bounds the work).
    static let maximumField = 400
}

extension WebApp {
    /// What a tracker change starts from: its form, a copy of the store of its own (which the use
    /// cases edit; the kept one is read by other requests) and today.
    struct Changing {
        let call: Call
        let session: SessionBook.Session
        let form: FormBody
        let store: Store
        let today: CivilDate
        /// The tracker the form names, if it is loaded.
        var tracker: Tracker? { form["tracker"].flatMap { store.journal.tracker(id: $0) } }
        var back: FormReturn? { form["back"].flatMap(FormReturn.init) }

        func bad(_ what: String, _ status: HTTPResponse.Status = .badRequest) -> Response {
            call.problem(status, call.text[.webBadRequest] + ": " + what)
        }

        func refused(_ error: any Error) -> Response {
            call.problem(.conflict, WebRefusal.sentence(error, call.text.messages, today: nil))
        }

        /// Back to the day the change was made on (the form's `date`).
        var backToDay: Response { Reply.redirect("/" + (form["date"].flatMap(CivilDate.init).map { "?date=\($0)" } ?? "")) }
    }

    /// `route` once the form's fields are within their bound and the store is copied.
    func changing(_ call: Call, _ principal: Principal, _ form: FormBody, _ route: (Changing) -> Response) -> Response {
        guard form.fields.values.allSatisfy({ $0.utf8.count <= TrackerRoutes.maximumField }) else {
            return call.problem(.contentTooLarge, call.text[.webBadRequest] + ": field")
        }
        let store: Store
        do { store = try keeper.current().copy() } catch {
            return call.problem(.internalServerError, WebRefusal.sentence(error, call.text.messages, today: nil))
        }
        return route(Changing(call: call, session: principal.session, form: form, store: store, today: clock.today(store.settings)))
    }

    func pin(_ call: Call, _ principal: Principal, _ form: FormBody) -> Response {
        changing(call, principal, form) { change in
            guard let tracker = change.tracker, let pinned = form["pinned"].flatMap(Bool.init) else { return change.bad("tracker, pinned") }
            do { try habits.setPinned(pinned, tracker.id, reusing: change.store) } catch { return change.refused(error) }
            if call.wantsJSON { return Reply.json([("ok", .bool(true)), ("pinned", .bool(pinned))]) }
            if form["return"] == "details" { return Reply.redirect("/tracker?id=" + HTML.query(tracker.id)) }
            return change.backToDay
        }
    }

    func archive(_ call: Call, _ principal: Principal, _ form: FormBody) -> Response {
        changing(call, principal, form) { change in
            guard let tracker = change.tracker, let archived = form["archived"].flatMap(Bool.init) else { return change.bad("tracker, archived") }
            do { try habits.setArchived(archived, tracker.id, reusing: change.store) } catch { return change.refused(error) }
            if call.wantsJSON { return Reply.json([("ok", .bool(true)), ("archived", .bool(archived))]) }
            return change.backToDay
        }
    }

    func deleteTracker(_ call: Call, _ principal: Principal, _ form: FormBody) -> Response {
        changing(call, principal, form) { change in
            guard let tracker = change.tracker else { return change.bad("tracker", .notFound) }
            do { try habits.removeTracker(tracker.id, reusing: change.store) } catch { return change.refused(error) }
            if call.wantsJSON { return Reply.json([("ok", .bool(true))]) }
            return Reply.redirect("/")
        }
    }

    // MARK: the form

    /// The tracker form as sent; `editing`: whether it edits the tracker it names (Create never
    /// edits: only Save and the form's own requests name the tracker edited).
    private func formInput(_ change: Changing, editing: Bool, mustEdit: Bool, _ route: (TrackerFormInput) -> Response) -> Response {
        let tracker = editing ? change.tracker : nil
        if mustEdit || (editing && change.form["tracker"].map({ !$0.isEmpty }) == true), tracker == nil { return change.bad("tracker", .notFound) }
        guard let input = TrackerFormInput(change.form, store: change.store, editing: tracker, today: change.today) else { return change.bad("kind") }
        return route(input)
    }

    /// Create (`habit add`).
    func createTracker(_ call: Call, _ principal: Principal, _ form: FormBody) -> Response {
        changing(call, principal, form) { change in
            formInput(change, editing: false, mustEdit: false) { saveForm(change, input: $0) }
        }
    }

    /// Save (`habit edit`).
    func saveTracker(_ call: Call, _ principal: Principal, _ form: FormBody) -> Response {
        changing(call, principal, form) { change in
            formInput(change, editing: true, mustEdit: true) { saveForm(change, input: $0) }
        }
    }

    /// What the rules say of the form as it is being filled in (the script asks as you type).
    func checkForm(_ call: Call, _ principal: Principal, _ form: FormBody) -> Response {
        changing(call, principal, form) { change in
            formInput(change, editing: true, mustEdit: false) { input in
                let check = input.form.check(in: change.store)
                let words = call.text.words
                return Reply.json([
                    ("ok", .bool(true)), ("canSubmit", .bool(check.canSubmit)),
                    ("name", .string(check.nameRefusal.map { FormErrors.name($0, words: words) } ?? "")),
                    ("category", .string(check.needsCategory ? words[.formNeedsCategory] : "")),
                    ("schedule", .string(check.needsSchedule ? words[.formNeedsSchedule] : "")),
                    ("target", .string(check.invalidTarget ? words[.formInvalidTarget] : "")),
                    ("summary", .string(input.form.resolvedSchedule.map { words.scheduleSummary($0) } ?? "")),
                ])
            }
        }
    }

    /// "Add category" inside the form: `habit category add`, then the same form again with the
    /// new category in the list, unchecked (the specs), and everything typed kept.
    func addCategoryFromForm(_ call: Call, _ principal: Principal, _ form: FormBody) -> Response {
        changing(call, principal, form) { change in
            formInput(change, editing: true, mustEdit: false) { input in
                let name = input.newCategory
                do {
                    try habits.addCategory(name, reusing: change.store)
                } catch {
                    let refusal = CategoryPicker.addDraft(name, in: change.store.journal).refusal
                    let words = refusal.map { FormErrors.category($0, name: name, words: call.text.words) } ?? WebRefusal.sentence(error, call.text.messages, today: nil)
                    return formPage(call.text, change.session, form: input.form, store: change.store, showErrors: false,
                                    categoryDraft: (name, words), status: .unprocessableContent)
                }
                guard let fresh = try? keeper.current() else { return Reply.redirect("/") }
                return formPage(call.text, change.session, form: input.form, store: fresh, showErrors: false)
            }
        }
    }

    /// Create or Save: refused with the errors shown while the form is incomplete, whatever the
    /// page's button said.
    private func saveForm(_ change: Changing, input: TrackerFormInput) -> Response {
        let call = change.call
        let session = change.session
        let store = change.store
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

    func formPage(_ text: WebText, _ session: SessionBook.Session, form: TrackerForm, store: Store, showErrors: Bool,
                  categoryDraft: (String, String?)? = nil, status: HTTPResponse.Status = .ok, kept: Bool = false) -> Response {
        let content = TrackerFormPage(text: text, form: form, check: form.check(in: store), journal: store.journal, csrf: session.csrf,
                                      showErrors: showErrors, categoryDraft: categoryDraft).render()
        let title = text.words[form.editing != nil ? .formEditTracker : (form.kind == .habit ? .formNewHabit : .formNewEvent)]
        return page(text, session, title: title, content, status: status, kept: kept)
    }
}
