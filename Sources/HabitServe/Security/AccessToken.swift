import FoundationEssentials
import HabitKit

/// The secret a browser presents once to log in, kept in `$XDG_CONFIG_HOME/habit/serve-token`
/// with mode 0600: configuration of this machine, never in the data directory (which is synced).
struct AccessToken: Sendable {
    let value: String
    let path: String

    enum Problem: Error {
        case unwritable(String, Int32)
        case tooOpen(String)
    }

    /// The token file's path for an environment.
    static func path(environment: [String: String]) -> String {
        SecretFile.path("serve-token", environment: environment)
    }

    /// Reads the token, or makes and stores a new one when there is none (or `renew`).
    static func load(environment: [String: String], renew: Bool) throws(Problem) -> AccessToken {
        let path = path(environment: environment)
        if !renew, let existing = read(path) {
            return AccessToken(value: existing, path: path)
        }
        let token = Random.hex(bytes: 24)
        try write(token, to: path)
        return AccessToken(value: token, path: path)
    }

    /// Whether `candidate` is the token, in time that does not depend on where they differ.
    func matches(_ candidate: String) -> Bool {
        Random.constantTimeEqual(candidate, value)
    }

    /// A token others can read is no secret: `SecretFile` ignores it, and it is replaced.
    private static func read(_ path: String) -> String? {
        guard let text = SecretFile.read(path, limit: 256) else { return nil }
        return text.count >= 16 ? text : nil
    }

    private static func write(_ token: String, to path: String) throws(Problem) {
        do throws(SecretFile.WriteFailure) {
            try SecretFile.write(token, to: path)
        } catch {
            throw .unwritable(path, error.errno)
        }
    }
}
