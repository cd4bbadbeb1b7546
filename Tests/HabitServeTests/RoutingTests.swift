import Foundation
import HabitKit
import HabitStore
import Hummingbird
import Testing
import TestSupport
@testable import HabitServe

/// What each kind of request is answered, by the status code, in-process: who may reach which
/// route (nobody, a device's cookie, an API token), the checks every request passes (Host,
/// Sec-Fetch-Site) and those of a change (Origin, content type, bounded body, CSRF), and what a
/// request no route takes is answered. The real server is tested by the scripts (ServeScriptTests).
@Suite struct RoutingTests {
    static let host = KeptStoreTests.host
    static let origin = "http://" + host
    static let tokenSecret = "0123456789abcdef0123456789abcdef"

    /// A server with authentication, a device logged in and an API token.
    struct Server {
        let app: WebApp
        let cookie: String
        let csrf: String

        init(_ account: KeptStoreTests.Account) async throws {
            let directory = DataDirectory(path: account.data)
            try ServeAccessFile(directory: directory, environment: account.environment).update { (access: inout ServeAccess) throws(HabitError) in
                access.tokens.append(.init(name: "script", hash: ServeSecret.hash(RoutingTests.tokenSecret), scope: .everything, created: 0))
                return ((), changed: true)
            }
            let habits = Habits(directory: directory, cache: LoadCache.Location.resolve(for: directory, environment: account.environment),
                                clock: { 1_795_000_000 })
            let token = AccessToken(value: "fedcba9876543210fedcba9876543210", path: account.scratch.sub("token"))
            app = WebApp(habits: habits, options: ServeOptions(), token: token, environment: account.environment)
            let login = try await RoutingTests.send(app, .get, "/login?token=" + token.value)
            #expect(login.status == .seeOther)
            let setCookie = try #require(login.headers[.setCookie])
            cookie = String(setCookie.split(separator: ";")[0])
            let secret = String(cookie.split(separator: "=", maxSplits: 1)[1])
            csrf = DeviceBook.csrf(forDeviceSecret: secret)
        }
    }

    struct Answer {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let body: String
    }

    static func send(_ app: WebApp, _ method: HTTPRequest.Method, _ path: String, headers: HTTPFields = [:],
                     body: String = "") async throws -> Answer {
        var head = HTTPRequest(method: method, scheme: "http", authority: host, path: path)
        head.headerFields.append(contentsOf: headers)
        let response = await app.respond(Request(head: head, body: RequestBody(buffer: ByteBuffer(string: body))), peer: "127.0.0.1")
        let collected = KeptStoreTests.Body()
        try await response.body.write(KeptStoreTests.Collector(body: collected))
        return Answer(status: response.status, headers: response.headers, body: collected.text)
    }

    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .origin: origin]
    static let json: HTTPFields = [.contentType: "application/json", .origin: origin]

    @Test func whoMayReachWhichRoute() async throws {
        let account = try KeptStoreTests.Account()
        let server = try await Server(account)
        let app = server.app
        let device: HTTPFields = [.cookie: server.cookie]
        let bearer: HTTPFields = [.authorization: "Bearer " + Self.tokenSecret]
        let cases: [(HTTPRequest.Method, String, HTTPFields, HTTPResponse.Status)] = [
            // Nobody: the assets and the login only; anything else asks to log in, known or not.
            (.get, "/static/app.css", [:], .ok), (.get, "/sw.js", [:], .ok), (.get, "/login", [:], .ok),
            (.head, "/static/app.css", [:], .unauthorized), (.post, "/static/app.css", [:], .unauthorized),
            (.put, "/login", [:], .methodNotAllowed),
            (.get, "/", [:], .unauthorized), (.get, "/stats", [:], .unauthorized), (.get, "/nowhere", [:], .unauthorized),
            (.put, "/", [:], .unauthorized), (.post, "/mark", Self.form, .unauthorized),
            (.get, "/api/v1/day", [:], .unauthorized), (.get, "/api/v1/whoami", [:], .unauthorized),
            (.get, "/api/v2/anything", [:], .unauthorized),
            // A device: every page and the API; 404 for a GET or POST no address takes, 405 otherwise.
            (.get, "/", device, .ok), (.get, "/stats", device, .ok), (.get, "/new", device, .ok),
            (.get, "/tracker?id=run", device, .ok), (.get, "/tracker/year.svg?id=run", device, .ok), (.get, "/categories", device, .ok),
            (.get, "/nowhere", device, .notFound), (.post, "/nowhere", device, .notFound), (.put, "/nowhere", device, .methodNotAllowed),
            (.post, "/", device, .notFound), (.put, "/", device, .methodNotAllowed), (.get, "/mark", device, .notFound),
            (.delete, "/mark", device, .methodNotAllowed), (.post, "/tracker", device, .notFound), (.get, "/pin", device, .notFound),
            (.get, "/api/v1/day", device, .ok), (.get, "/api/v1/whoami", device, .ok), (.get, "/api/v1/nothing", device, .notFound),
            // An address of the API with another method: 405 (with Allow; schemathesis checks it).
            (.post, "/api/v1/day", device, .methodNotAllowed), (.put, "/api/v1/day", device, .methodNotAllowed), (.get, "/api/v1/changes", device, .methodNotAllowed),
            // A token: the API only, never a page (nor a page's change).
            (.get, "/api/v1/whoami", bearer, .ok), (.get, "/api/v1/day", bearer, .ok), (.get, "/api/v1/nothing", bearer, .notFound),
            (.get, "/", bearer, .unauthorized), (.get, "/nowhere", bearer, .unauthorized), (.post, "/mark", bearer.merging(Self.form), .unauthorized),
            // A wrong bearer is refused even beside a good cookie.
            (.get, "/api/v1/day", device.merging([.authorization: "Bearer nothing"]), .unauthorized),
        ]
        for (method, path, headers, expected) in cases {
            let answer = try await Self.send(app, method, path, headers: headers)
            #expect(answer.status == expected, "\(method) \(path) \(headers.map(\.name.canonicalName)): \(answer.status.code)")
            // Whatever the answer, it says it varies with Accept-Encoding.
            #expect(answer.headers[.vary] == "Accept-Encoding", "\(method) \(path)")
        }
        // The API answers in JSON whatever the client accepts; a page in HTML unless asked for JSON.
        #expect(try await Self.send(app, .get, "/api/v1/nothing", headers: device).body.hasPrefix("{\"ok\":false"))
        #expect(try await Self.send(app, .get, "/nowhere", headers: device).headers[.contentType]?.hasPrefix("text/html") == true)
        #expect(try await Self.send(app, .get, "/nowhere", headers: device.merging([.accept: "application/json"])).body.hasPrefix("{\"ok\":false"))
        let login = try await Self.send(app, .get, "/")
        #expect(login.body.contains("name=\"token\""), "the login page")
        #expect(try await Self.send(app, .get, "/api/v1/whoami", headers: bearer).body.contains("\"kind\":\"token\""))
        #expect(try await Self.send(app, .get, "/api/v1/whoami", headers: device).body.contains("\"kind\":\"device\""))
    }

    @Test func everyRequestNamesThisServerAndComesFromItsOwnPages() async throws {
        let account = try KeptStoreTests.Account()
        let server = try await Server(account)
        let app = server.app
        let device: HTTPFields = [.cookie: server.cookie]
        var twoHosts = device
        twoHosts.append(.init(name: .init("Host")!, value: "evil.example"))
        #expect(try await Self.send(app, .get, "/", headers: twoHosts).status == .badRequest)
        #expect(try await Self.send(app, .get, "/static/app.css", headers: twoHosts).status == .badRequest)
        // A foreign Host, even for an asset or a route that does not exist.
        for path in ["/", "/static/app.css", "/nowhere", "/login"] {
            var head = HTTPRequest(method: .get, scheme: "http", authority: "evil.example:8023", path: path)
            head.headerFields = device
            let response = await app.respond(Request(head: head, body: RequestBody(buffer: ByteBuffer())), peer: nil)
            #expect(response.status == .misdirectedRequest, "\(path)")
        }
        let crossSite: HTTPFields = [.init("Sec-Fetch-Site")!: "same-site", .init("Sec-Fetch-Mode")!: "no-cors", .cookie: server.cookie]
        #expect(try await Self.send(app, .get, "/tracker/year.svg?id=run", headers: crossSite).status == .forbidden)
        #expect(try await Self.send(app, .get, "/nowhere", headers: crossSite).status == .forbidden)
        let navigation: HTTPFields = [.init("Sec-Fetch-Site")!: "cross-site", .init("Sec-Fetch-Mode")!: "navigate", .cookie: server.cookie]
        #expect(try await Self.send(app, .get, "/", headers: navigation).status == .ok)
        // Compressed when asked, a refusal too (the login page of a 401).
        let zipped = try await Self.send(app, .get, "/", headers: device.merging([.acceptEncoding: "gzip"]))
        #expect(zipped.headers[.contentEncoding] == "gzip")
        let refusal = try await Self.send(app, .get, "/nowhere", headers: [.acceptEncoding: "gzip"])
        #expect(refusal.status == .unauthorized && refusal.headers[.contentEncoding] == "gzip")
        #expect(try await Self.send(app, .get, "/", headers: device).headers[.contentEncoding] == nil)
    }

    @Test func aChangeComesFromThisOriginWithItsCSRFTokenAndABoundedBody() async throws {
        let account = try KeptStoreTests.Account()
        let server = try await Server(account)
        let app = server.app
        let device: HTTPFields = [.cookie: server.cookie]
        let mark = "tracker=run&date=2026-11-21&state=done"
        let before = try account.commits()
        let formCases: [(String, HTTPFields, String, HTTPResponse.Status)] = [
            ("no Origin", device.merging([.contentType: "application/x-www-form-urlencoded"]), mark + "&csrf=" + server.csrf, .forbidden),
            ("another Origin", device.merging(Self.form).merging([.origin: "http://evil.example"]), mark + "&csrf=" + server.csrf, .forbidden),
            ("JSON", device.merging(Self.json), mark + "&csrf=" + server.csrf, .unsupportedMediaType),
            ("no CSRF", device.merging(Self.form), mark, .forbidden),
            ("a wrong CSRF", device.merging(Self.form), mark + "&csrf=0" + server.csrf.dropFirst(), .forbidden),
            ("too large", device.merging(Self.form), mark + "&csrf=" + server.csrf + "&pad=" + String(repeating: "x", count: 20_000), .contentTooLarge),
        ]
        for path in ["/mark", "/pin", "/category/add"] {
            for (what, headers, body, expected) in formCases {
                #expect(try await Self.send(app, .post, path, headers: headers, body: body).status == expected, "\(path): \(what)")
            }
        }
        let changes = "{\"changes\":[{\"id\":\"a1\",\"kind\":\"pin\",\"tracker\":\"run\",\"pinned\":true}]}"
        let apiCases: [(String, HTTPFields, String, HTTPResponse.Status)] = [
            ("no Origin", device.merging([.contentType: "application/json", .init("X-CSRF-Token")!: server.csrf]), changes, .forbidden),
            ("a form", device.merging(Self.form).merging([.init("X-CSRF-Token")!: server.csrf]), changes, .unsupportedMediaType),
            ("no CSRF", device.merging(Self.json), changes, .forbidden),
            ("CSRF in the body only", device.merging(Self.json), changes + "&csrf=" + server.csrf, .forbidden),
            ("too large", device.merging(Self.json).merging([.init("X-CSRF-Token")!: server.csrf]),
             "{\"pad\":\"" + String(repeating: "x", count: 300_000) + "\"}", .contentTooLarge),
            ("not JSON", device.merging(Self.json).merging([.init("X-CSRF-Token")!: server.csrf]), "{", .badRequest),
        ]
        for (what, headers, body, expected) in apiCases {
            #expect(try await Self.send(app, .post, "/api/v1/changes", headers: headers, body: body).status == expected, "API: \(what)")
        }
        let loginFromElsewhere = try await Self.send(app, .post, "/login", headers: Self.form.merging([.origin: "http://evil.example"]), body: "token=x")
        #expect(loginFromElsewhere.status == .forbidden)
        #expect(try account.commits() == before, "a refused change wrote")

        // The same changes pass with everything in place: a page's form, and a token's JSON with no CSRF.
        let marked = try await Self.send(app, .post, "/mark", headers: device.merging(Self.form), body: mark + "&csrf=" + server.csrf)
        #expect(marked.status == .seeOther && marked.headers[.location] == "/?date=2026-11-21")
        let byHeader = try await Self.send(app, .post, "/mark", headers: device.merging(Self.form).merging([.init("X-CSRF-Token")!: server.csrf, .accept: "application/json"]),
                                           body: "tracker=run&date=2026-11-20&state=done")
        #expect(byHeader.status == .ok && byHeader.body.contains("\"changed\":true"))
        let byToken = try await Self.send(app, .post, "/api/v1/changes", headers: [.authorization: "Bearer " + Self.tokenSecret, .contentType: "application/json"],
                                          body: changes)
        #expect(byToken.status == .ok && byToken.body.contains("\"status\":\"applied\""), "\(byToken.body)")
        #expect(try account.commits() == before + 3)
    }
}

extension HTTPFields {
    func merging(_ other: HTTPFields) -> HTTPFields {
        var merged = self
        for field in other { merged[field.name] = field.value }
        return merged
    }
}

extension KeptStoreTests.Account {
    /// The data directory's commits: a refused change makes none.
    func commits() throws -> Int {
        let outcome = try ChildProcess("/usr/bin/git", ["-C", data, "rev-list", "--count", "HEAD"], environment: environment, scratch: scratch.path).wait()
        return Int(outcome.out.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}
