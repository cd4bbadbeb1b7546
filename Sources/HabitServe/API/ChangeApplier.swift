import HabitCore
import HabitKit
import HabitScreens
import HabitStore

/// One change of the API applied through the HabitKit use case its page calls (the same rules, the
/// same commit), answered applied, refused with the catalog's sentence, or retry.
struct ChangeApplier {
    let app: WebApp
    let text: WebText

    func answer(_ change: Change) -> ChangeAnswer {
        switch app.applied.claim(change.id) {
        case .applied: return ChangeAnswer(id: change.id, status: .applied)
        case .inFlight: return ChangeAnswer(id: change.id, status: .retry, reason: "in-flight", message: text[.webChangeWaiting])
        case .new: break
        }
        let answer = apply(change)
        app.applied.finish(change.id, applied: answer.status == .applied)
        return answer
    }

    /// Why a change with a property its kind does not use is refused, in the request's language.
    static func unused(_ property: String, of kind: Change.Kind, _ text: WebText) -> String {
        text[.webBadRequest] + ": " + text.words.text(.webChangeUnusedProperty, property, kind.rawValue)
    }

    private func invalid(_ change: Change, _ what: String) -> ChangeAnswer {
        ChangeAnswer(id: change.id, status: .refused, reason: "invalid", message: text[.webBadRequest] + ": " + what)
    }

    private func refused(_ change: Change, _ error: any Error, today: CivilDate?) -> ChangeAnswer {
        let sentence = WebRefusal.sentence(error, text.messages, today: today)
        guard let error = error as? HabitError else { return ChangeAnswer(id: change.id, status: .refused, reason: "refused", message: sentence) }
        let (code, retryable) = ChangeAnswer.reason(of: error)
        return ChangeAnswer(id: change.id, status: retryable ? .retry : .refused, reason: code, message: sentence)
    }

    private func apply(_ change: Change) -> ChangeAnswer {
        if let property = change.unusedProperty {
            return ChangeAnswer(id: change.id, status: .refused, reason: "invalid", message: Self.unused(property, of: change.kind, text))
        }
        let habits = app.habits
        // A copy of its own, which the use case edits (the kept one is read by other requests).
        let store: Store
        do { store = try app.keeper.current().copy() } catch { return refused(change, error, today: nil) }
        let today = app.clock.today(store.settings)
        let applied = ChangeAnswer(id: change.id, status: .applied)
        // An identifier names a loaded tracker or nothing: it never becomes a path.
        func tracker() -> Tracker? { change.tracker.flatMap { store.journal.tracker(id: $0) } }
        func missing() -> ChangeAnswer {
            refused(change, HabitError.noSuchTracker(change.tracker ?? "", available: []), today: today)
        }
        let values = [change.tracker, change.name, change.category, change.state, change.date].compactMap { $0 } + (change.fields.map { Array($0.values) } ?? [])
        if values.contains(where: { $0.utf8.count > TrackerRoutes.maximumField }) || (change.fields?.count ?? 0) > 40 { return invalid(change, "field") }
        do throws(HabitError) {
            switch change.kind {
            case .mark:
                guard let dateText = change.date, let day = CivilDate(dateText) else { return invalid(change, "date") }
                // What the change says is checked before the tracker is looked up: an invalid change
                // is refused as invalid whatever it names (docs/openapi.yaml).
                guard let state = change.state, ["done", "undone", "skip", "slip", "unslip"].contains(state) else { return invalid(change, "state") }
                var amount: AmountChange? = nil
                if let value = change.amount {
                    guard state == "done", value.isFinite, value >= 0 else { return invalid(change, "amount") }
                    amount = .set(value)
                }
                guard let tracker = tracker() else { return missing() }
                switch state {
                case "done": try habits.mark(.done, tracker.id, on: day, today: today, amount: amount, reusing: store)
                case "undone": try habits.mark(nil, tracker.id, on: day, today: today, reusing: store)
                case "skip": try habits.mark(.skipped, tracker.id, on: day, today: today, reusing: store)
                case "slip": try habits.mark(.slipped, tracker.id, on: day, today: today, reusing: store)
                case "unslip": try habits.unslip(tracker.id, on: day, today: today, reusing: store)
                default: return invalid(change, "state")
                }
            case .pin:
                guard let pinned = change.pinned else { return invalid(change, "pinned") }
                guard let tracker = tracker() else { return missing() }
                try habits.setPinned(pinned, tracker.id, reusing: store)
            case .archive:
                guard let archived = change.archived else { return invalid(change, "archived") }
                guard let tracker = tracker() else { return missing() }
                try habits.setArchived(archived, tracker.id, reusing: store)
            case .delete:
                // Deleted is the state asked for: a tracker already gone is that state.
                guard let tracker = tracker() else { return change.tracker == nil ? invalid(change, "tracker") : applied }
                try habits.removeTracker(tracker.id, reusing: store)
            case .trackerAdd, .trackerEdit:
                let editing = change.kind == .trackerEdit ? tracker() : nil
                if change.kind == .trackerEdit, editing == nil { return missing() }
                guard let fields = change.fields,
                      let input = TrackerFormInput(FormBody(fields: fields), store: store, editing: editing, today: today)
                else { return invalid(change, "fields") }
                return save(change, input.form, store: store)
            case .categoryAdd:
                try habits.addCategory(change.name ?? "", reusing: store)
            case .categoryRename:
                guard let old = change.category, store.settings.categories.contains(old) else {
                    return refused(change, HabitError.unknownCategory(change.category ?? "", known: store.settings.categories), today: today)
                }
                try habits.renameCategory(old, to: change.name ?? "", reusing: store)
            case .categoryDelete:
                // As a deleted tracker: a category already gone is the state asked for.
                guard let name = change.category else { return invalid(change, "category") }
                guard store.settings.categories.contains(name) else { return applied }
                try habits.removeCategory(name, reusing: store)
            }
        } catch {
            return refused(change, error, today: today)
        }
        return applied
    }

    /// Create or Save, refused with the form's own words while the form is incomplete.
    private func save(_ change: Change, _ form: TrackerForm, store: Store) -> ChangeAnswer {
        let check = form.check(in: store)
        let words = text.words
        func incomplete() -> ChangeAnswer {
            let sentence = check.nameRefusal.map { FormErrors.name($0, words: words) }
                ?? (check.needsCategory ? words[.formNeedsCategory] : check.needsSchedule ? words[.formNeedsSchedule] : words[.formInvalidTarget])
            let reason: String
            switch check.nameRefusal {
            case .taken?: reason = "name-taken"
            case .invalid?: reason = "invalid-name"
            case nil: reason = "invalid-form"
            }
            return ChangeAnswer(id: change.id, status: .refused, reason: reason, message: sentence)
        }
        guard check.canSubmit, let category = form.category else { return incomplete() }
        do throws(HabitError) {
            if let tracker = form.editing {
                guard let changes = form.changes(in: store.journal) else { return incomplete() }
                if !changes.isEmpty { try app.habits.editTracker(tracker.id, changes, reusing: store) }
            } else {
                guard let new = form.newTracker(in: store) else { return incomplete() }
                try app.habits.addTracker(new, reusing: store)
                app.habits.rememberLastUsedCategory(category)
            }
        } catch {
            return refused(change, error, today: nil)
        }
        return ChangeAnswer(id: change.id, status: .applied)
    }
}
