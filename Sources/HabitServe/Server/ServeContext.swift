import Hummingbird

/// What Hummingbird knows of a request beyond its head and body: the address of the peer that
/// sent it, by which the login throttle counts failures (so one client's wrong guesses never lock
/// out another).
struct ServeContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The peer's IP address: a reverse proxy's when one is in front (see `Client`).
    let peer: String?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peer = source.channel.remoteAddress?.ipAddress
    }
}
