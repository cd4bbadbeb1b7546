import HabitCore
import HabitErrorWords
import HabitLocalization
import HabitKit
import HabitScreens
import HabitStore
import Hummingbird

/// The day's page and its changes (a mark, "Sync now"), and the statistics.
extension WebApp {
    func dayPage(_ call: Call, _ principal: Principal) -> Response {
        let text = call.text
        let session = principal.session
        let store: Store
        do { store = try keeper.current() } catch { return Reply.problem(.internalServerError, WebRefusal.sentence(error, text.messages, today: nil), wantsJSON: false, text: text) }
        let today = clock.today(store.settings)
        let parameters = call.request.uri.queryParameters
        var day = today
        if let dateText = parameters["date"] {
            guard let parsed = CivilDate(dateText) else { return Reply.problem(.badRequest, text[.webBadRequest] + ": date", wantsJSON: false, text: text) }
            day = min(parsed, today)
        }
        let filter = parameters["filter"].flatMap { Agenda.Filter(rawValue: String($0)) } ?? .all
        let query = parameters["q"].map(String.init) ?? ""
        guard query.utf8.count <= 200 else { return Reply.problem(.badRequest, text[.webBadRequest] + ": q", wantsJSON: false, text: text) }
        // "Sync now" only where there is something to sync with.
        let sync = habits.syncState()
        let note = sessions.takeFlash(session.id) ?? sync.offlineNote.map { Self.syncNote(text, count: $0.count, reason: $0.reason) }
        let key = ["day", session.csrf, text.language.rawValue, day.description, today.description, filter.rawValue, query,
                   sync.hasRemote ? "remote" : "", note ?? ""]
        let page = drawn.page(key: key, store: store) {
            let screen = DayScreen(journal: store.journal, day: day, today: today, search: query, filter: filter, language: text.language)
            let content = DayPage(text: text, screen: screen, csrf: session.csrf, problems: store.errors).render()
                + (sync.hasRemote ? SyncBar(text: text, csrf: session.csrf).render() : "") + ReminderControl(text: text).render()
            return PageFrame(text: text, title: text[.webTrackers], csrf: session.csrf, tab: "trackers", note: note).render(content)
        }
        // Kept by the service worker for opening with no network; per session, so never by a shared cache.
        return Reply.page(page, request: call.request, extra: [.cacheControl: "private, no-cache"])
    }

    func statsPage(_ call: Call, _ principal: Principal) -> Response {
        let text = call.text
        let store: Store
        do { store = try keeper.current() } catch { return Reply.problem(.internalServerError, WebRefusal.sentence(error, text.messages, today: nil), wantsJSON: false, text: text) }
        let screen = StatisticsScreen(journal: store.journal, today: clock.today(store.settings))
        // The note names "Sync now", so the button is here too while changes wait.
        let sync = habits.syncState()
        let content = StatsPage(text: text, statistics: screen.overall).render() + TrackerFiguresList(text: text, screen: screen).render()
            + ProblemList(text: text, problems: store.errors).render()
            + (sync.offlineNote != nil ? SyncBar(text: text, csrf: principal.session.csrf).render() : "")
        let note = sync.offlineNote.map { Self.syncNote(text, count: $0.count, reason: $0.reason) }
        return Reply.html(PageFrame(text: text, title: text[.webStatistics], csrf: principal.session.csrf, tab: "statistics", note: note).render(content))
    }

    /// The specs' note at the top while changes wait for a sync or the last one failed.
    static func syncNote(_ text: WebText, count: Int, reason: String?) -> String {
        text.messages.syncNote(count: count, reason: reason, action: .button)
    }

    /// Sets one day of one tracker: done (with an amount for a numeric habit) or not done. The
    /// same request twice leaves the same file: a retry from an offline queue never undoes it.
    func mark(_ call: Call, _ principal: Principal, _ form: FormBody) -> Response {
        let text = call.text
        func bad(_ what: String, _ status: HTTPResponse.Status = .badRequest) -> Response {
            call.problem(status, text[.webBadRequest] + ": " + what)
        }
        guard let id = form["tracker"], let dateText = form["date"], let state = form["state"] else { return bad("tracker, date, state") }
        guard let day = CivilDate(dateText) else { return bad("date") }
        // A habit to quit logs or removes the day's slip, as `habit slip` and `habit unslip` do; the
        // card's menu skips the day, as `habit skip`.
        guard ["done", "undone", "skip", "slip", "unslip"].contains(state) else { return bad("state") }
        var amount: AmountChange? = nil
        if let amountText = form["amount"], !amountText.isEmpty {
            guard state == "done", let value = Double(amountText), value.isFinite, value >= 0 else { return bad("amount") }
            amount = .set(value)
        }
        // A copy of its own, which the use case edits (the kept one is read by other requests).
        let store: Store
        do { store = try keeper.current().copy() } catch {
            return call.problem(.internalServerError, WebRefusal.sentence(error, text.messages, today: nil))
        }
        // An identifier names a loaded tracker or nothing: it never becomes a path.
        guard store.journal.tracker(id: id) != nil else { return bad("tracker", .notFound) }
        let today = clock.today(store.settings)
        let outcome: MarkOutcome
        do {
            switch state {
            case "skip": outcome = try habits.mark(.skipped, id, on: day, today: today, reusing: store)
            case "slip": outcome = try habits.mark(.slipped, id, on: day, today: today, reusing: store)
            case "unslip": outcome = try habits.unslip(id, on: day, today: today, reusing: store)
            default: outcome = try habits.mark(state == "done" ? .done : nil, id, on: day, today: today, amount: amount, reusing: store)
            }
        } catch {
            return call.problem(.conflict, WebRefusal.sentence(error, text.messages, today: today))
        }
        if call.wantsJSON {
            // The card as the day's page would now draw it (HabitScreens): its count, and what
            // its button sets the day to next (`next`) and after that (`then`).
            let card = DayScreen.card(of: outcome.tracker, on: day, today: today)
            return Reply.json([
                ("ok", .bool(true)), ("tracker", .string(card.trackerID)), ("date", .string(day.description)),
                ("done", .bool(card.state == .done)), ("slipped", .bool(card.state == .slipped)), ("changed", .bool(outcome.changed)),
                ("total", outcome.total.map(JSONValue.number) ?? .null), ("count", .string(card.count.words(text.words))),
                ("next", .string(DayPage.state(card.nextMark))), ("then", .string(DayPage.state(card.nextMark.following))),
            ])
        }
        return Reply.redirect("/?date=\(day)")
    }

    /// `habit sync`; the page it goes back to says what it did in `habit sync`'s words ("Already
    /// in sync." when there was nothing to send or receive), or why it failed.
    func sync(_ call: Call, _ principal: Principal, _ form: FormBody) -> Response {
        let t = call.text.messages
        let session = principal.session
        let report: SyncReport
        do {
            report = try habits.sync(SyncOptions(environment: environment))
        } catch {
            let sentence = WebRefusal.sentence(error, t, today: nil)
            if call.wantsJSON { return Reply.json([("ok", .bool(false)), ("error", .string(sentence))], status: .badGateway) }
            sessions.flash(t.text(.uiSyncFailed, sentence), to: session.id)
            return Reply.redirect("/")
        }
        let words = SyncWords.sentence(report, t)
        if call.wantsJSON { return Reply.json([("ok", .bool(true)), ("message", .string(words))]) }
        sessions.flash(words, to: session.id)
        return Reply.redirect("/")
    }
}
