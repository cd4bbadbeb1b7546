import Foundation
import Testing
import TestSupport
@testable import HabitServe

/// A card's button sets the day to HabitScreens' next mark, and its form names the mark after it
/// (`data-then`); the reply to a mark gives both again with the card's count, so the page's script
/// only puts in place what the server decided.
@Suite struct CardMarkTests {
    /// The `<li>` of a tracker's card.
    static func card(_ id: String, in page: String) throws -> String {
        let start = try #require(page.range(of: "data-tracker=\"\(id)\""), "no card \(id)")
        let end = try #require(page.range(of: "</li>", range: start.upperBound..<page.endIndex))
        return String(page[start.lowerBound..<end.lowerBound])
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aTapsMarkAndTheOneAfterComeFromTheServer() async throws {
        let account = try KeptStoreTests.Account()
        try account.habit("add", "Smoking", "--category", "Health", "--quit", "--start", "2026-11-01")
        let app = account.app()

        var page = try await KeptStoreTests.page(app)
        var run = try Self.card("run", in: page)
        #expect(run.contains("data-then=\"undone\"") && run.contains("name=\"state\" value=\"done\""), "\(run)")
        var smoking = try Self.card("smoking", in: page)
        #expect(smoking.contains("data-then=\"unslip\"") && smoking.contains("name=\"state\" value=\"slip\""), "\(smoking)")
        #expect(smoking.contains("<span class=\"count\">21 days without a slip</span>"), "\(smoking)")

        let (status, reply) = try await KeptStoreTests.send(app, .post, "/mark", form: "tracker=run&date=2026-11-21&state=done")
        #expect(status == .ok)
        let done = try Self.json(reply)
        #expect(done["done"] as? Bool == true && done["next"] as? String == "undone" && done["then"] as? String == "done")
        #expect(done["count"] as? String == "1 day")

        let (_, slipReply) = try await KeptStoreTests.send(app, .post, "/mark", form: "tracker=smoking&date=2026-11-21&state=slip")
        let slipped = try Self.json(slipReply)
        #expect(slipped["slipped"] as? Bool == true && slipped["next"] as? String == "unslip" && slipped["then"] as? String == "slip")
        #expect(slipped["count"] as? String == "0 days without a slip")

        page = try await KeptStoreTests.page(app)
        run = try Self.card("run", in: page)
        #expect(run.contains("data-then=\"done\"") && run.contains("name=\"state\" value=\"undone\""), "\(run)")
        smoking = try Self.card("smoking", in: page)
        #expect(smoking.contains("data-then=\"slip\"") && smoking.contains("name=\"state\" value=\"unslip\""), "\(smoking)")
        #expect(smoking.contains("<span class=\"count\">0 days without a slip</span>"), "the page's count is the reply's: \(smoking)")
    }
}
