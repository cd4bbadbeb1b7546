import Foundation
import TestSupport
import Testing

/// Issue 38 against real programs: the calendar feed of `habit serve` read by `icalendar`
/// (Scripts/feed_test.py), the recipes of docs/api.md run as written (Scripts/recipes_test.py),
/// and `habit remind run` through Debian's `apprise` to HTTP receivers and a Done action that
/// marks through `habit serve` (Scripts/apprise_test.py).
@Suite(.serialized) struct FeedsScriptTests {
    static let feedReady = ServeScriptTests.imports("icalendar, dateutil.rrule")
    static let recipesReady = ServeScriptTests.imports("jinja2, yaml") && ServeScriptTests.tool("curl") != nil && ServeScriptTests.tool("jq") != nil
    static let appriseReady = ServeScriptTests.tool("apprise") != nil || FileManager.default.isExecutableFile(atPath: "/usr/bin/apprise")

    @Test(.enabled(if: TestTools.installed || feedReady, "icalendar (PyPI) is missing; scripts/test installs it"))
    func theCalendarFeedMatchesHabitListAndWantsItsToken() throws {
        let outcome = try ServeScriptTests.run("feed_test.py", timeout: 240)
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.out.contains("feed: ok"))
    }

    @Test(.enabled(if: TestTools.installed || recipesReady, "curl, jq or jinja2 is missing; scripts/test installs them"))
    func theRecipesOfTheAPIDocumentWorkAsWritten() throws {
        let outcome = try ServeScriptTests.run("recipes_test.py", timeout: 240)
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.out.contains("recipes: ok"))
    }

    @Test(.enabled(if: TestTools.installed || appriseReady, "apprise is missing; scripts/test installs it"))
    func remindersGoThroughAppriseOneTargetAtATime() throws {
        let outcome = try ServeScriptTests.run("apprise_test.py", timeout: 300)
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.out.contains("apprise: ok"))
    }
}
