import HabitLocalization
import HabitSystem
import Hummingbird

/// The answer's language (`Accept-Language`) and whether a refusal is JSON (the client accepts it,
/// or it asked the API), found out first, so that every refusal after it is in the client's words.
struct Negotiation: RouterMiddleware {
    func handle(_ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response) async throws -> Response {
        var context = context
        context.text = WebText(language: Language.from(acceptLanguage: request.headers[.acceptLanguage]))
        context.wantsJSON = (request.headers[.accept] ?? "").containsBytes(of: "application/json") || APIRoutes.handles(request.uri.path)
        return try await next(request, context)
    }
}
