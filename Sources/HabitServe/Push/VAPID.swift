import Crypto
import FoundationEssentials
import HabitKit
import HabitStore

/// The server's identity to push services (RFC 8292): one P-256 key pair per data directory, made
/// at the first need and kept in the state folder (`PushFiles.vapidKey`, mode 0600), never in the
/// data directory. A browser subscribes with its public key (`GET /api/v1/push/key`), and a push
/// service takes a message for that subscription only with a token this key signed.
struct VAPID: Sendable {
    let key: P256.Signing.PrivateKey
    /// Who runs this server, for the push service's operator: a `mailto:` or `https:` URL.
    let subject: String

    /// The contact when `habit serve` is given none (`--push-contact`): a domain that resolves,
    /// since Apple's push service refuses a token naming `localhost`.
    static let defaultSubject = "mailto:habit-serve@example.com"

    /// The public key as a browser's `applicationServerKey` takes it: base64url of the 65-byte
    /// uncompressed point.
    var publicKey: String { Base64URL.encode(key.publicKey.x963Representation) }

    /// `Authorization: vapid t=JWT, k=KEY` for a message to `endpoint`: the token names the
    /// endpoint's origin and expires in 12 hours (RFC 8292 allows 24).
    func authorization(endpoint: String, now: Int) -> String? {
        guard let audience = Self.origin(of: endpoint) else { return nil }
        return "vapid t=\(token(audience: audience, expires: now + 12 * 3600)), k=\(publicKey)"
    }

    /// A JWT (RFC 7519) signed with ES256 (RFC 7518 §3.4: r and s, 32 bytes each).
    func token(audience: String, expires: Int) -> String {
        let header = Base64URL.encode(Array(#"{"typ":"JWT","alg":"ES256"}"#.utf8))
        let claims = JSONValue.object([("aud", .string(audience)), ("exp", .number(Double(expires))), ("sub", .string(subject))]).text
        let signed = header + "." + Base64URL.encode(Array(claims.utf8))
        guard let signature = try? key.signature(for: Array(signed.utf8)) else { return signed + "." }
        return signed + "." + Base64URL.encode(signature.rawRepresentation)
    }

    /// `scheme://host[:port]` of an http or https URL; nil for anything else.
    static func origin(of url: String) -> String? {
        let lowered = url.lowercased()
        guard let scheme = ["https://", "http://"].first(where: { lowered.hasPrefix($0) }) else { return nil }
        let rest = url.dropFirst(scheme.count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        // A host name or address, or an IPv6 literal in brackets, and at most a port of digits.
        var host = Substring(authority)
        var port: Substring = ""
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            port = host[host.index(after: close)...]
            host = host[host.index(after: host.startIndex)..<close]
            guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            if let colon = host.firstIndex(of: ":") {
                port = host[colon...]
                host = host[..<colon]
            }
            guard !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }) else { return nil }
        }
        if !port.isEmpty {
            let digits = port.dropFirst()
            guard port.first == ":", (1...5).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let number = Int(digits), number <= 65535 else { return nil }
        }
        return scheme + authority.lowercased()
    }

    /// The key of `path`, made (and written, 0600) when there is none or it cannot be read;
    /// `made` says so, since every subscription made for a key it replaced is now useless.
    static func load(path: String, subject: String) throws(PushStateFailure) -> (vapid: VAPID, made: Bool) {
        if let text = SecretFile.read(path), let raw = Base64URL.decode(text),
           let key = try? P256.Signing.PrivateKey(rawRepresentation: raw) {
            return (VAPID(key: key, subject: subject), false)
        }
        let key = P256.Signing.PrivateKey()
        do throws(SecretFile.WriteFailure) {
            try SecretFile.write(Base64URL.encode(key.rawRepresentation), to: path)
        } catch {
            throw PushStateFailure(path: path, errno: error.errno)
        }
        return (VAPID(key: key, subject: subject), true)
    }
}
