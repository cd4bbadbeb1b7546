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
    /// The hash of each secret that was a device's or token's lately, so a phone's every request
    /// does not hash its cookie again. Only recognised secrets are kept: a stranger's guesses cannot
    /// fill it, and a revoked secret is still looked up in the file's current devices.
    private let recognized = Mutex<[String: String]>([:])
    /// More recognised secrets than this start the memory afresh.
    static let recognizedLimit = 256
    /// A device's or token's last use is written when it is older than this.
    static let touchInterval = 60
    /// The device cookie's Max-Age: 400 days, the longest a browser keeps a cookie.
    static let cookieLifetime = 400 * 86_400

    init(file: ServeAccessFile, now: @escaping @Sendable () -> Int) {
        self.file = file
        self.now = now
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

    /// The device whose cookie holds `secret`; its last-seen time is brought up to date.
    func device(secret: String) -> ServeAccess.Device? {
        let hash = hash(of: secret)
        guard let device = current().devices.first(where: { Random.constantTimeEqual($0.hash, hash) }) else { return nil }
        recognize(secret, hash: hash)
        let time = now()
        if time - device.lastSeen >= Self.touchInterval {
            _ = try? file.update { (access: inout ServeAccess) throws(HabitError) in
                guard let index = access.devices.firstIndex(where: { $0.hash == hash }) else { return ((), changed: false) }
                access.devices[index].lastSeen = time
                return ((), changed: true)
            }
        }
        return device
    }

    /// The API token `secret` (or, with `feed`, the calendar feed token: neither is ever taken for
    /// the other); its last use is brought up to date.
    func token(secret: String, feed: Bool = false) -> ServeAccess.Token? {
        let hash = hash(of: secret)
        guard let token = current().tokens.first(where: { $0.isFeed == feed && Random.constantTimeEqual($0.hash, hash) }) else { return nil }
        recognize(secret, hash: hash)
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

    private func hash(of secret: String) -> String {
        recognized.withLock { $0[secret] } ?? ServeSecret.hash(secret)
    }

    private func recognize(_ secret: String, hash: String) {
        recognized.withLock { known in
            guard known[secret] == nil else { return }
            if known.count >= Self.recognizedLimit { known.removeAll() }
            known[secret] = hash
        }
    }

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
