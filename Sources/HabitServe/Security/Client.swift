import Hummingbird

/// Who sent a request, as far as the server can tell: the peer's address, or, when the peer is a
/// reverse proxy on this machine (loopback), the address that proxy names last in
/// `X-Forwarded-For` (the one it saw; earlier entries are the client's own claims). Used to keep
/// one client's failed logins from locking out another, never to grant anything.
struct Client: Hashable, Sendable {
    let address: String

    init(peer: String?, headers: HTTPFields) {
        let peer = peer ?? "unknown"
        if Self.isLoopback(peer), let forwarded = headers[values: .init("X-Forwarded-For")!].last {
            let last = forwarded.split(separator: ",").last.map { $0.trimmingCharacters(in: " ") } ?? ""
            address = last.isEmpty ? peer : last
        } else {
            address = peer
        }
    }

    static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
    }

    /// Whether the browser reached the server over HTTPS (through a TLS reverse proxy, which says
    /// so in `X-Forwarded-Proto`): then its cookies are `Secure`. A forged header only makes a
    /// client's own cookie stricter.
    static func cameOverHTTPS(_ headers: HTTPFields) -> Bool {
        headers[values: .init("X-Forwarded-Proto")!].last?.lowercased().split(separator: ",").first?.trimmingCharacters(in: " ") == "https"
    }
}
