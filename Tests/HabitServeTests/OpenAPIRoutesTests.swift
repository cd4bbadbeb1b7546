import Foundation
import Hummingbird
import Testing
@testable import HabitServe

/// docs/openapi.yaml is the API's source of truth: the router's routes under `/api/` and the
/// document's paths and methods are the same set, so neither gains a route the other lacks. The
/// calendar feed is documented too (GET; its route takes every method to answer 405 itself).
@Suite struct OpenAPIRoutesTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/openapi.yaml").path

    /// `METHOD /path` of every operation under `paths:` (paths indented two spaces, methods four).
    static func documented() throws -> Set<String> {
        let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options", "trace"]
        var found: Set<String> = []
        var path: String?
        var inPaths = false
        for line in try String(contentsOfFile: document, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" ") { inPaths = line == "paths:"; path = nil; continue }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
            } else if let path, line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
                let name = String(line.dropFirst(4).dropLast())
                if methods.contains(name) { found.insert(name.uppercased() + " " + path) }
            }
        }
        return found
    }

    @Test func theAPIsRoutesAreTheDocumentsPaths() async throws {
        let account = try KeptStoreTests.Account()
        let routed = Set(WebRoutes.router(account.app()).routes.map { "\($0.method) \($0.path)" }.filter { $0.contains(" /api/") || $0 == "GET \(CalendarRoute.path)" })
        let documented = try Self.documented()
        #expect(documented.contains("GET /api/v1/whoami") && documented.contains("POST /api/v1/changes"), "\(documented)")
        #expect(Set(APIRoutes.methods.flatMap { path, methods in methods.map { "\($0) \(path)" } }) == routed.filter { $0.contains(" /api/") }, "APIRoutes.methods names each API route's method")
        #expect(routed == documented, "routed, not documented: \(routed.subtracting(documented).sorted()); documented, not routed: \(documented.subtracting(routed).sorted())")
    }

    /// A push endpoint the server takes is one the document's schema allows, and the reverse
    /// (schemathesis found each way out of step once): one pattern, written twice.
    @Test func thePushEndpointPatternIsTheDocuments() throws {
        let text = try String(contentsOfFile: Self.document, encoding: .utf8)
        #expect(text.contains("pattern: '" + PushSubscription.endpointPattern + "'"), "docs/openapi.yaml's endpoint pattern is not PushSubscription.endpointPattern")
    }
}
