import Hummingbird

/// The routes of a group that needs to know who sends the request (WebRoutes): `Authenticator`
/// finds the principal, which the routes get; a request from no one known is asked to log in
/// (401) before it reaches any of them.
struct Authentication: RouterMiddleware {
    let authenticator: Authenticator
    /// Whether an API token (`Authorization: Bearer`) is taken: by the API's group only, never for a page.
    let acceptsBearer: Bool

    func handle(_ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response) async throws -> Response {
        guard let principal = authenticator.principal(request, acceptsBearer: acceptsBearer) else {
            return Self.askToLogIn(WebApp.Call(request: request, context: context))
        }
        var context = context
        context.principal = principal
        return try await next(request, context)
    }

    /// 401: the login page for a browser's GET of a page, a refusal for anything else.
    static func askToLogIn(_ call: WebApp.Call) -> Response {
        if call.wantsJSON || call.request.method != .get { return call.problem(.unauthorized, call.text[.webLogIn]) }
        return LoginPage(text: call.text, message: nil).response(status: .unauthorized)
    }
}
