import Synchronization
import HabitSystem

/// What the server keeps in memory for the principals of its requests: the sentence left for a
/// session's next page, and the failed logins that slow down whoever guesses tokens. Sessions
/// themselves are devices (`DeviceBook`), kept across restarts.
final class SessionBook: Sendable {
    /// A page's view of its principal: the key its flash is kept under, and its CSRF token.
    struct Session: Sendable {
        let id: String
        let csrf: String
    }

    private struct State {
        /// A sentence for the next page a session loads (what "Sync now" did), said once.
        var flashes: [String: String] = [:]
        /// The times of each client's recent failed logins.
        var failures: [Client: [Double]] = [:]
    }

    private let state = Mutex(State())
    /// Failed logins one client may make in a window before its logins are refused until the
    /// window passes (other clients are not affected).
    static let failureLimit = 5
    static let failureWindow = 60.0

    /// `sentence` at the top of the next page the session loads: a change answered with a
    /// redirect says what it did there.
    func flash(_ sentence: String, to id: String) {
        state.withLock { state in
            // Bounded: a flash nobody collects is dropped rather than kept forever.
            if state.flashes.count >= Self.clientLimit { state.flashes.removeAll() }
            state.flashes[id] = sentence
        }
    }

    /// The sentence left for the session, once.
    func takeFlash(_ id: String) -> String? {
        state.withLock { $0.flashes.removeValue(forKey: id) }
    }

    /// How many clients' failures are remembered at most: a flood of new addresses cannot grow
    /// the book without bound (the oldest are forgotten first).
    static let clientLimit = 4096

    /// False while too many of `client`'s logins failed lately; a failure is counted by `recordFailure`.
    func mayTryLogin(_ client: Client) -> Bool {
        state.withLock { state in
            let now = SystemClock.monotonicSeconds()
            let recent = (state.failures[client] ?? []).filter { now - $0 <= Self.failureWindow }
            state.failures[client] = recent.isEmpty ? nil : recent
            return recent.count < Self.failureLimit
        }
    }

    func recordFailure(_ client: Client) {
        state.withLock { state in
            let now = SystemClock.monotonicSeconds()
            if state.failures[client] == nil, state.failures.count >= Self.clientLimit {
                state.failures = state.failures.filter { $0.value.contains { now - $0 <= Self.failureWindow } }
                if state.failures.count >= Self.clientLimit,
                   let oldest = state.failures.min(by: { ($0.value.last ?? 0) < ($1.value.last ?? 0) })?.key {
                    state.failures[oldest] = nil
                }
            }
            state.failures[client, default: []].append(now)
        }
    }
}
