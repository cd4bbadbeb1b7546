import HabitCore
import HabitErrorWords
import HabitKit
import HabitLocalization
import HabitScreens
import HabitStore
import Hummingbird

/// Every request of `habit serve`: the checks first (Host, session, Origin and CSRF for a change,
/// bounded body), then a page or a change through the same HabitKit use case the CLI calls.
struct WebApp: Sendable {
    let habits: Habits
    /// The directory as last loaded, shared by the requests while no file changes on disk.
    let keeper: StoreKeeper
    let requestGuard: RequestGuard
    /// nil: `--no-auth` on the loopback address.
    let token: AccessToken?
    let sessions: SessionBook
    let clock: WallClock
    let environment: [String: String]
    let cookieName: String
    /// The devices logged in and the API tokens (nil: `--no-auth`).
    let devices: DeviceBook?
    /// The one-time login links of the QR code.
    let links: LoginLinks
    let authenticator: Authenticator
    /// The one session of a server without authentication (it still needs the CSRF token).
    var openSession: SessionBook.Session { SessionBook.Session(id: "open", csrf: authenticator.openCSRF) }
    /// The ids of the API's changes applied, so that a replay is applied once.
    let applied: AppliedChanges

    /// A form body larger than this is refused (413): a mark is a few hundred bytes.
    static let maximumBody = 16 * 1024

    /// - Parameter openKey: the secret the `--no-auth` CSRF token is derived from (the serve
    ///   token, so it outlives the process); a random one when nil.
    init(habits: Habits, options: ServeOptions, token: AccessToken?, environment: [String: String],
         links: LoginLinks = LoginLinks(), openKey: String? = nil) {
        self.habits = habits
        keeper = StoreKeeper(habits: habits)
        requestGuard = RequestGuard(listen: options.listen, allowedHosts: options.allowedHosts)
        self.token = token
        sessions = SessionBook()
        clock = WallClock(environment: environment)
        self.environment = environment
        cookieName = "habit_session_\(options.listen.port)"
        let wallClock = self.clock
        devices = token == nil ? nil : DeviceBook(file: ServeAccessFile(directory: habits.directory, environment: environment),
                                                  now: { Int(wallClock.seconds) })
        self.links = links
        authenticator = Authenticator(devices: devices, cookieName: cookieName,
                                      openCSRF: ServeSecret.mac(openKey ?? ServeSecret.make(), "habit serve open csrf"))
        applied = AppliedChanges(directory: habits.directory, environment: environment)
    }

    struct Call {
        var request: Request
        let text: WebText
        let wantsJSON: Bool
        let host: String?
        let client: Client
        /// Who sent it, once `Authenticator` found out.
        var principal: Principal?
    }

    /// - Parameter peer: the address of the connection's other end (nil when unknown).
    func respond(_ request: Request, peer: String? = nil) async -> Response {
        Compression.apply(await route(request, peer: peer), acceptEncoding: request.headers[.acceptEncoding])
    }

    private func route(_ request: Request, peer: String?) async -> Response {
        let text = WebText(language: Language.from(acceptLanguage: request.headers[.acceptLanguage]))
        let wantsJSON = (request.headers[.accept] ?? "").contains("application/json") || APIRoutes.handles(request.uri.path)
        let host = request.head.authority
        var call = Call(request: request, text: text, wantsJSON: wantsJSON, host: host, client: Client(peer: peer, headers: request.headers), principal: nil)
        // RFC 9112: a request with more than one Host is answered 400 (the first was taken as the
        // authority; any other is still among the fields).
        guard request.headers[values: .init("Host")!].isEmpty else {
            return Reply.problem(.badRequest, text[.webBadRequest] + ": Host", wantsJSON: wantsJSON, text: text)
        }
        // DNS rebinding: a page of another site whose name now points here is refused.
        guard requestGuard.isAllowed(host: host) else {
            return Reply.problem(.misdirectedRequest, text[.webForbidden] + ": Host", wantsJSON: wantsJSON, text: text)
        }
        // A page of another site, or of another port of this host, may load nothing from here but
        // by following a link (the browser says where a request comes from in Sec-Fetch-Site).
        guard RequestGuard.isAllowed(fetchSite: request.headers[values: .init("Sec-Fetch-Site")!].first,
                                     mode: request.headers[values: .init("Sec-Fetch-Mode")!].first, method: request.method) else {
            return Reply.problem(.forbidden, text[.webForbidden] + ": Sec-Fetch-Site", wantsJSON: wantsJSON, text: text)
        }
        let path = request.uri.path
        let method = request.method
        if method == .get, let asset = Assets.named(path) { return Assets.reply(asset, ifNoneMatch: request.headers[values: .ifNoneMatch]) }
        if path == "/login" { return await login(&call) }
        guard let principal = authenticator.principal(request) else {
            if wantsJSON || method != .get || path.hasPrefix("/api/") {
                return Reply.problem(.unauthorized, text[.webLogIn], wantsJSON: wantsJSON || path.hasPrefix("/api/"), text: text)
            }
            return LoginPage(text: text, message: nil).response(status: .unauthorized)
        }
        call.principal = principal
        let session = principal.session
        // A token reaches the JSON API only; a page needs a device's cookie.
        if principal.kind == .token, !path.hasPrefix("/api/") {
            return Reply.problem(.unauthorized, text[.webLogIn], wantsJSON: true, text: text)
        }
        switch (method, path) {
        case (.get, "/api/v1/whoami"): return Reply.json(WhoAmI.fields(principal))
        case (.get, "/"): return dayPage(call, session: session)
        case (_, _) where APIRoutes.handles(path): return await api(&call, session: session)
        case (.get, "/stats"): return statsPage(call, session: session)
        case (.post, "/mark"), (.post, "/sync"):
            let form: FormBody
            switch await checkedForm(&call, session: session) {
            case .success(let body): form = body
            case .failure(let refusal): return refusal.response
            }
            return path == "/mark" ? mark(call, form: form) : sync(call, session: session)
        case (.get, _) where TrackerRoutes.pages.contains(path):
            return trackerPage(call, path: path, session: session)
        case (.post, _) where TrackerRoutes.changes.contains(path):
            let form: FormBody
            switch await checkedForm(&call, session: session) {
            case .success(let body): form = body
            case .failure(let refusal): return refusal.response
            }
            return trackerChange(call, path: path, form: form, session: session)
        case (.get, _), (.post, _):
            return Reply.problem(.notFound, text[.webNotFound], wantsJSON: wantsJSON, text: text)
        default:
            return Reply.problem(.methodNotAllowed, text[.webBadRequest], wantsJSON: wantsJSON, text: text)
        }
    }

    // MARK: the session

    private func login(_ call: inout Call) async -> Response {
        let text = call.text
        guard let token, let devices else { return Reply.redirect("/") }
        var candidate: String? = nil
        if call.request.method == .get {
            // The QR code's one-time link logs one device in, once, within minutes.
            if let link = call.request.uri.queryParameters["link"] {
                guard links.redeem(String(link)) else {
                    return LoginPage(text: text, message: text[.webLoginFailed]).response(status: .unauthorized)
                }
                return openDevice(call, devices: devices)
            }
            guard let given = call.request.uri.queryParameters["token"] else {
                return LoginPage(text: text, message: nil).response(status: .ok)
            }
            candidate = String(given)
        } else if call.request.method == .post {
            guard requestGuard.isAllowed(origin: call.request.headers[.origin], host: call.host) else {
                return Reply.problem(.forbidden, text[.webForbidden] + ": Origin", wantsJSON: call.wantsJSON, text: text)
            }
            guard let body = try? await call.request.collectBody(upTo: Self.maximumBody) else {
                return Reply.problem(.contentTooLarge, text[.webTooLarge], wantsJSON: call.wantsJSON, text: text)
            }
            candidate = FormBody(Substring(String(buffer: body)))["token"]
        } else {
            return Reply.problem(.methodNotAllowed, text[.webBadRequest], wantsJSON: call.wantsJSON, text: text)
        }
        // The token is 192 random bits that no throttle makes safer: the owner's token always
        // logs in, even while their address is throttled.
        let isTokenRight = candidate.map(token.matches) ?? false
        if !isTokenRight {
            guard sessions.mayTryLogin(call.client) else {
                return LoginPage(text: text, message: text[.webTooManyLogins]).response(status: .tooManyRequests)
            }
            // The password (`habit serve --set-password`) is taken from the form only, never from
            // an address, which would keep it in the history. It is read at each try, so setting
            // one needs no restart.
            let isPost = call.request.method == .post
            guard isPost, let candidate, ServePassword.load(environment: environment)?.matches(candidate) ?? false else {
                sessions.recordFailure(call.client)
                return LoginPage(text: text, message: text[.webLoginFailed]).response(status: .unauthorized)
            }
        }
        return openDevice(call, devices: devices)
    }

    /// A new device session: kept (hashed) across restarts, its secret only in the cookie.
    private func openDevice(_ call: Call, devices: DeviceBook) -> Response {
        let opened: (secret: String, device: ServeAccess.Device)
        do { opened = try devices.open(userAgent: call.request.headers[.userAgent]) } catch {
            return Reply.problem(.internalServerError, WebRefusal.sentence(error, call.text.messages, today: nil), wantsJSON: call.wantsJSON, text: call.text)
        }
        // Over HTTPS (a TLS reverse proxy in front) the cookie is never sent over plain HTTP.
        let secure = Client.cameOverHTTPS(call.request.headers) ? "; Secure" : ""
        // The redirect takes the token out of the address bar and the history. 400 days: the
        // longest a browser keeps a cookie; `habit serve --revoke` ends it sooner.
        return Reply.redirect("/", extra: [.setCookie: "\(cookieName)=\(opened.secret); HttpOnly; SameSite=Strict; Path=/; Max-Age=\(DeviceBook.cookieLifetime)\(secure)"])
    }

    // MARK: a change

    struct Refusal: Error {
        let response: Response
    }

    /// The Origin, the body (bounded, a form) and the CSRF token (field or header) of a change.
    func checkedForm(_ call: inout Call, session: SessionBook.Session) async -> Result<FormBody, Refusal> {
        let text = call.text
        if let refusal = originRefusal(call) { return .failure(Refusal(response: refusal)) }
        let type = (call.request.headers[.contentType] ?? "").lowercased()
        guard type.hasPrefix("application/x-www-form-urlencoded") else {
            return .failure(Refusal(response: Reply.problem(.unsupportedMediaType, text[.webBadRequest], wantsJSON: call.wantsJSON, text: text)))
        }
        guard let body = try? await call.request.collectBody(upTo: Self.maximumBody) else {
            return .failure(Refusal(response: Reply.problem(.contentTooLarge, text[.webTooLarge], wantsJSON: call.wantsJSON, text: text)))
        }
        let form = FormBody(Substring(String(buffer: body)))
        if let refusal = csrfRefusal(call, given: call.request.headers[.init("X-CSRF-Token")!] ?? form["csrf"]) {
            return .failure(Refusal(response: refusal))
        }
        return .success(form)
    }

    /// Sets one day of one tracker: done (with an amount for a numeric habit) or not done. The
    /// same request twice leaves the same file: a retry from an offline queue never undoes it.
    private func mark(_ call: Call, form: FormBody) -> Response {
        let text = call.text
        func bad(_ what: String, _ status: HTTPResponse.Status = .badRequest) -> Response {
            Reply.problem(status, text[.webBadRequest] + ": " + what, wantsJSON: call.wantsJSON, text: text)
        }
        guard let id = form["tracker"], let dateText = form["date"], let state = form["state"] else { return bad("tracker, date, state") }
        guard let day = CivilDate(dateText) else { return bad("date") }
        // A habit to quit logs or removes the day's slip, as `habit slip` and `habit unslip` do.
        guard ["done", "undone", "slip", "unslip"].contains(state) else { return bad("state") }
        var amount: AmountChange? = nil
        if let amountText = form["amount"], !amountText.isEmpty {
            guard state == "done", let value = Double(amountText), value.isFinite, value >= 0 else { return bad("amount") }
            amount = .set(value)
        }
        // A copy of its own, which the use case edits (the kept one is read by other requests).
        let store: Store
        do { store = try keeper.current().copy() } catch {
            return Reply.problem(.internalServerError, WebRefusal.sentence(error, text.messages, today: nil), wantsJSON: call.wantsJSON, text: text)
        }
        // An identifier names a loaded tracker or nothing: it never becomes a path.
        guard store.journal.tracker(id: id) != nil else { return bad("tracker", .notFound) }
        let today = clock.today(store.settings)
        let outcome: MarkOutcome
        do {
            switch state {
            case "slip": outcome = try habits.mark(.slipped, id, on: day, today: today, reusing: store)
            case "unslip": outcome = try habits.unslip(id, on: day, today: today, reusing: store)
            default: outcome = try habits.mark(state == "done" ? .done : nil, id, on: day, today: today, amount: amount, reusing: store)
            }
        } catch {
            return Reply.problem(.conflict, WebRefusal.sentence(error, text.messages, today: today), wantsJSON: call.wantsJSON, text: text)
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
    private func sync(_ call: Call, session: SessionBook.Session) -> Response {
        let t = call.text.messages
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

    // MARK: pages

    private func dayPage(_ call: Call, session: SessionBook.Session) -> Response {
        let text = call.text
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
        let screen = DayScreen(journal: store.journal, day: day, today: today, search: query, filter: filter, language: text.language)
        // "Sync now" only where there is something to sync with.
        let sync = habits.syncState()
        let content = DayPage(text: text, screen: screen, csrf: session.csrf, problems: store.errors).render()
            + (sync.hasRemote ? SyncBar(text: text, csrf: session.csrf).render() : "")
        let note = sessions.takeFlash(session.id) ?? sync.offlineNote.map { Self.syncNote(text, count: $0.count, reason: $0.reason) }
        // Kept by the service worker for opening with no network; per session, so never by a shared cache.
        return Reply.html(PageFrame(text: text, title: text[.webTrackers], csrf: session.csrf, tab: "trackers", note: note).render(content),
                          extra: [.cacheControl: "private, no-cache"])
    }

    private func statsPage(_ call: Call, session: SessionBook.Session) -> Response {
        let text = call.text
        let store: Store
        do { store = try keeper.current() } catch { return Reply.problem(.internalServerError, WebRefusal.sentence(error, text.messages, today: nil), wantsJSON: false, text: text) }
        let screen = StatisticsScreen(journal: store.journal, today: clock.today(store.settings))
        // The note names "Sync now", so the button is here too while changes wait.
        let sync = habits.syncState()
        let content = StatsPage(text: text, statistics: screen.overall).render() + TrackerFiguresList(text: text, screen: screen).render()
            + ProblemList(text: text, problems: store.errors).render()
            + (sync.offlineNote != nil ? SyncBar(text: text, csrf: session.csrf).render() : "")
        let note = sync.offlineNote.map { Self.syncNote(text, count: $0.count, reason: $0.reason) }
        return Reply.html(PageFrame(text: text, title: text[.webStatistics], csrf: session.csrf, tab: "statistics", note: note).render(content))
    }

    /// The specs' note at the top while changes wait for a sync or the last one failed.

    static func syncNote(_ text: WebText, count: Int, reason: String?) -> String {
        text.messages.syncNote(count: count, reason: reason, action: .button)
    }
}

/// The "Sync now" button, shown when the directory has a remote.
struct SyncBar {
    let text: WebText
    let csrf: String

    func render() -> String {
        "<form class=\"syncbar\" method=\"post\" action=\"/sync\">" + PageFrame.csrfField(csrf)
            + "<button type=\"submit\">\(HTML.escape(text[.webSyncNow]))</button></form>\n"
    }
}

