import Hummingbird

/// The checks every request passes before it reaches a page: the `Host` header (against DNS
/// rebinding), and for a change the `Origin` and the CSRF token.
struct RequestGuard: Sendable {
    let listen: ListenAddress
    let allowedHosts: [String]

    /// The host names (with the port where it must be given) a browser may use for this server.
    func isAllowed(host header: String?) -> Bool {
        guard let header = header?.lowercased(), !header.isEmpty else { return false }
        var name = header
        var port: Int? = nil
        if let colon = header.lastIndex(of: ":"), !header.hasSuffix("]") {
            guard let number = Int(header[header.index(after: colon)...]) else { return false }
            name = String(header[..<colon])
            port = number
        }
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        // A name the user allowed may come through a reverse proxy on any port.
        if allowedHosts.contains(name) { return true }
        guard port == listen.port else { return false }
        if name == listen.host { return true }
        if listen.isLoopback || listen.host == "0.0.0.0" || listen.host == "::" {
            if ["localhost", "127.0.0.1", "::1"].contains(name) { return true }
        }
        // On a wildcard address the machine's own addresses are reached as numbers: an IP literal
        // cannot be rebound, names can (DNS rebinding), so only literals pass.
        if listen.host == "0.0.0.0" || listen.host == "::" { return Self.isIPLiteral(name) }
        return false
    }

    /// The `Origin` of a change must be this server, as the browser reached it.
    func isAllowed(origin: String?, host: String?) -> Bool {
        guard let origin = origin?.lowercased(), let host = host?.lowercased(), isAllowed(host: host) else { return false }
        if origin == "http://" + host || origin == "https://" + host { return true }
        // Behind a reverse proxy on the standard port the browser's origin has no port.
        for name in allowedHosts where origin == "https://" + name || origin == "http://" + name { return true }
        return false
    }

    /// A request a browser made for a page of another site or another origin of this site
    /// (`cross-site`, `same-site`) is refused, except a link followed to one of our pages (a GET
    /// navigation, which shows the user our page and gives the other page nothing). Clients that
    /// send no `Sec-Fetch-Site` (scripts, older browsers) rely on the other checks.
    static func isAllowed(fetchSite: String?, mode: String?, method: HTTPRequest.Method) -> Bool {
        guard let site = fetchSite?.lowercased(), site == "cross-site" || site == "same-site" else { return true }
        return method == .get && mode?.lowercased() == "navigate"
    }

    static func isIPLiteral(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 4, parts.allSatisfy({ part in Int(part).map { (0...255).contains($0) } ?? false }) { return true }
        return name.contains(":") && name.allSatisfy { $0.isHexDigit || $0 == ":" }
    }
}
