import Foundation
import HabitCore
import HabitStore
import Testing
@testable import HabitKit

/// `remind.notify` in config.toml: read with our TOML library, errors at their line and column;
/// a target shown without its secrets; an ntfy reminder with a Done button sent as ntfy's JSON
/// publishing through Apprise's JSON service.
@Suite struct ReminderServicesTests {
    func parse(_ text: String) throws(HabitError) -> ReminderServices? {
        try ReminderServices(parsing: Array(text.utf8), file: "/home/ann/.config/habit/config.toml")
    }

    @Test func theTargetsAndTheServerAreRead() throws {
        let services = try #require(try parse("# mine\n[remind]\nnotify = [\"ntfy://ntfy.sh/a\", \"json://127.0.0.1:8080\"]\nserver = \"https://laptop.ts.net/\"\n[other]\nx = 1\n"))
        #expect(services.targets == ["ntfy://ntfy.sh/a", "json://127.0.0.1:8080"])
        #expect(services.server == "https://laptop.ts.net")
        #expect(try parse("[remind]\nserver = \"http://x:1\"\n") == nil)
        #expect(try parse("[remind]\nnotify = []\n") == nil)
        #expect(try parse("title = 1\n") == nil)
    }

    @Test(arguments: [
        ("[remind]\nnotify = \"ntfy://x/y\"\n", 2, 1, "wrongType"),
        ("[remind]\nnotify = [\"a\", 2]\n", 2, 1, "wrongType"),
        ("[remind]\nnotfy = [\"a\"]\n", 2, 1, "misspelledKey"),
        ("[remind]\nserver = \"laptop\"\nnotify = [\"a\"]\n", 2, 1, "syntax"),
        ("[remind]\nnotify = [\"a\"\n", 2, 0, "syntax"),
    ])
    func aProblemIsNamedAtItsLineAndColumn(text: String, line: Int, column: Int, kind: String) throws {
        do {
            _ = try parse(text)
            Issue.record("no error for \(text)")
        } catch {
            guard case .invalidFiles(let diagnostics) = error, let first = diagnostics.first else { Issue.record("\(error)"); return }
            #expect(first.file == "/home/ann/.config/habit/config.toml")
            #expect(first.line == line, "\(first)")
            if column > 0 { #expect(first.column == column, "\(first)") }
            #expect("\(first.problem)".hasPrefix(kind), "\(first.problem)")
        }
    }

    @Test(arguments: [
        ("ntfy://ntfy.sh/ann-habits", "ntfy://ntfy.sh/…"),
        ("json://ann:s3cret@127.0.0.1:9/private?x=1", "json://127.0.0.1:9/…"),
        ("json://localhost:8080", "json://localhost:8080"),
        ("tgram://123456789:AAH-secret/4242", "tgram://…"),
        ("mailto://ann:app-password@gmail.com", "mailto://gmail.com"),
        ("ntfy://ann-habits", "ntfy://…"),
        ("not a url", "…"),
    ])
    func aTargetIsShownWithoutItsSecrets(target: String, shown: String) {
        #expect(ReminderServices.redacted(target) == shown)
    }

    @Test func anNtfyReminderWithDoneGoesAsNtfysJSONPublishing() throws {
        let done = AppriseTarget.DoneAction(label: "Done", server: "https://laptop.ts.net", token: "abc", tracker: "run", day: try #require(CivilDate("2026-11-21")))
        let url = AppriseTarget.url("ntfy://127.0.0.1:8080/ann-habits", done: done)
        #expect(url.hasPrefix("json://127.0.0.1:8080/?:topic=ann-habits&+X-Actions="))
        let header = try #require(url.components(separatedBy: "&+X-Actions=").last?.removingPercentEncoding)
        let actions = try #require(try JSONSerialization.jsonObject(with: Data(header.utf8)) as? [[String: Any]])
        #expect(actions.first?["url"] as? String == "https://laptop.ts.net/api/v1/changes")
        #expect((actions.first?["headers"] as? [String: String])?["Authorization"] == "Bearer abc")
        let body = try #require((actions.first?["body"] as? String).map { Data($0.utf8) })
        let change = try #require(((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["changes"] as? [[String: Any]])?.first)
        #expect(change["tracker"] as? String == "run" && change["date"] as? String == "2026-11-21" && change["state"] as? String == "done")
        #expect(AppriseTarget.url("ntfys://ntfy.example.org/a", done: done).hasPrefix("jsons://ntfy.example.org/?:topic=a&"))
        #expect(AppriseTarget.url("ntfy://topic-only", done: done).hasPrefix("jsons://ntfy.sh/?:topic=topic-only&"))
        // Options or several topics: sent as written, without the button.
        #expect(AppriseTarget.url("ntfy://ntfy.sh/a?priority=high", done: done) == "ntfy://ntfy.sh/a?priority=high")
        #expect(AppriseTarget.url("ntfy://ntfy.sh/a/b", done: done) == "ntfy://ntfy.sh/a/b")
        #expect(AppriseTarget.url("tgram://x/y", done: done) == "tgram://x/y")
        #expect(AppriseTarget.url("ntfy://ntfy.sh/a", done: nil) == "ntfy://ntfy.sh/a")
    }
}
