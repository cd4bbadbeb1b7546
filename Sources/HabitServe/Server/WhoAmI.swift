/// `GET /api/v1/whoami`: who the server takes the caller for and what it may do, so a script can
/// check its token before it changes anything.
enum WhoAmI {
    static func fields(_ principal: Principal) -> [(String, JSONValue)] {
        [
            ("kind", .string(principal.kind.rawValue)), ("name", .string(principal.name)),
            ("readOnly", .bool(principal.scope.readOnly)), ("tracker", principal.scope.tracker.map(JSONValue.string) ?? .null),
        ]
    }
}
