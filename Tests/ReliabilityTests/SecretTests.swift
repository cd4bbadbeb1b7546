import Foundation
import Testing
import TestSupport

/// A remote URL with a user name and a password or token is never printed in full: not when set,
/// not in status (text or JSON), not in a failed sync's error, not in the offline note or the log.
@Suite("Secrets in remote URLs")
struct SecretTests {
    static let secret = "s3cret"

    static func expectHidden(_ outcome: ProcessOutcome, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(outcome.signal == nil, "\(what) crashed", sourceLocation: sourceLocation)
        #expect(!outcome.all.contains(secret), "\(what) printed the secret: \(outcome.all)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        "https://user:s3cret@127.0.0.1:1/x.git",
        "ssh://user:s3cret@127.0.0.1:1/x.git",
        "https://s3cret@127.0.0.1:1/x.git",
        "http://user:s3cret@127.0.0.1:{hang}/x.git",
    ])
    func remoteWithCredentials(_ template: String) throws {
        let listener = try SilentListener()  // for {hang}: connects, then silence until the timeout
        let url = template.replacingOccurrences(of: "{hang}", with: String(listener.port))
        let directory = try HabitDirectory(label: "secret", extraEnvironment: ["HABIT_SYNC_TIMEOUT": "1"])
        #expect(directory.run(["category", "add", "Health"]).succeeded)
        #expect(directory.run(["add", "Run", "--category", "Health", "--daily"]).succeeded)

        let set = directory.run(["remote", "set", url])
        #expect(set.succeeded, "\(set.all)")
        SecretTests.expectHidden(set, "remote set")
        let shown = directory.run(["remote", "show"])
        #expect(shown.out.contains("127.0.0.1"), "the remote is shown, without its secret: \(shown.all)")
        for arguments in [["remote"], ["remote", "show"], ["status"], ["status", "--json"]] {
            SecretTests.expectHidden(directory.run(arguments), arguments.joined(separator: " "))
        }
        let sync = directory.run(["sync"], timeout: 30)
        #expect(sync.status != 0, "sync to an unreachable remote fails: \(sync.all)")
        SecretTests.expectHidden(sync, "sync")
        #expect(directory.run(["done", "run"]).succeeded)
        for arguments in [["status"], ["status", "--json"], ["list"], ["log"], ["log", "--json"], ["sync"], ["check"]] {
            SecretTests.expectHidden(directory.run(arguments, timeout: 30), arguments.joined(separator: " "))
        }
        // What habit itself records about the failure is a log too.
        let state = try directory.git(["config", "--get-regexp", "^habit\\."], allowFailure: true)
        #expect(state.contains("lastsyncerror"), "the failure was recorded: \(state)")
        #expect(!state.contains(SecretTests.secret), "the recorded sync state keeps the secret: \(state)")
    }

    @Test("init --remote with credentials that fails does not print them")
    func initWithCredentials() throws {
        let scratch = try ScratchDirectory("secret-init")
        let environment = ["HOME": scratch.path, "HABIT_NOW": "2026-11-22T10:00", "LANG": "en_US.UTF-8", "GIT_CONFIG_NOSYSTEM": "1",
                           "HABIT_SYNC_TIMEOUT": "1", "PATH": "/usr/bin:/bin", "GIT_TERMINAL_PROMPT": "0"]
        guard let habit = BuiltProduct.habit else { throw Failure("no habit binary") }
        let outcome = try ChildProcess(habit, ["init", "--dir", scratch.sub("data"), "--remote", "https://user:s3cret@127.0.0.1:1/x.git"],
                                environment: environment, scratch: scratch.path).wait()
        #expect(outcome.status != 0)
        SecretTests.expectHidden(outcome, "init --remote")
    }
}
