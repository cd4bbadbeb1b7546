import Foundation
import HabitStore
import Hummingbird
import Testing
import TestSupport
@testable import HabitServe

/// The day page is drawn and gzipped once while the data and the request's inputs stay the same;
/// a change anywhere, another day or another session's token draws it again.
@Suite struct DrawnPagesTests {
    typealias Account = KeptStoreTests.Account

    struct Answer {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let bytes: [UInt8]
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    final class Bytes: @unchecked Sendable {
        var all: [UInt8] = []
    }

    struct Collector: ResponseBodyWriter {
        let bytes: Bytes
        mutating func write(_ buffer: ByteBuffer) async throws { bytes.all += Array(buffer: buffer) }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    static func get(_ app: WebApp, _ path: String = "/", headers: HTTPFields = [:]) async throws -> Answer {
        var head = HTTPRequest(method: .get, scheme: "http", authority: KeptStoreTests.host, path: path)
        head.headerFields.append(contentsOf: headers)
        let response = await app.respond(Request(head: head, body: RequestBody(buffer: ByteBuffer())))
        let bytes = Bytes()
        try await response.body.write(Collector(bytes: bytes))
        return Answer(status: response.status, headers: response.headers, bytes: bytes.all)
    }

    /// gunzip by the system's `gzip`, an implementation other than ours.
    static func gunzip(_ bytes: [UInt8]) throws -> String {
        let scratch = try ScratchDirectory("drawn-pages-gzip")
        let path = scratch.sub("page.gz")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let outcome = try ChildProcess("/bin/gzip", ["-dc", path], environment: ["PATH": "/usr/bin:/bin"], scratch: scratch.path).wait()
        #expect(outcome.succeeded, "\(outcome.all)")
        return outcome.out
    }

    static func emptyStore() throws -> Store {
        try Store.load(from: MemorySource(files: ["habit.toml": Array("version = 1\n".utf8)]))
    }

    @Test func theSamePageAgainIsTheOneDrawnGzippedAndRevalidatedWithA304() async throws {
        let account = try Account()
        let app = account.app()
        let gzip: HTTPFields = [.acceptEncoding: "gzip, deflate, br"]
        let first = try await Self.get(app, headers: gzip)
        let again = try await Self.get(app, headers: gzip)
        #expect(first.status == .ok && again.status == .ok)
        #expect(app.drawn.count == 1, "the same page was drawn twice")
        #expect(first.headers[.contentEncoding] == "gzip" && first.headers[.vary] == "Accept-Encoding")
        let etag = try #require(first.headers[.eTag])
        #expect(again.headers[.eTag] == etag && again.bytes == first.bytes)
        #expect(first.headers[.cacheControl] == "private, no-cache")

        // The same page to a client that takes no gzip, in plain text, and the same as gunzipped.
        let plain = try await Self.get(app)
        #expect(plain.headers[.contentEncoding] == nil && plain.headers[.eTag] == etag)
        #expect(try Self.gunzip(first.bytes) == plain.text && plain.text.contains(">Run<"))

        let revalidated = try await Self.get(app, headers: [.ifNoneMatch: "\"other\", " + etag])
        #expect(revalidated.status == .notModified && revalidated.bytes.isEmpty)
    }

    @Test func aChangeOnDiskIsDrawnAndTheOldValidatorNoLongerMatches() async throws {
        let account = try Account()
        let app = account.app()
        let before = try await Self.get(app)
        let etag = try #require(before.headers[.eTag])
        try account.habit("done", "run")
        let after = try await Self.get(app, headers: [.ifNoneMatch: etag])
        #expect(after.status == .ok && after.headers[.eTag] != etag)
        #expect(after.text.contains("class=\"card done") && !before.text.contains("class=\"card done"))
        #expect(app.drawn.count == 1, "the pages of the old data were kept")
    }

    @Test func anotherDayFilterOrSearchIsItsOwnPage() async throws {
        let account = try Account()
        let app = account.app()
        let today = try await Self.get(app).text
        let yesterday = try await Self.get(app, "/?date=2026-11-20").text
        let search = try await Self.get(app, "/?q=zzz").text
        #expect(app.drawn.count == 3)
        #expect(today != yesterday && yesterday.contains("2026-11-20") && !search.contains(">Run<") && today.contains(">Run<"))
        // And each again as first drawn.
        #expect(try await Self.get(app, "/?date=2026-11-20").text == yesterday)
        #expect(app.drawn.count == 3)
    }

    @Test func pagesOfOtherSessionsOrLanguagesAreNotShared() throws {
        let pages = DrawnPages()
        let store = try Self.emptyStore()
        var draws = 0
        let first = pages.page(key: ["day", "csrf-A", "en"], store: store) { draws += 1; return "A" }
        let second = pages.page(key: ["day", "csrf-B", "en"], store: store) { draws += 1; return "B" }
        let third = pages.page(key: ["day", "csrf-A", "ru"], store: store) { draws += 1; return "C" }
        #expect(draws == 3 && first.html != second.html && second.html != third.html)
        _ = pages.page(key: ["day", "csrf-A", "en"], store: store) { draws += 1; return "A" }
        #expect(draws == 3)
        // Another store: everything is drawn again, and the old pages are gone.
        _ = pages.page(key: ["day", "csrf-A", "en"], store: try Self.emptyStore()) { draws += 1; return "A2" }
        #expect(draws == 4 && pages.count == 1)
    }

    @Test func onlyTheMostRecentPagesAreKept() throws {
        let pages = DrawnPages()
        let store = try Self.emptyStore()
        for day in 0..<(DrawnPages.capacity + 10) {
            _ = pages.page(key: ["day", String(day)], store: store) { String(day) }
        }
        #expect(pages.count == DrawnPages.capacity)
        var drawn = false
        _ = pages.page(key: ["day", "0"], store: store) { drawn = true; return "0" }
        #expect(drawn, "the oldest page was still kept")
    }
}
