import HabitKit
import Hummingbird

/// The one place that tells who sent a request: a device's cookie, an API token given as
/// `Authorization: Bearer` (under `/api/` only: never for a page, and never from the address,
/// which would keep it in logs and history), or the open session of `--no-auth`.
struct Authenticator: Sendable {
    /// nil: `--no-auth`, where every request is the open principal.
    let devices: DeviceBook?
    let cookieName: String
    /// The `--no-auth` principal's CSRF token, derived from this machine's serve token so that it
    /// survives a restart too.
    let openCSRF: String

    /// Who sent `request`; nil when no one known (the caller asks to log in: 401).
    /// - Parameter acceptsBearer: whether an API token is taken (the API's routes; never a page's).
    func principal(_ request: Request, acceptsBearer: Bool) -> Principal? {
        if acceptsBearer, let bearer = Self.bearer(request.headers) {
            // A bearer given and not known is refused, even with a cookie: a script's typo must not
            // pass as the browser's session.
            guard let devices, let token = devices.token(secret: bearer) else { return nil }
            return Principal(kind: .token, name: token.name, scope: token.scope, csrf: nil, key: "token:" + token.hash)
        }
        guard let devices else {
            return Principal(kind: .open, name: "", scope: .everything, csrf: openCSRF, key: "open")
        }
        for secret in cookies(request.headers) {
            if let found = devices.device(secret: secret) {
                return Principal(kind: .device, name: found.device.name, scope: .everything,
                                 csrf: found.csrf, key: "device:" + found.device.hash)
            }
        }
        return nil
    }

    /// The value of `Authorization: Bearer VALUE` (one header, the scheme in any case).
    static func bearer(_ headers: HTTPFields) -> String? {
        let values = headers[values: .authorization]
        guard values.count == 1, let value = values.first else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: " ")
        return token.isEmpty ? nil : token
    }

    /// The values of every cookie named `cookieName`.
    private func cookies(_ headers: HTTPFields) -> [String] {
        var found: [String] = []
        for header in headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: " ") == cookieName else { continue }
                found.append(String(parts[1]).trimmingCharacters(in: " "))
            }
        }
        return found
    }
}
