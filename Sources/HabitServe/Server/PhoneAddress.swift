import HabitLocalization
#if canImport(Glibc)
import Glibc
#endif

/// The address a phone opens to reach this server, and what `habit serve` prints about it at
/// the start: the address itself, a QR code holding a one-time login link, or how to make the
/// server reachable when it listens on this machine only.
enum PhoneAddress {
    /// The base URL for a phone: this machine's network address on a wildcard listen; the
    /// address listened on when it is not loopback; on loopback, `https://NAME` for the first
    /// `--allow-host` (the name a TLS reverse proxy such as `tailscale serve` answers to); nil
    /// when a phone cannot reach the server.
    static func base(listen: ListenAddress, allowedHosts: [String], networkAddress: () -> String? = PhoneAddress.networkAddress) -> String? {
        if listen.host == "0.0.0.0" || listen.host == "::" {
            guard let address = networkAddress() else { return nil }
            return "http://\(address):\(listen.port)"
        }
        if !listen.isLoopback { return "http://\(listen.authority)" }
        return allowedHosts.first.map { "https://\($0)" }
    }

    /// The first IPv4 address of an interface that is up and not loopback.
    static func networkAddress() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>? = nil
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            let flags = Int32(bitPattern: current.pointee.ifa_flags)
            guard let address = current.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                  flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0 else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }

    /// The lines `habit serve` prints for the phone after its start-up line.
    static func lines(listen: ListenAddress, allowedHosts: [String], loginLink: String?, colored: Bool, words: Messages) -> [String] {
        guard let base = base(listen: listen, allowedHosts: allowedHosts) else {
            return [words.text(.servePhoneUnreachable, listen.authority, listen.port)]
        }
        guard let loginLink else { return [words.text(.servePhoneOpen, base + "/")] }
        let url = "\(base)/login?link=\(loginLink)"
        guard let code = QRCode(url) else {
            let noCode = QRCode.unavailable.map { words.text(.serveNoQRCodeLibrary, $0) } ?? words[.serveNoQRCode]
            return [words.text(.servePhoneOpenOnce, url), noCode]
        }
        return [words.text(.servePhoneScan, url)] + code.halfBlocks(colored: colored)
    }
}
