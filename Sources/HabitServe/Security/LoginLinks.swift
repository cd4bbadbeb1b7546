import HabitKit
import HabitSystem
import Synchronization

/// One-time login links (the QR code `habit serve` shows): a random secret that logs one device
/// in, once, within a few minutes. Only its hash is kept, in memory.
final class LoginLinks: Sendable {
    private let links = Mutex<[String: Double]>([:])
    /// How long a link works after it was made.
    static let lifetime = 10.0 * 60

    /// A new link's secret.
    func make() -> String {
        let secret = ServeSecret.make()
        let expiry = SystemClock.monotonicSeconds() + Self.lifetime
        links.withLock { links in
            let now = SystemClock.monotonicSeconds()
            links = links.filter { $0.value > now }
            links[ServeSecret.hash(secret)] = expiry
        }
        return secret
    }

    /// Whether `secret` is a link still unused and in time; it is used up either way.
    func redeem(_ secret: String) -> Bool {
        let hash = ServeSecret.hash(secret)
        return links.withLock { links in
            guard let expiry = links.removeValue(forKey: hash) else { return false }
            return SystemClock.monotonicSeconds() <= expiry
        }
    }
}
