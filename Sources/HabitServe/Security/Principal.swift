import HabitKit

/// Who a request comes from, as the one authentication point (`Authenticator`) found it: a
/// logged-in device (its cookie), an API token (`Authorization: Bearer`, only under `/api/`), or
/// the one open session of `--no-auth`. Routes ask `permits` before they read or change.
struct Principal: Sendable, Equatable {
    enum Kind: String, Sendable {
        case device, token, open
    }

    let kind: Kind
    /// The device's or token's name ("" for the open session).
    let name: String
    let scope: ServeAccess.Scope
    /// What pages put in their forms and the app sends as `X-CSRF-Token`; nil for a token, which
    /// no browser sends by itself, so no other site can make a browser use it.
    let csrf: String?
    /// A stable key for what the server remembers of this principal between requests (a flash).
    let key: String

    /// What a route is about to do. `tracker` is the identifier of the one tracker it reads or
    /// changes; nil when it is about more than one tracker or none (the day, categories, a new tracker).
    enum Access: Sendable, Equatable {
        case read(tracker: String?)
        case change(tracker: String?)
    }

    /// Whether the scope allows `access`: a read-only token changes nothing; a token for one
    /// tracker reads and changes that tracker only.
    func permits(_ access: Access) -> Bool {
        switch access {
        case .read(let tracker):
            return scope.tracker == nil || scope.tracker == tracker
        case .change(let tracker):
            return !scope.readOnly && (scope.tracker == nil || scope.tracker == tracker)
        }
    }

    /// Whether a change must carry the CSRF token and a same-origin `Origin` (every browser
    /// principal); a bearer request needs neither.
    var needsCSRF: Bool { csrf != nil }

    /// Whether `given` is this principal's CSRF token, compared in constant time.
    func acceptsCSRF(_ given: String) -> Bool {
        guard let csrf else { return true }
        return Random.constantTimeEqual(given, csrf)
    }

    /// The page session view the page handlers use (its CSRF token and flash key).
    var session: SessionBook.Session {
        SessionBook.Session(id: key, csrf: csrf ?? "")
    }
}
