import Hummingbird

/// The checks of every request, before any route, asset or refusal of a route: one `Host` that
/// names this server, and no request of another site's page but a link followed.
extension RequestGuard: RouterMiddleware {
    func handle(_ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response) async throws -> Response {
        let call = WebApp.Call(request: request, context: context)
        // RFC 9112: a request with more than one Host is answered 400 (the first was taken as the
        // authority; any other is still among the fields).
        guard request.headers[values: .init("Host")!].isEmpty else {
            return call.problem(.badRequest, call.text[.webBadRequest] + ": Host")
        }
        // DNS rebinding: a page of another site whose name now points here is refused.
        guard isAllowed(host: call.host) else {
            return call.problem(.misdirectedRequest, call.text[.webForbidden] + ": Host")
        }
        // A page of another site, or of another port of this host, may load nothing from here but
        // by following a link (the browser says where a request comes from in Sec-Fetch-Site).
        guard Self.isAllowed(fetchSite: request.headers[values: .init("Sec-Fetch-Site")!].first,
                             mode: request.headers[values: .init("Sec-Fetch-Mode")!].first, method: request.method) else {
            return call.problem(.forbidden, call.text[.webForbidden] + ": Sec-Fetch-Site")
        }
        return try await next(request, context)
    }
}
