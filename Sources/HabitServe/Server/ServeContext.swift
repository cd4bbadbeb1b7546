import Hummingbird

/// What the server knows of a request beyond its head and body, filled in on its way through the
/// middleware (WebRoutes): the peer that sent it, the language and form of the answer, who sent
/// it, and a change's checked body.
struct ServeContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The peer's IP address: a reverse proxy's when one is in front (see `Client`), by which the
    /// login throttle counts failures (so one client's wrong guesses never lock out another).
    let peer: String?
    /// The answer's words, in the language of `Accept-Language` (`RequestChecks`).
    var text = WebText(language: .english)
    /// Whether a refusal is answered in JSON: the client accepts it, or it asked the API.
    var wantsJSON = false
    /// Who sent the request, once `Authentication` found out; nil before, and on the open routes.
    var principal: Principal?
    /// A change's body, read within its bound once its Origin was checked (`ChangeChecks`).
    var body: ByteBuffer?
    /// A page's change: its form's fields, CSRF token checked.
    var form: FormBody?

    init(source: ApplicationRequestContextSource) {
        self.init(source: source, peer: source.channel.remoteAddress?.ipAddress)
    }

    /// - Parameter peer: the address of the connection's other end (nil when unknown).
    init(source: some RequestContextSource, peer: String?) {
        coreContext = .init(source: source)
        self.peer = peer
    }

    /// The client as the login throttle counts it.
    func client(_ request: Request) -> Client {
        Client(peer: peer, headers: request.headers)
    }
}
