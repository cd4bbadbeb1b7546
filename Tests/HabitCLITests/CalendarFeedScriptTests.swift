import Foundation
import TestSupport
import Testing

/// `habit export ics` read back by a real iCalendar parser: Scripts/ics_test.py parses the feed with
/// `icalendar` (PyPI), expands its recurrences and compares 14 days with `habit list --date`.
@Suite struct CalendarFeedScriptTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/ics_test.py").path

    static func python() -> String? { TestTools.find("python3", path: (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/bin:/bin") }

    /// The parser is importable: `scripts/test` installs it from .ci/pypi-packages.
    static let parserReady: Bool = {
        guard let python = python(), let scratch = try? ScratchDirectory("ics-probe"),
              let probe = try? ChildProcess(python, ["-c", "import icalendar, dateutil.rrule"], environment: ProcessInfo.processInfo.environment, scratch: scratch.path)
        else { return false }
        return probe.wait().succeeded
    }()

    @Test(.enabled(if: TestTools.installed || parserReady || !TestTools.cannotInstall, "icalendar (PyPI) is missing; scripts/test installs it"))
    func theFeedMatchesHabitListForFourteenDays() throws {
        try #require(Self.parserReady, "the Python package icalendar is missing: pip install icalendar (scripts/test installs .ci/pypi-packages)")
        let habit = try #require(BuiltProduct.habit, "build habit first (swift build --build-tests)")
        let python = try #require(Self.python(), "python3 is not installed")
        let scratch = try ScratchDirectory("ics")
        var environment = ProcessInfo.processInfo.environment
        environment["HABIT_BINARY"] = habit
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        let outcome = try ChildProcess(python, [Self.script], environment: environment, scratch: scratch.path).wait(timeout: 240)
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.out.contains("ics: ok"))
    }
}
