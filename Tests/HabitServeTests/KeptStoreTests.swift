import Foundation
import HabitCore
import HabitKit
import HabitStore
import Hummingbird
import Testing
import TestSupport
@testable import HabitServe

/// The server keeps the store it loaded and reuses it while no file changes on disk; a change
/// made anywhere (the real `habit` binary, a hand edit, the server itself) is on the next page.
/// Requests go to the app in-process, as Hummingbird hands them over.
@Suite struct KeptStoreTests {
    static let host = "127.0.0.1:8023"

    final class Account {
        let scratch: ScratchDirectory
        let environment: [String: String]
        var data: String { scratch.sub("data") }

        init() throws {
            scratch = try ScratchDirectory("serve-kept-store")
            environment = [
                "HOME": scratch.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HABIT_NOW": "2026-11-21T08:00",
                "XDG_CONFIG_HOME": scratch.sub("config"), "XDG_CACHE_HOME": scratch.sub("cache"), "XDG_STATE_HOME": scratch.sub("state"),
                "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid",
            ]
            try habit("init")
            try habit("category", "add", "Health")
            try habit("add", "Run", "--category", "Health", "--daily", "--start", "2026-11-01")
        }

        /// The real command line, as a person types it next to a running server.
        func habit(_ arguments: String...) throws {
            let binary = try #require(BuiltProduct.habit, "build habit first (swift build --build-tests)")
            let outcome = try ChildProcess(binary, ["--dir", data] + arguments, environment: environment, scratch: scratch.path).wait()
            #expect(outcome.succeeded, "habit \(arguments.joined(separator: " ")): \(outcome.all)")
        }

        func app() -> WebApp {
            let directory = DataDirectory(path: data)
            let habits = Habits(directory: directory, cache: LoadCache.Location.resolve(for: directory, environment: environment),
                                clock: { 1_795_000_000 })
            var options = ServeOptions()
            options.authentication = false
            return WebApp(habits: habits, options: options, token: nil, environment: environment)
        }
    }

    /// Collects a response's body.
    final class Body: @unchecked Sendable {
        var text = ""
    }

    struct Collector: ResponseBodyWriter {
        let body: Body
        mutating func write(_ buffer: ByteBuffer) async throws { body.text += String(buffer: buffer) }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    static func send(_ app: WebApp, _ method: HTTPRequest.Method, _ path: String, form: String? = nil) async throws -> (HTTPResponse.Status, String) {
        var head = HTTPRequest(method: method, scheme: "http", authority: host, path: path)
        if form != nil {
            head.headerFields[.contentType] = "application/x-www-form-urlencoded"
            head.headerFields[.origin] = "http://" + host
            head.headerFields[.accept] = "application/json"
            head.headerFields[.init("X-CSRF-Token")!] = app.openSession.csrf
        }
        let response = await app.respond(Request(head: head, body: RequestBody(buffer: ByteBuffer(string: form ?? ""))))
        let body = Body()
        try await response.body.write(Collector(body: body))
        return (response.status, body.text)
    }

    static func page(_ app: WebApp) async throws -> String {
        let (status, html) = try await send(app, .get, "/")
        #expect(status == .ok)
        return html
    }

    @Test func aChangeByTheCommandLineBetweenTwoRequestsIsOnTheNextPage() async throws {
        let account = try Account()
        let app = account.app()
        let first = try await Self.page(app)
        #expect(first.contains("Run") && !first.contains("class=\"card done"))
        let kept = try app.keeper.current()
        // Nothing changed: the next page reads the same store, loaded once.
        _ = try await Self.page(app)
        #expect(try app.keeper.current() === kept)

        try account.habit("done", "run")
        let afterDone = try await Self.page(app)
        #expect(afterDone.contains("class=\"card done"), "a mark made by `habit done` is not on the next page")
        let reloaded = try app.keeper.current()
        #expect(reloaded !== kept)

        try account.habit("add", "Swim", "--category", "Health", "--daily", "--start", "2026-11-01")
        #expect(try await Self.page(app).contains("Swim"), "a tracker added by `habit add` is not on the next page")
        try account.habit("rm", "swim", "--yes")
        #expect(try await !Self.page(app).contains("Swim"), "a tracker removed by `habit rm` is still on the next page")
        #expect(try app.keeper.current() !== reloaded)
    }

    /// A `git pull` or an editor may rewrite a file in place with the same size: its modification
    /// time still tells.
    @Test func aFileRewrittenInPlaceWithTheSameSizeIsReadAgain() async throws {
        let account = try Account()
        let app = account.app()
        #expect(try await Self.page(app).contains(">Run<"))
        let path = account.data + "/trackers/run.toml"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.replacingOccurrences(of: "name = \"Run\"", with: "name = \"Jog\"").utf8))
        try handle.close()
        let page = try await Self.page(app)
        #expect(page.contains(">Jog<") && !page.contains(">Run<"), "a hand edit is not on the next page")
    }

    @Test func aMarkThroughTheServerIsOnTheNextPageAndTheKeptStoreIsNotChanged() async throws {
        let account = try Account()
        let app = account.app()
        _ = try await Self.page(app)
        let kept = try app.keeper.current()
        let (status, reply) = try await Self.send(app, .post, "/mark", form: "tracker=run&date=2026-11-21&state=done")
        #expect(status == .ok && reply.contains("\"changed\":true"), "\(reply)")
        // The change edited a copy: the store other requests were reading still says not done.
        #expect(kept.journal.tracker(id: "run")?.log.mark(on: CivilDate("2026-11-21")!) == nil)
        #expect(try await Self.page(app).contains("class=\"card done"))
    }

    /// The server refreshes the load cache itself (a load that parsed a file saves it), so a later
    /// command or page reads the trackers from it instead of parsing them.
    @Test func theServerSavesTheLoadCache() async throws {
        let account = try Account()
        let app = account.app()
        let cache = try #require(app.habits.cache).path
        try? FileManager.default.removeItem(atPath: cache)
        _ = try await Self.page(app)
        #expect(FileManager.default.fileExists(atPath: cache), "the first page did not save the load cache")
    }
}
