import Hummingbird

/// What a change asks before its route runs (WebRoutes puts it on every route that changes
/// anything), for a page's form and for the JSON API alike: a browser's change comes from this
/// server's own origin, in the route's body type, within its bound, with its principal's CSRF
/// token; a bearer token needs neither Origin nor CSRF (no browser sends it by itself; `Host` was
/// checked for every request). The body is read here, once, into the context.
struct ChangeChecks: RouterMiddleware {
    enum Body {
        /// A page's form; the CSRF token in its `csrf` field or the `X-CSRF-Token` header.
        case form
        /// The API's JSON; the CSRF token in the `X-CSRF-Token` header only (a form of another
        /// site can set no header).
        case json
    }

    let body: Body
    let requestGuard: RequestGuard

    /// A form larger than this is refused (413): a mark is a few hundred bytes.
    static let maximumForm = 16 * 1024
    /// A hundred changes of a tracker form each are far below this.
    static let maximumJSON = 256 * 1024

    func handle(_ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response) async throws -> Response {
        var request = request
        var context = context
        let call = WebApp.Call(request: request, context: context)
        if let refusal = Self.originRefusal(call, requestGuard) { return refusal }
        let type = (request.headers[.contentType] ?? "").lowercased()
        let csrfHeader = request.headers[.init("X-CSRF-Token")!]
        switch body {
        case .form:
            guard type.hasPrefix("application/x-www-form-urlencoded") else { return call.problem(.unsupportedMediaType, call.text[.webBadRequest]) }
            guard let buffer = try? await request.collectBody(upTo: Self.maximumForm) else { return call.problem(.contentTooLarge, call.text[.webTooLarge]) }
            let form = FormBody(Substring(String(buffer: buffer)))
            if let refusal = Self.csrfRefusal(call, given: csrfHeader ?? form["csrf"]) { return refusal }
            context.form = form
        case .json:
            // A DELETE carries no body: it may leave the type out (the CSRF header is still needed).
            guard type.hasPrefix("application/json") || (type.isEmpty && request.method == .delete) else { return call.problem(.unsupportedMediaType, call.text[.webBadRequest] + ": Content-Type") }
            if let refusal = Self.csrfRefusal(call, given: csrfHeader) { return refusal }
            guard let buffer = try? await request.collectBody(upTo: Self.maximumJSON) else { return call.problem(.contentTooLarge, call.text[.webTooLarge]) }
            context.body = buffer
        }
        return try await next(request, context)
    }

    /// 403 when a browser's change does not come from this server's own origin (the login's too).
    static func originRefusal(_ call: WebApp.Call, _ requestGuard: RequestGuard) -> Response? {
        // No principal yet (the login): the check applies in full.
        if call.context.principal?.needsCSRF == false { return nil }
        guard !requestGuard.isAllowed(origin: call.request.headers[.origin], host: call.host) else { return nil }
        return call.problem(.forbidden, call.text[.webForbidden] + ": Origin")
    }

    /// 403 when a browser's change lacks its principal's CSRF token.
    static func csrfRefusal(_ call: WebApp.Call, given: String?) -> Response? {
        if let principal = call.context.principal, principal.acceptsCSRF(given ?? "") { return nil }
        return call.problem(.forbidden, call.text[.webForbidden] + ": CSRF")
    }
}

extension Principal {
    /// 403 unless the scope allows every one of `accesses`: a route checks every change of a
    /// request before it applies any, so that a refused request writes nothing.
    func scopeRefusal(_ accesses: [Access], _ call: WebApp.Call) -> Response? {
        if accesses.allSatisfy(permits) { return nil }
        return Reply.problem(.forbidden, call.text[.webForbidden] + ": scope", wantsJSON: true, text: call.text)
    }
}
