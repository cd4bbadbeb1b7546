import Foundation
import HabitSystem
import Testing

/// `ProcessEnvironment.current()` replaces `ProcessInfo.environment` at start-up: it must read
/// the same dictionary, for ASCII entries (its fast path) and for any other.
@Suite(.serialized) struct ProcessEnvironmentTests {
    @Test func readsWhatProcessInfoReads() {
        let names = ["HABIT_ENV_TEST_PLAIN", "HABIT_ENV_TEST_EQUALS", "HABIT_ENV_TEST_EMPTY", "HABIT_ENV_TEST_ÉTÉ", "HABIT_ENV_TEST_ACCENT"]
        setenv(names[0], "plain value", 1)
        setenv(names[1], "a=b=c", 1)
        setenv(names[2], "", 1)
        setenv(names[3], "été", 1)
        // A combining accent right after `=`: by Characters `=` and the accent are one, so
        // ProcessInfo splits the entry at the next `=` (or drops it); the reader must too.
        setenv(names[4], "\u{301}x=y", 1)
        defer { names.forEach { unsetenv($0) } }
        let environment = ProcessEnvironment.current()
        #expect(environment == ProcessInfo.processInfo.environment)
        #expect(environment["HABIT_ENV_TEST_EQUALS"] == "a=b=c")
        #expect(environment["HABIT_ENV_TEST_EMPTY"] == "")
        #expect(environment["HABIT_ENV_TEST_ÉTÉ"] == "été")
    }
}
