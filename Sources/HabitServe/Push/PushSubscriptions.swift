import FoundationEssentials
import HabitKit
import HabitStore
import HabitSystem

#if canImport(Glibc)
import Glibc
#endif

/// One browser's push subscription (the Push API's `PushSubscription.toJSON()`), kept for the
/// device that made it, with the language its request negotiated (the notification's words).
struct PushSubscription: Codable, Equatable, Sendable {
    /// The principal's key (`device:<hash>`, or `open` without authentication).
    var device: String
    var endpoint: String
    /// The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url.
    var p256dh: String
    var auth: String
    var language: String
    /// Seconds since the epoch.
    var created: Int

    /// Why a subscription's body was refused: the field to name in the 400.
    enum Problem: Error, Equatable {
        case field(String)
    }

    /// The body of `PUT /api/v1/push/subscription`, checked: an https endpoint (http only to a
    /// loopback host: tests and relays on this machine), a 65-byte uncompressed P-256 point and a
    /// 16-byte auth secret.
    static func checked(_ body: [UInt8], device: String, language: String, now: Int) throws(Problem) -> PushSubscription {
        struct Body: Decodable {
            struct Keys: Decodable {
                var p256dh: String
                var auth: String
            }
            var endpoint: String
            var keys: Keys
        }
        guard let decoded = try? JSONDecoder().decode(Body.self, from: Data(body)) else { throw .field("body") }
        guard decoded.endpoint.utf8.count <= 2048, Self.acceptsEndpoint(decoded.endpoint) else { throw .field("endpoint") }
        guard let point = Base64URL.decode(decoded.keys.p256dh), point.count == 65, point[0] == 4 else { throw .field("keys.p256dh") }
        guard let secret = Base64URL.decode(decoded.keys.auth), secret.count == 16 else { throw .field("keys.auth") }
        return PushSubscription(device: device, endpoint: decoded.endpoint, p256dh: Base64URL.encode(point), auth: Base64URL.encode(secret),
                                language: language, created: now)
    }

    /// https anywhere; http only to 127.0.0.0/8, ::1 or localhost; a port up to 65535; printable
    /// ASCII. The same pattern as the schema's in docs/openapi.yaml (`OpenAPIRoutesTests`).
    static let endpointPattern = #"^(https://[A-Za-z0-9.-]+|http://(localhost|127(\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}|\[::1\]))(:([0-9]{1,4}|[0-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?(/[!-~]*)?$"#

    static func acceptsEndpoint(_ endpoint: String) -> Bool {
        guard let pattern = try? Regex(endpointPattern) else { return false }
        return endpoint.wholeMatch(of: pattern) != nil
    }
}

/// The subscriptions of one data directory (`PushFiles.subscriptions`): a small JSON file of this
/// machine, mode 0600, replaced atomically under a lock, read afresh at each use (the server and a
/// `habit-serve --push-due` run both change it). One subscription per device; the file is removed
/// when the last one goes, so that `habit remind run` starts nothing when there is none.
struct PushSubscriptions: Sendable {
    let path: String

    init(directory: DataDirectory, environment: [String: String]) {
        path = PushFiles.subscriptions(directory: directory, environment: environment)
    }

    init(path: String) {
        self.path = path
    }

    func all() -> [PushSubscription] {
        let slash = path.lastIndex(of: "/")!
        guard case .success(let bytes) = SafeDirectory(root: String(path[..<slash])).read(String(path[path.index(after: slash)...])) else { return [] }
        return (try? JSONDecoder().decode([PushSubscription].self, from: Data(bytes))) ?? []
    }

    /// Keeps `subscription` as its device's one.
    func put(_ subscription: PushSubscription) throws(PushStateFailure) {
        try update { list in
            list.removeAll { $0.device == subscription.device || $0.endpoint == subscription.endpoint }
            list.append(subscription)
        }
    }

    func remove(device: String) throws(PushStateFailure) {
        try update { $0.removeAll { $0.device == device } }
    }

    /// What the push service said no longer exists (404 or 410).
    func remove(endpoint: String) throws(PushStateFailure) {
        try update { $0.removeAll { $0.endpoint == endpoint } }
    }

    func removeAll() throws(PushStateFailure) {
        try update { $0.removeAll() }
    }

    private func update(_ change: (inout [PushSubscription]) -> Void) throws(PushStateFailure) {
        let folder = String(path[..<path.lastIndex(of: "/")!])
        guard case .success = SafeDirectory.makeDirectories(folder, mode: 0o700) else { throw PushStateFailure(path: path, errno: errno) }
        let lock = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lock >= 0 else { throw PushStateFailure(path: path, errno: errno) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw PushStateFailure(path: path, errno: errno) }
        }
        let before = all()
        var list = before
        change(&list)
        guard list != before else { return }
        if list.isEmpty {
            guard unlink(path) == 0 || errno == ENOENT else { throw PushStateFailure(path: path, errno: errno) }
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(list) else { throw PushStateFailure(path: path, errno: EINVAL) }
        do throws(SecretFile.WriteFailure) {
            try SecretFile.write(String(decoding: data, as: UTF8.self), to: path)
        } catch {
            throw PushStateFailure(path: path, errno: error.errno)
        }
    }
}

/// A push state file that could not be written: which, and the `errno` of the step that failed.
struct PushStateFailure: Error, CustomStringConvertible {
    let path: String
    let errno: Int32

    var description: String { "\(path): " + ErrorNumber.text(errno) }
}
