import Hummingbird

/// Every address `habit serve` answers, in one place, each in the group that says what it needs:
///
/// - every request: compression, the language, `Host` and `Sec-Fetch-Site` (`RequestGuard`), and
///   the answer to a request no route takes (`Unrouted`);
/// - open: the assets, the login and the calendar feed (its own feed token, `CalendarRoute`);
/// - `pages`: a device's cookie (or `--no-auth`'s open session), never an API token;
///   `pageChanges` adds the Origin, a bounded form and the CSRF token;
/// - `api` (`/api/v1`): a device's cookie or an API token (`Authorization: Bearer`);
///   `apiChanges` adds the Origin, a bounded JSON body and the CSRF token (none for a token).
///
/// A new route is one line in its group; docs/openapi.yaml lists the API's (RoutingTests checks).
enum WebRoutes {
    static let login = "/login"

    static func router(_ app: WebApp) -> Router<ServeContext> {
        let router = Router(context: ServeContext.self)
        router.addMiddleware {
            CompressionMiddleware()
            Negotiation()
            app.requestGuard
            Unrouted(authenticator: app.authenticator)
        }
        for (path, asset) in Assets.all {
            router.get(RouterPath(path)) { request, _ in Assets.reply(asset, ifNoneMatch: request.headers[values: .ifNoneMatch]) }
        }
        router.get(RouterPath(login), use: open(app.login))
        router.post(RouterPath(login), use: open(app.login))
        // The calendar feed takes its own token from the address (calendar apps send no header);
        // any method reaches it, and it answers 405 to all but GET and HEAD.
        for method: HTTPRequest.Method in [.get, .head, .post, .put, .delete, .patch] {
            router.on(RouterPath(CalendarRoute.path), method: method, use: open(app.calendarFeed))
        }

        let pages = router.group().add(middleware: Authentication(authenticator: app.authenticator, acceptsBearer: false))
        pages.get("/", use: signedIn(app.dayPage))
        pages.get("/stats", use: signedIn(app.statsPage))
        pages.get(RouterPath(WelcomeRoutes.path), use: signedIn(app.welcomePage))
        pages.get("/new", use: signedIn(app.newTrackerPage))
        pages.get("/edit", use: signedIn(app.editTrackerPage))
        pages.get("/delete", use: signedIn(app.deleteTrackerPage))
        pages.get("/tracker", use: signedIn(app.detailsPage))
        pages.get("/tracker/year.svg", use: signedIn(app.yearImage))
        pages.get("/categories", use: signedIn(app.categoriesPage))
        pages.get("/category/delete", use: signedIn(app.deleteCategoryPage))

        let pageChanges = pages.group().add(middleware: ChangeChecks(body: .form, requestGuard: app.requestGuard))
        pageChanges.post("/mark", use: changing(app.mark))
        pageChanges.post("/sync", use: changing(app.sync))
        pageChanges.post("/new", use: changing(app.createTracker))
        pageChanges.post("/edit", use: changing(app.saveTracker))
        pageChanges.post("/form/check", use: changing(app.checkForm))
        pageChanges.post("/form/category", use: changing(app.addCategoryFromForm))
        pageChanges.post("/pin", use: changing(app.pin))
        pageChanges.post("/archive", use: changing(app.archive))
        pageChanges.post("/delete", use: changing(app.deleteTracker))
        pageChanges.post("/category/add", use: changing(app.addCategory))
        pageChanges.post("/category/rename", use: changing(app.renameCategory))
        pageChanges.post("/category/delete", use: changing(app.deleteCategory))

        let api = router.group(RouterPath(APIRoutes.prefix)).add(middleware: Authentication(authenticator: app.authenticator, acceptsBearer: true))
        api.get("/whoami", use: signedIn(app.whoAmI))
        api.get("/day", use: signedIn(app.dayAnswer))
        api.get("/push/key", use: signedIn(app.pushKey))

        let apiChanges = api.group().add(middleware: ChangeChecks(body: .json, requestGuard: app.requestGuard))
        apiChanges.post("/changes", use: sending(app.applyChanges))
        apiChanges.put("/push/subscription", use: sending(app.subscribe))
        apiChanges.delete("/push/subscription", use: sending(app.unsubscribe))
        apiChanges.post("/push/snooze", use: sending(app.snooze))
        return router
    }

    // What each kind of route is handed; the group's middleware put it in the context.

    typealias Handler = @Sendable (Request, ServeContext) async throws -> Response

    static func open(_ route: @escaping @Sendable (WebApp.Call) async -> Response) -> Handler {
        { request, context in await route(WebApp.Call(request: request, context: context)) }
    }

    /// A route behind `Authentication`: its principal.
    static func signedIn(_ route: @escaping @Sendable (WebApp.Call, Principal) async -> Response) -> Handler {
        { request, context in
            let call = WebApp.Call(request: request, context: context)
            guard let principal = context.principal else { return Authentication.askToLogIn(call) }
            return await route(call, principal)
        }
    }

    /// A page's change behind `ChangeChecks(body: .form)`: its principal and form.
    static func changing(_ route: @escaping @Sendable (WebApp.Call, Principal, FormBody) async -> Response) -> Handler {
        { request, context in
            let call = WebApp.Call(request: request, context: context)
            guard let principal = context.principal, let form = context.form else { return Authentication.askToLogIn(call) }
            return await route(call, principal, form)
        }
    }

    /// The API's change behind `ChangeChecks(body: .json)`: its principal and body.
    static func sending(_ route: @escaping @Sendable (WebApp.Call, Principal, ByteBuffer) async -> Response) -> Handler {
        { request, context in
            let call = WebApp.Call(request: request, context: context)
            guard let principal = context.principal, let body = context.body else { return Authentication.askToLogIn(call) }
            return await route(call, principal, body)
        }
    }

}
