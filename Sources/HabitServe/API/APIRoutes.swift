import FoundationEssentials
import HabitCore
import HabitScreens
import HabitStore
import Hummingbird

/// The JSON API the page's outbox and cards use (docs/api.md, docs/openapi.yaml), under
/// `/api/v1` (WebRoutes' `api` group): who is asking, the day's cards, and a batch of changes.
enum APIRoutes {
    static let prefix = "/api/v1"
    /// The methods each of the API's paths answers: another is 405 with `Allow` (RFC 9110).
    /// OpenAPIRoutesTests holds it to the router's routes.
    static let methods: [String: [HTTPRequest.Method]] = [
        prefix + "/changes": [.post], prefix + "/day": [.get], prefix + "/whoami": [.get],
        prefix + "/push/key": [.get], prefix + "/push/subscription": [.put, .delete], prefix + "/push/snooze": [.post],
    ]

    /// Whether a refusal of `path` is JSON (any address under `/api/`, a route or not).
    static func handles(_ path: String) -> Bool { path.hasPrefix("/api/") }
}

extension WebApp {
    /// `GET /api/v1/whoami`: who the server takes the caller for and what it may do.
    func whoAmI(_ call: Call, _ principal: Principal) -> Response {
        Reply.json(WhoAmI.fields(principal))
    }

    /// `GET /api/v1/day`: the day's cards as the day's page draws them.
    func dayAnswer(_ call: Call, _ principal: Principal) -> Response {
        let text = call.text
        // The whole day: a token for one tracker reads that tracker through its changes' answers only.
        if let refusal = principal.scopeRefusal([.read(tracker: nil)], call) { return refusal }
        let store: Store
        do { store = try keeper.current() } catch { return call.problem(.serviceUnavailable, WebRefusal.sentence(error, text.messages, today: nil)) }
        let today = clock.today(store.settings)
        let parameters = call.request.uri.queryParameters
        var day = today
        if let dateText = parameters["date"] {
            guard let parsed = CivilDate(String(dateText)) else { return call.problem(.badRequest, text[.webBadRequest] + ": date") }
            day = min(parsed, today)
        }
        var filter = DayScreen.Filter.all
        if let filterText = parameters["filter"] {
            // As docs/openapi.yaml says: a filter it does not name is refused, not taken for all.
            guard let named = DayScreen.Filter(rawValue: String(filterText)) else { return call.problem(.badRequest, text[.webBadRequest] + ": filter") }
            filter = named
        }
        let search = parameters["q"].map(String.init) ?? ""
        guard search.utf8.count <= 200 else { return call.problem(.badRequest, text[.webBadRequest] + ": q") }
        let screen = DayScreen(journal: store.journal, day: day, today: today, search: search, filter: filter)
        // Per session: never kept by a shared cache.
        return Reply.json(DayAnswer(text: text, screen: screen, csrf: principal.session.csrf).fields, cache: "private, no-cache")
    }

    /// `POST /api/v1/changes`: each change of the batch in order, each once.
    func applyChanges(_ call: Call, _ principal: Principal, _ body: ByteBuffer) -> Response {
        let text = call.text
        guard let batch = try? JSONDecoder().decode(ChangeBatch.self, from: Data(body.readableBytesView)),
              batch.changes.count <= ChangeBatch.limit
        else { return call.problem(.badRequest, text[.webBadRequest] + ": changes") }
        // Every change within the principal's scope before any is applied: a refused request
        // writes nothing.
        if let refusal = principal.scopeRefusal(batch.changes.map { .change(tracker: $0.change?.tracker) }, call) { return refusal }
        let applier = ChangeApplier(app: self, text: text)
        var answers: [JSONValue] = []
        // In order; after one to retry, the rest wait too, so that no change overtakes one
        // made before it.
        var waiting = false
        for entry in batch.changes {
            guard let change = entry.change, Change.isValid(id: change.id) else {
                let id = entry.id ?? ""
                answers.append(ChangeAnswer(id: id, status: .refused, reason: "invalid", message: text[.webBadRequest]).json)
                continue
            }
            if waiting {
                answers.append(ChangeAnswer(id: change.id, status: .retry, reason: "waiting", message: text[.webChangeWaiting]).json)
                continue
            }
            let answer = applier.answer(change)
            waiting = answer.status == .retry
            answers.append(answer.json)
        }
        return Reply.json([("results", .array(answers))])
    }
}
