import HabitLocalization
import Testing
@testable import HabitCLI

/// Messages that only conditions a plain-text case cannot create bring out (another process
/// holding the lock, a transfer in progress on a terminal, a server that times out or refuses, a
/// change interrupted by a crash): each renders in both languages with its arguments filled. The
/// conditions themselves are tested where they can be made (ProcessTests, SyncTests,
/// ReliabilityTests); errors are rendered by ErrorPresenterTests.
@Suite struct RareMessagesTests {
    nonisolated(unsafe) static let samples: [(MessageKey, [any CustomStringConvertible])] = [
        (.waitingForLock, ["pid 12: habit sync"]),
        (.reasonTimeout, []), (.reasonAuthentication, []), (.reasonRejected, []), (.reasonFailed, []),
        (.retried, [3]), (.remoteHeadDangling, ["main"]),
        (.statusUncommittedByHabit, ["trackers/run.toml", "No space left on device"]), (.statusInterrupted, []),
        (.statusProblem, ["index corrupted"]), (.progressReceiving, []), (.progressSending, []),
        (.mergeDriverCannotWrite, ["trackers/run.toml", "No space left on device"]),
        (.problemMissing, []), (.problemTooLarge, [100]),
        // Reminders with the real crontab, a real user manager or a real desktop: ReminderSystemTests.
        (.remindInstalledCrontab, ["08:00, 20:30"]), (.remindCronNotRunning, []), (.remindReplaced, ["the crontab block"]),
        (.remindRunSent, [2]),
        // habit-serve present and executable, yet execve refuses it (a damaged install).
        (.serveProgramNotStarted, ["/usr/bin/habit-serve", "Exec format error"]),
    ]

    @Test(arguments: Language.allCases)
    func renderWithTheirArguments(_ language: Language) throws {
        let t = Messages(language)
        let leftover = try Regex(#"\{\d+[,}]"#)
        for (key, arguments) in Self.samples {
            let text = Template.render(language.template(key), arguments.map(\.description), plural: language.pluralCategory)
            #expect(!text.isEmpty && !text.contains(leftover), "\(key): \(text)")
        }
        #expect(Session.reasonWords(["unreachable", "timeout", "authentication", "not-found", "rejected", "failed"], t).count == 6)
    }
}
