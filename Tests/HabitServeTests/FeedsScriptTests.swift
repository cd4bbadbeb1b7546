import Foundation
import TestSupport
import Testing

/// Issue 38 against real programs: the calendar feed of `habit serve` read by `icalendar`
/// (Scripts/feed_test.py), the recipes of docs/api.md run as written (Scripts/recipes_test.py),
/// and `habit remind run` through Debian's `apprise` to HTTP receivers and a Done action that
/// marks through `habit serve` (Scripts/apprise_test.py).
@Suite(.serialized) struct FeedsScriptTests {
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts").path

    static func tool(_ name: String) -> String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { $0 + "/" }
        return (path + ["/usr/bin/", "/bin/"]).map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether `python3 -c "import …"` succeeds (scripts/test installs .ci/pypi-packages).
    static func imports(_ modules: String) -> Bool {
        guard let python = tool("python3"), let scratch = try? ScratchDirectory("feeds-probe"),
              let probe = try? ChildProcess(python, ["-c", "import " + modules], environment: ProcessInfo.processInfo.environment, scratch: scratch.path)
        else { return false }
        return probe.wait().succeeded
    }

    static let feedReady = imports("icalendar, dateutil.rrule")
    static let recipesReady = imports("jinja2, yaml") && tool("curl") != nil && tool("jq") != nil
    static let appriseReady = tool("apprise") != nil || FileManager.default.isExecutableFile(atPath: "/usr/bin/apprise")

    func run(_ script: String, timeout: Double) throws -> ProcessOutcome {
        let habit = try #require(BuiltProduct.habit, "build habit first (swift build --build-tests)")
        let serve = try #require(BuiltProduct.path("habit-serve"), "build habit-serve first (swift build --build-tests)")
        let python = try #require(Self.tool("python3"), "python3 is not installed")
        let scratch = try ScratchDirectory("feeds")
        var environment = ProcessInfo.processInfo.environment
        environment["HABIT_BINARY"] = habit
        environment["HABIT_SERVE_BINARY"] = serve
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        return try ChildProcess(python, [Self.scripts + "/" + script], environment: environment, scratch: scratch.path).wait(timeout: timeout)
    }

    @Test(.enabled(if: TestTools.installed || feedReady, "icalendar (PyPI) is missing; scripts/test installs it"))
    func theCalendarFeedMatchesHabitListAndWantsItsToken() throws {
        let outcome = try run("feed_test.py", timeout: 240)
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.out.contains("feed: ok"))
    }

    @Test(.enabled(if: TestTools.installed || recipesReady, "curl, jq or jinja2 is missing; scripts/test installs them"))
    func theRecipesOfTheAPIDocumentWorkAsWritten() throws {
        let outcome = try run("recipes_test.py", timeout: 240)
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.out.contains("recipes: ok"))
    }

    @Test(.enabled(if: TestTools.installed || appriseReady, "apprise is missing; scripts/test installs it"))
    func remindersGoThroughAppriseOneTargetAtATime() throws {
        let outcome = try run("apprise_test.py", timeout: 300)
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.out.contains("apprise: ok"))
    }
}
