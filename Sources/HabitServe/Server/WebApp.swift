import HabitKit
import HabitStore
import Hummingbird

/// What `habit serve` keeps while it runs, and that its routes (WebRoutes) work with: the data
/// directory as last loaded, the checks' settings, the devices and tokens, the sessions' flashes
/// and the API's applied change ids. Every change goes through the same HabitKit use case the CLI calls.
struct WebApp: Sendable {
    let habits: Habits
    /// The directory as last loaded, shared by the requests while no file changes on disk.
    let keeper: StoreKeeper
    /// The pages as last drawn from the kept store, gzipped.
    let drawn = DrawnPages()
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
    /// Web Push: the key, the devices' subscriptions, the reminders' sends and snoozes.
    let push: PushReminders

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
        push = PushReminders(directory: habits.directory, environment: environment, report: { HabitServe.printError($0) })
    }

    /// A request as its route gets it, with what the middleware found out (`ServeContext`).
    struct Call {
        let request: Request
        let context: ServeContext
        var text: WebText { context.text }
        var wantsJSON: Bool { context.wantsJSON }
        /// The host the browser asked for (checked by `RequestGuard`).
        var host: String? { request.head.authority }

        /// A refusal in the request's words, as the client asked (an HTML page or JSON).
        func problem(_ status: HTTPResponse.Status, _ message: String) -> Response {
            Reply.problem(status, message, wantsJSON: wantsJSON, text: text)
        }
    }
}
