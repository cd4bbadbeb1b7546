import HabitKit
import Hummingbird

/// `/login`: the token (from the address the server printed, or typed), the password, or the QR
/// code's one-time link opens a device session.
extension WebApp {
    func login(_ call: Call) async -> Response {
        let text = call.text
        guard let token, let devices else { return Reply.redirect("/") }
        var candidate: String? = nil
        if call.request.method == .get {
            // The QR code's one-time link logs one device in, once, within minutes.
            if let link = call.request.uri.queryParameters["link"] {
                guard links.redeem(String(link)) else {
                    return LoginPage(text: text, message: text[.webLoginFailed]).response(status: .unauthorized)
                }
                // A phone that scanned the code is new here: the specs' welcome pages first.
                return openDevice(call, devices: devices, then: WelcomeRoutes.path)
            }
            guard let given = call.request.uri.queryParameters["token"] else {
                return LoginPage(text: text, message: nil).response(status: .ok)
            }
            candidate = String(given)
        } else {
            if let refusal = ChangeChecks.originRefusal(call, requestGuard) { return refusal }
            var request = call.request
            guard let body = try? await request.collectBody(upTo: ChangeChecks.maximumForm) else {
                return call.problem(.contentTooLarge, text[.webTooLarge])
            }
            candidate = FormBody(Substring(String(buffer: body)))["token"]
        }
        // The token is 192 random bits that no throttle makes safer: the owner's token always
        // logs in, even while their address is throttled.
        let isTokenRight = candidate.map(token.matches) ?? false
        if !isTokenRight {
            let client = call.context.client(call.request)
            guard sessions.mayTryLogin(client) else {
                return LoginPage(text: text, message: text[.webTooManyLogins]).response(status: .tooManyRequests)
            }
            // The password (`habit serve --set-password`) is taken from the form only, never from
            // an address, which would keep it in the history. It is read at each try, so setting
            // one needs no restart.
            let isPost = call.request.method == .post
            guard isPost, let candidate, ServePassword.load(environment: environment)?.matches(candidate) ?? false else {
                sessions.recordFailure(client)
                return LoginPage(text: text, message: text[.webLoginFailed]).response(status: .unauthorized)
            }
        }
        return openDevice(call, devices: devices)
    }

    /// A new device session: kept (hashed) across restarts, its secret only in the cookie.
    /// - Parameter then: where the new device goes (the day; the welcome pages from the QR code).
    private func openDevice(_ call: Call, devices: DeviceBook, then: String = "/") -> Response {
        let opened: (secret: String, device: ServeAccess.Device)
        do { opened = try devices.open(userAgent: call.request.headers[.userAgent]) } catch {
            return call.problem(.internalServerError, WebRefusal.sentence(error, call.text.messages, today: nil))
        }
        // Over HTTPS (a TLS reverse proxy in front) the cookie is never sent over plain HTTP.
        let secure = Client.cameOverHTTPS(call.request.headers) ? "; Secure" : ""
        // The redirect takes the token out of the address bar and the history. 400 days: the
        // longest a browser keeps a cookie; `habit serve --revoke` ends it sooner.
        return Reply.redirect(then, extra: [.setCookie: "\(cookieName)=\(opened.secret); HttpOnly; SameSite=Strict; Path=/; Max-Age=\(DeviceBook.cookieLifetime)\(secure)"])
    }
}
