import HabitKit
import HabitStore
import Synchronization

/// The server's view of `ServeAccessFile`: the devices and tokens as last read, read again when
/// the file changed (a `--revoke` from the CLI is seen at the next request), a secret looked up by
/// its hash, a device's last-seen time written at most once a minute.
final class DeviceBook: Sendable {
    let file: ServeAccessFile
    /// Seconds since the epoch (`HABIT_NOW` in tests).
    let now: @Sendable () -> Int

    private struct State {
        var access = ServeAccess()
        var version: [Int]? = nil
        var loaded = false
    }

    private let state = Mutex(State())
    /// What is kept of a secret that was a device's or token's lately, so a phone's every request
    /// neither hashes its cookie again nor derives its CSRF token again.
    struct Recognized: Sendable {
        let hash: String
        /// A device's CSRF token; nil for a token's secret, which posts without one.
        var csrf: String?
    }

    /// The recognised secrets. Only a secret that was a device's or token's is kept: a stranger's
    /// guesses cannot fill it, and a revoked secret is still looked up in the file's current devices
    /// (this keeps the hash, never the verdict).
    private let recognized = Mutex<[String: Recognized]>([:])
    /// More recognised secrets than this start the memory afresh.
    static let recognizedLimit = 256
    private let memoryLimit: Int
    /// A device's or token's last use is written when it is older than this.
    static let touchInterval = 60
    /// The device cookie's Max-Age: 400 days, the longest a browser keeps a cookie.
    static let cookieLifetime = 400 * 86_400

    /// - Parameter memoryLimit: how many recognised secrets are kept (`recognizedLimit`; tests
    ///   make it small).
    init(file: ServeAccessFile, now: @escaping @Sendable () -> Int, memoryLimit: Int = DeviceBook.recognizedLimit) {
        self.file = file
        self.now = now
        self.memoryLimit = memoryLimit
    }

    /// The access as on disk now. A file that does not parse lets no one in (and is never
    /// rewritten); the start of `habit serve` says what is wrong with it.
    private func current() -> ServeAccess {
        state.withLock { state in
            let version = file.version()
            if !state.loaded || version != state.version {
                state.access = (try? file.load()) ?? ServeAccess()
                state.version = version
                state.loaded = true
            }
            return state.access
        }
    }

    /// The device whose cookie holds `secret`, with the CSRF token its pages carry; its last-seen
    /// time is brought up to date.
    func device(secret: String) -> (device: ServeAccess.Device, csrf: String)? {
        let known = remembered(secret)
        let hash = known?.hash ?? ServeSecret.hash(secret)
        guard let device = current().devices.first(where: { Random.constantTimeEqual($0.hash, hash) }) else { return nil }
        let csrf = known?.csrf ?? Self.csrf(forDeviceSecret: secret)
        if known?.csrf == nil { remember(secret, Recognized(hash: hash, csrf: csrf)) }
        let time = now()
        if time - device.lastSeen >= Self.touchInterval {
            _ = try? file.update { (access: inout ServeAccess) throws(HabitError) in
                guard let index = access.devices.firstIndex(where: { $0.hash == hash }) else { return ((), changed: false) }
                access.devices[index].lastSeen = time
                return ((), changed: true)
            }
        }
        return (device, csrf)
    }

    /// The API token `secret` (or, with `feed`, the calendar feed token: neither is ever taken for
    /// the other); its last use is brought up to date.
    func token(secret: String, feed: Bool = false) -> ServeAccess.Token? {
        let known = remembered(secret)
        let hash = known?.hash ?? ServeSecret.hash(secret)
        guard let token = current().tokens.first(where: { $0.isFeed == feed && Random.constantTimeEqual($0.hash, hash) }) else { return nil }
        if known == nil { remember(secret, Recognized(hash: hash, csrf: nil)) }
        let time = now()
        if time - (token.lastUsed ?? 0) >= Self.touchInterval {
            _ = try? file.update { (access: inout ServeAccess) throws(HabitError) in
                guard let index = access.tokens.firstIndex(where: { $0.hash == hash }) else { return ((), changed: false) }
                access.tokens[index].lastUsed = time
                return ((), changed: true)
            }
        }
        return token
    }

    /// The device's CSRF token: an HMAC of a fixed purpose keyed by the cookie's secret, so a page
    /// loaded before a restart still posts after it, and the server keeps no secret to make it.
    static func csrf(forDeviceSecret secret: String) -> String {
        ServeSecret.mac(secret, "habit serve csrf")
    }

    private func remembered(_ secret: String) -> Recognized? {
        recognized.withLock { $0[secret] }
    }

    private func remember(_ secret: String, _ entry: Recognized) {
        recognized.withLock { known in
            if known[secret] == nil && known.count >= memoryLimit { known.removeAll() }
            known[secret] = entry
        }
    }

    /// How many secrets are remembered (for the tests of its bound).
    var recognizedCount: Int { recognized.withLock { $0.count } }

    /// A new device for a browser that just logged in: its secret (the cookie's value, never
    /// stored) and the device as kept.
    func open(userAgent: String?) throws(HabitError) -> (secret: String, device: ServeAccess.Device) {
        let secret = ServeSecret.make()
        let time = now()
        let device = try file.update { (access: inout ServeAccess) throws(HabitError) in
            // A device unseen for longer than its cookie lives can never come back: forgotten.
            access.devices.removeAll { time - $0.lastSeen > Self.cookieLifetime }
            let device = ServeAccess.Device(name: access.freeDeviceName(DeviceName.from(userAgent: userAgent)),
                                            hash: ServeSecret.hash(secret), created: time, lastSeen: time)
            access.devices.append(device)
            return (device, changed: true)
        }
        return (secret, device)
    }

    /// The problem with the file, if it does not parse (said once at the server's start).
    func problem() -> HabitError? {
        do { _ = try file.load() } catch { return error }
        return nil
    }
}
