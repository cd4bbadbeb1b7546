import Hummingbird

/// What every change asks of its principal (`Call.principal`, set by `Authenticator` before any
/// route), for a form (`checkedForm`) and for the JSON API alike: a browser's change comes from
/// this server's origin with its CSRF token; a bearer token needs neither (no browser sends it by
/// itself; `Host` was checked for every request), but only changes what its scope allows.
extension WebApp {
    /// 403 when a browser's change does not come from this server's own origin.
    func originRefusal(_ call: Call) -> Response? {
        // No principal yet: the checks apply in full.
        if call.principal?.needsCSRF == false { return nil }
        guard !requestGuard.isAllowed(origin: call.request.headers[.origin], host: call.host) else { return nil }
        return Reply.problem(.forbidden, call.text[.webForbidden] + ": Origin", wantsJSON: call.wantsJSON, text: call.text)
    }

    /// 403 when a browser's change lacks its CSRF token (`given`: the `X-CSRF-Token` header, or a
    /// form's `csrf` field).
    func csrfRefusal(_ call: Call, given: String?) -> Response? {
        if let principal = call.principal, principal.acceptsCSRF(given ?? "") { return nil }
        return Reply.problem(.forbidden, call.text[.webForbidden] + ": CSRF", wantsJSON: call.wantsJSON, text: call.text)
    }

    /// 403 when the principal's scope does not allow `access`: check every change of a request
    /// before applying any, so that a refused request writes nothing.
    func scopeRefusal(_ call: Call, _ accesses: [Principal.Access]) -> Response? {
        if let principal = call.principal, accesses.allSatisfy(principal.permits) { return nil }
        return Reply.problem(.forbidden, call.text[.webForbidden] + ": scope", wantsJSON: true, text: call.text)
    }
}
