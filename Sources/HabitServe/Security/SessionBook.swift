import Synchronization
import HabitSystem

/// The browsers logged in: a session id (the cookie) with its CSRF token, and the failed logins
/// that slow down whoever guesses tokens.
final class SessionBook: Sendable {
    struct Session: Sendable {
        let id: String
        let csrf: String
        var lastSeen: Double
        /// A sentence for the next page this session loads (what "Sync now" did), said once.
        var flash: String? = nil
    }

    private struct State {
        var sessions: [String: Session] = [:]
        /// The times of each client's recent failed logins.
        var failures: [Client: [Double]] = [:]
    }

    private let state = Mutex(State())
    /// Failed logins one client may make in a window before its logins are refused until the
    /// window passes (other clients are not affected).
    static let failureLimit = 5
    static let failureWindow = 60.0
    /// A session unused this long is forgotten.
    static let idleLifetime = 30.0 * 86_400

    func open() -> Session {
        let session = Session(id: Random.hex(bytes: 24), csrf: Random.hex(bytes: 24), lastSeen: SystemClock.monotonicSeconds())
        state.withLock { state in
            state.sessions = state.sessions.filter { SystemClock.monotonicSeconds() - $0.value.lastSeen < Self.idleLifetime }
            state.sessions[session.id] = session
        }
        return session
    }

    func session(_ id: String) -> Session? {
        state.withLock { state in
            guard var session = state.sessions[id] else { return nil }
            session.lastSeen = SystemClock.monotonicSeconds()
            state.sessions[id] = session
            return session
        }
    }

    /// `sentence` at the top of the next page the session loads: a change answered with a
    /// redirect says what it did there.
    func flash(_ sentence: String, to id: String) {
        state.withLock { $0.sessions[id]?.flash = sentence }
    }

    /// The sentence left for the session, once.
    func takeFlash(_ id: String) -> String? {
        state.withLock { state in
            defer { state.sessions[id]?.flash = nil }
            return state.sessions[id]?.flash
        }
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
