import FoundationEssentials

/// The SSH host key a server presented, and what habit knows about it.
public struct SSHHostKey: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        /// No line of `~/.ssh/known_hosts` names this host (with any key type libssh2 can read).
        case unknown
        /// A line names this host with a different key of the same type: possibly an attack.
        case changed
    }

    public let host: String
    public let port: Int
    /// The SSH name of the key type, such as `ssh-ed25519`.
    public let keyType: String
    /// OpenSSH's form: `SHA256:` and the unpadded base64 SHA-256 of the key.
    public let fingerprint: String
    /// The key in base64, as the third field of a known_hosts line.
    public let key: String
    public let status: Status
    /// The known_hosts file habit consulted.
    public let knownHostsPath: String

    /// `host` for port 22, `[host]:port` otherwise, as OpenSSH writes known_hosts.
    public var hostField: String { port == 22 ? host : "[\(host)]:\(port)" }
    /// The line that trusts this key.
    public var knownHostsLine: String { "\(hostField) \(keyType) \(key)" }
    /// The short type name `ssh-keyscan -t` takes (`ed25519`, `ecdsa`, `rsa`).
    public var shortKeyType: String {
        if keyType == "ssh-ed25519" { return "ed25519" }
        if keyType.hasPrefix("ecdsa") { return "ecdsa" }
        if keyType == "ssh-rsa" { return "rsa" }
        return keyType
    }
}

/// Reads a known_hosts file the way OpenSSH does (plain and hashed host names, `[host]:port`,
/// `*`/`?` patterns, `@revoked`), so habit can accept hosts listed in the file its environment
/// names and tell an unknown host from a changed key. libgit2 1.5 itself only reads the
/// process's `$HOME/.ssh/known_hosts` and cannot say which of the two it saw.
enum KnownHosts {
    enum Verdict: Equatable {
        case match, changed, unknown, revoked
    }

    static func check(path: String, host: String, port: Int, keyType: String, key: Data) -> Verdict {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return .unknown }
        let hostField = port == 22 ? host : "[\(host)]:\(port)"
        var result = Verdict.unknown
        for rawLine in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var fields = rawLine.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let first = fields.first, !first.hasPrefix("#") else { continue }
            var revoked = false
            if first.hasPrefix("@") {
                guard first == "@revoked" else { continue }  // host certificates are not supported
                revoked = true
                fields.removeFirst()
            }
            guard fields.count >= 3, let lineKey = Data(base64Encoded: fields[2]) else { continue }
            if revoked {
                if lineKey == key { return .revoked }
                continue
            }
            // libssh2 also accepts a bare host name for any port; so do we, to agree with it.
            guard matches(patterns: fields[0], host: hostField) || (port != 22 && matches(patterns: fields[0], host: host))
            else { continue }
            if fields[1] != keyType { continue }
            if lineKey == key { result = .match } else if result != .match { result = .changed }
        }
        return result
    }

    static func matches(patterns: String, host: String) -> Bool {
        var matched = false
        for pattern in patterns.split(separator: ",") {
            if pattern.hasPrefix("|1|") {
                let parts = pattern.split(separator: "|")
                guard parts.count == 3, let salt = Data(base64Encoded: String(parts[1])),
                      let hash = Data(base64Encoded: String(parts[2])) else { continue }
                if SHA1.hmac(key: salt, message: Data(host.utf8)) == hash { matched = true }
            } else if pattern.hasPrefix("!") {
                if wildcard(pattern.dropFirst().lowercased(), host.lowercased()) { return false }
            } else if wildcard(pattern.lowercased(), host.lowercased()) {
                matched = true
            }
        }
        return matched
    }

    /// OpenSSH patterns: `*` and `?` only (`[` is literal, for `[host]:port`).
    private static func wildcard(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern.utf8), t = Array(text.utf8)
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] == UInt8(ascii: "?") || p[pi] == t[ti] {
                pi += 1; ti += 1
            } else if pi < p.count, p[pi] == UInt8(ascii: "*") {
                star = pi; mark = ti; pi += 1
            } else if star >= 0 {
                pi = star + 1; mark += 1; ti = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == UInt8(ascii: "*") { pi += 1 }
        return pi == p.count
    }

    /// The key type named at the start of an SSH public key blob.
    static func keyType(ofBlob blob: Data) -> String? {
        let bytes = [UInt8](blob)
        guard bytes.count >= 4 else { return nil }
        let length = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        guard length > 0, length < 64, bytes.count >= 4 + length else { return nil }
        return String(decoding: bytes[4..<4 + length], as: UTF8.self)
    }
}

/// HMAC-SHA1, for matching hashed known_hosts names (as OpenSSH writes them).
extension SHA1 {
    static func hash(_ message: Data) -> Data { Data(digest([UInt8](message))) }

    static func hmac(key: Data, message: Data) -> Data {
        var block = [UInt8](key.count > 64 ? hash(key) : key)
        block += [UInt8](repeating: 0, count: 64 - block.count)
        let inner = Data(block.map { $0 ^ 0x36 }) + message
        return hash(Data(block.map { $0 ^ 0x5C }) + hash(inner))
    }
}
