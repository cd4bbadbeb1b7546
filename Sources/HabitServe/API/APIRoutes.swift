import FoundationEssentials
import HabitCore
import HabitScreens
import HabitStore
import Hummingbird

/// The JSON API the page's outbox and cards use (docs/api.md, docs/openapi.yaml), behind the same
/// checks as the pages: Host and Sec-Fetch-Site (before routing), the session, and for a change
/// the Origin, a JSON body of bounded size and the CSRF token in the X-CSRF-Token header.
enum APIRoutes {
    static let changes = "/api/v1/changes"
    static let day = "/api/v1/day"
    /// A hundred changes of a tracker form each are far below this.
    static let maximumBody = 256 * 1024

    static let whoAmI = "/api/v1/whoami"
    /// The one method each path answers; any other is 405 with `Allow` (RFC 9110).
    static let methods: [String: HTTPRequest.Method] = [changes: .post, day: .get, whoAmI: .get]

    static func handles(_ path: String) -> Bool { path.hasPrefix("/api/") }
}

extension WebApp {
    func api(_ call: inout Call, session: SessionBook.Session) async -> Response {
        let text = call.text
        func problem(_ status: HTTPResponse.Status, _ message: String) -> Response {
            Reply.problem(status, message, wantsJSON: true, text: text)
        }
        switch (call.request.method, call.request.uri.path) {
        case (.get, APIRoutes.day):
            // The whole day: a token for one tracker reads that tracker through its changes' answers only.
            if let refusal = scopeRefusal(call, [.read(tracker: nil)]) { return refusal }
            let store: Store
            do { store = try keeper.current() } catch { return problem(.serviceUnavailable, WebRefusal.sentence(error, text.messages, today: nil)) }
            let today = clock.today(store.settings)
            var day = today
            if let dateText = call.request.uri.queryParameters["date"] {
                guard let parsed = CivilDate(String(dateText)) else { return problem(.badRequest, text[.webBadRequest] + ": date") }
                day = min(parsed, today)
            }
            let parameters = call.request.uri.queryParameters
            var filter = DayScreen.Filter.all
            if let filterText = parameters["filter"] {
                // As docs/openapi.yaml says: a filter it does not name is refused, not taken for all.
                guard let named = DayScreen.Filter(rawValue: String(filterText)) else { return problem(.badRequest, text[.webBadRequest] + ": filter") }
                filter = named
            }
            let search = parameters["q"].map(String.init) ?? ""
            guard search.utf8.count <= 200 else { return problem(.badRequest, text[.webBadRequest] + ": q") }
            let screen = DayScreen(journal: store.journal, day: day, today: today, search: search, filter: filter)
            // Per session: never kept by a shared cache.
            return Reply.json(DayAnswer(text: text, screen: screen, csrf: session.csrf).fields, cache: "private, no-cache")
        case (.post, APIRoutes.changes):
            if let refusal = originRefusal(call) { return refusal }
            guard (call.request.headers[.contentType] ?? "").lowercased().hasPrefix("application/json") else {
                return problem(.unsupportedMediaType, text[.webBadRequest] + ": Content-Type")
            }
            // The token in a header only: a form of another site can set no header.
            if let refusal = csrfRefusal(call, given: call.request.headers[.init("X-CSRF-Token")!]) { return refusal }
            guard let body = try? await call.request.collectBody(upTo: APIRoutes.maximumBody) else {
                return problem(.contentTooLarge, text[.webTooLarge])
            }
            guard let batch = try? JSONDecoder().decode(ChangeBatch.self, from: Data(body.readableBytesView)),
                  batch.changes.count <= ChangeBatch.limit
            else { return problem(.badRequest, text[.webBadRequest] + ": changes") }
            // Every change within the principal's scope before any is applied: a refused request
            // writes nothing.
            if let refusal = scopeRefusal(call, batch.changes.map { .change(tracker: $0.change?.tracker) }) { return refusal }
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
        case (_, let path):
            guard let allowed = APIRoutes.methods[path] else { return problem(.notFound, text[.webNotFound]) }
            var response = problem(.methodNotAllowed, text[.webBadRequest])
            response.headers[.allow] = allowed.rawValue
            return response
        }
    }
}
