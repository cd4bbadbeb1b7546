import Hummingbird
import Logging
import Testing
@testable import HabitServe

/// A request answered in-process, as the server's router answers it (every middleware and route
/// of WebRoutes), with no connection.
extension WebApp {
    struct NoConnection: RequestContextSource {
        let logger = Logger(label: "habit-serve-tests")
    }

    func respond(_ request: Request, peer: String? = nil) async -> Response {
        let responder = WebRoutes.router(self).buildResponder()
        do {
            return try await responder.respond(to: request, context: ServeContext(source: NoConnection(), peer: peer))
        } catch {
            Issue.record("the router threw \(error)")
            return Response(status: .internalServerError)
        }
    }
}
