import Foundation
import Hummingbird
import Testing
@testable import HabitServe

/// A change of `POST /api/v1/changes` with a property its kind does not use (an `amount` on an
/// `archive`) is refused as invalid, with the property and the kind named, and writes nothing;
/// the rest of the batch is applied. A property given as `null` is taken as left out.
@Suite struct ChangePropertiesTests {
    @Test func aPropertyTheKindDoesNotUseIsRefused() async throws {
        let account = try KeptStoreTests.Account()
        let server = try await RoutingTests.Server(account)
        let headers = RoutingTests.json.merging([.cookie: server.cookie, .init("X-CSRF-Token")!: server.csrf, .acceptLanguage: "en"])
        let batch = """
            {"changes":[
            {"id":"u1","kind":"archive","tracker":"run","archived":true,"amount":3},
            {"id":"u2","kind":"pin","tracker":"run","pinned":true,"date":"2026-11-21"},
            {"id":"u3","kind":"mark","tracker":"run","date":"2026-11-21","state":"done","pinned":true},
            {"id":"u4","kind":"category.add","name":"Study","tracker":"run"},
            {"id":"u5","kind":"tracker.add","name":"Read"},
            {"id":"u6","kind":"delete","tracker":"run","fields":{}},
            {"id":"u7","kind":"pin","tracker":"run","pinned":true,"amount":null}
            ]}
            """
        let before = try account.commits()
        let answer = try await RoutingTests.send(server.app, .post, "/api/v1/changes", headers: headers, body: batch)
        #expect(answer.status == .ok, "\(answer.body)")
        let results = try #require((try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])?["results"] as? [[String: String]])
        let refused: [(String, String, String)] = [
            ("u1", "amount", "archive"), ("u2", "date", "pin"), ("u3", "pinned", "mark"),
            ("u4", "tracker", "category.add"), ("u5", "name", "tracker.add"), ("u6", "fields", "delete"),
        ]
        #expect(results.count == 7)
        for (index, (id, property, kind)) in refused.enumerated() where index < results.count {
            let result = results[index]
            #expect(result["id"] == id && result["status"] == "refused" && result["reason"] == "invalid", "\(result)")
            #expect(result["message"] == "This request cannot be handled: “\(property)” is not a property of “\(kind)” changes", "\(result)")
        }
        #expect(results.last?["status"] == "applied", "\(results.last ?? [:])")
        // The pin alone is written; run is neither archived, marked nor deleted.
        #expect(try account.commits() == before + 1)
        let run = try String(contentsOfFile: account.data + "/trackers/run.toml", encoding: .utf8)
        #expect(run.contains("pinned = true") && !run.contains("archived") && !run.contains("2026-11-21"), "\(run)")

        // In Russian, the catalog's Russian.
        let russian = try await RoutingTests.send(server.app, .post, "/api/v1/changes", headers: headers.merging([.acceptLanguage: "ru"]),
                                                  body: #"{"changes":[{"id":"r1","kind":"archive","tracker":"run","archived":true,"amount":3}]}"#)
        #expect(russian.body.contains("Свойство «amount» не используется в изменениях «archive»"), "\(russian.body)")
        #expect(try account.commits() == before + 1)
    }
}
