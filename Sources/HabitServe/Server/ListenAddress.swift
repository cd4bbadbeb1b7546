/// Where the server listens: an IPv4 address or a name, and a port.
struct ListenAddress: Equatable, Sendable {
    var host: String
    var port: Int

    init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// "127.0.0.1:8023", "0.0.0.0:8023", "localhost:8023", "[::1]:8023", or ":8023" (loopback).
    init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
              (0...65_535).contains(port) else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.isEmpty { host = "127.0.0.1" }
        self.host = host.lowercased()
        self.port = port
    }

    /// Only this machine can connect.
    var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// How the address is written in a URL's authority.
    var authority: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
