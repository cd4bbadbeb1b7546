import HabitCore
import HabitInterchange
import HabitKit
import HabitStore
import Testing
@testable import HabitCLI

/// Every refusal a use case can make has words in both languages and an exit status from the
/// contract (docs/cli.md), including those no plain-text case can provoke (a full disk, a server
/// that refuses): they are rendered here.
@Suite struct ErrorPresenterTests {
    static let day = CivilDate("2026-11-22")!
    static let diagnostic = Diagnostic(file: "trackers/run.toml", line: 2, column: 3, problem: .notAWeekday, sourceLine: "x")

    static let everyError: [HabitError] = [
        .notInitialized(directory: "/d"), .alreadyInitialized(directory: "/d"), .notEmpty(directory: "/d"),
        .unusablePath(path: "trackers", problem: .symbolicLink("trackers")),
        .io(path: "trackers/run.toml", operation: .createTemporary, errno: 28), .io(path: "p", operation: .write, errno: 28),
        .io(path: "p", operation: .flush, errno: 5), .io(path: "p", operation: .replace, errno: 5), .io(path: "p", operation: .delete, errno: 13),
        .io(path: "p", operation: .createFolder, errno: 28), .io(path: "p", operation: .openLock, errno: 13),
        .io(path: "p", operation: .lock, errno: 37), .io(path: "p", operation: .read, errno: 5),
        .busy(holder: "pid 1: habit sync"), .invalidFiles([diagnostic]),
        .invalidName(.empty), .invalidName(.tooLong(count: 40)), .invalidName(.controlCharacter), .invalidEmoji("ab"),
        .noSuchTracker("x", available: ["Run"]), .noSuchTracker("x", available: []),
        .ambiguousTracker("r", candidates: [TrackerCandidate(name: "Run", id: "run"), TrackerCandidate(name: "Read", id: "read")]),
        .nameTaken("run", existing: "Run"), .unknownCategory("x", known: []), .unknownCategory("x", known: ["Health"]),
        .categoryExists("Health"),
        .markRefused(tracker: "Run", day: day, reason: .future), .markRefused(tracker: "Run", day: day, reason: .beforeStart(day)),
        .markRefused(tracker: "Run", day: day, reason: .notScheduled(WeekdaySet([.monday]))),
        .markRefused(tracker: "Run", day: day, reason: .eventAlreadyDone(day)),
        .changedMeanwhile(file: "trackers/run.toml"), .confirmationNeeded(.dropMarks(tracker: "Run", count: 3, start: day)),
        .notARepository(directory: "/d"), .noRemote, .git(detail: "index corrupted"),
        .gitLocked([HeldLock(path: ".git/index.lock", holders: ["pid 7 (git)"])]),
        .commitFailed(detail: "No space left on device", kept: []), .commitFailed(detail: "index corrupted", kept: ["trackers/run.toml"]),
        .unsafeTree(commit: "0123456789abcdef", path: "trackers", reason: .symbolicLink),
        .unsafeTree(commit: "0123456789abcdef", path: "sub", reason: .submodule),
        .unsafeTree(commit: "0123456789abcdef", path: "x", reason: .unknownMode),
        .unsafeTree(commit: "0123456789abcdef", path: "../x", reason: .forbiddenName),
        .unsafeTree(commit: "0123456789abcdef", path: "trackers", reason: .wrongKind),
        .textConflict(paths: ["notes.md"]),
        .mergeConflict(.notValidTOML(path: "habit.toml", side: .base, line: 1, column: 1, message: "m")),
        .mergeConflict(.cannotApply(path: "habit.toml", detail: "d")), .mergeConflict(.resultMismatch(path: "habit.toml")),
        .mergeConflict(.notADataFile(path: "notes.md")),
        .mergedDataInvalid([diagnostic]), .remoteDataInvalid([diagnostic]), .notHabitRepository(url: "u"),
        .remoteKeptChanging(attempts: 4), .unfinishedGitMerge(paths: ["notes.md"]), .handEditsInvalid([diagnostic]),
    ] + RemoteFailureKinds.all.map { .remote(RemoteFailure(kind: $0, url: "https://***@example.org/h.git", detail: "said \u{1B}[31mred")) }
        + [.remote(RemoteFailure(kind: .authentication, url: "ssh://git@example.org/h.git", detail: nil))]
        // MARK: import and export
        + [.importNamesTaken(["Run"]), .importNamesTaken(["Run", "Read"]), .importUnreadable(path: "x.zip"),
           .importFileMissing(path: "d", file: "Habits.csv"), .importZip(path: "x.zip", problem: .notAZip),
           .importZip(path: "x.zip", problem: .unsupported("ZIP64")), .importZip(path: "x.zip", problem: .corrupt("Habits.csv")),
           .importZip(path: "x.zip", problem: .zlibMissing("libz.so.1: cannot open shared object file"))]
        // MARK: import sources (Loop's .db, habitctl)
        + [LoopDatabaseProblem.notSQLite, .notLoop, .tooOld(version: 7), .tooNew(version: 26), .unreadable("database disk image is malformed"),
           .badValue(table: "Habits", row: 3, column: "freq_den", value: "0"),
           .sqliteMissing("libsqlite3.so.0: cannot open shared object file")].map { .importDatabase(path: "x.db", problem: $0) }
        + [ImportProblem.unclosedQuote, .badDate("x"), .badValue("x"), .badFrequency("x"), .missingFields(expected: 2), .badLine, .badNumber("x")]
            .map { .importMalformed(ImportProblemAt(file: "Habits.csv", line: 2, column: 3, problem: $0)) }

    @Test(arguments: Language.allCases)
    func everyErrorHasWordsAndAStatus(_ language: Language) {
        let t = Messages(language)
        for error in Self.everyError {
            let failure = ErrorPresenter.failure(error, t, today: Self.day)
            #expect(!failure.message.isEmpty, "\(error)")
            let leftover = try! Regex(#"\{\d+[,}]"#)
            #expect(!failure.message.contains(leftover) && !(failure.hint ?? "").contains(leftover),
                    "a placeholder left in \(error): \(failure.message)")
            #expect([ExitStatus.refused, ExitStatus.usage].contains(failure.exitCode), "\(error)")
        }
    }

    @Test func whatAServerSaysReachesTheTerminalOnlyAsPlainText() {
        let failure = ErrorPresenter.failure(.remote(RemoteFailure(kind: .other, url: "u", detail: "\u{1B}]0;owned\u{7}")), Messages(.english))
        #expect(!failure.message.contains("\u{1B}") && !failure.message.contains("\u{7}"))
    }
}

enum RemoteFailureKinds {
    static let all: [RemoteFailure.Kind] = [.unreachable, .timeout, .tooLong, .tooMuchData, .authentication, .certificate,
                                            .repositoryNotFound, .rejected(["refs/heads/main: hook declined"]),
                                            .remoteLocked("failed to lock"), .other,
                                            .unknownHostKey(HostKeyProblem(host: "example.org", port: 2222, keyType: "ed25519",
                                                                           fingerprint: "SHA256:abc", knownHostsPath: "/h/.ssh/known_hosts")),
                                            .changedHostKey(HostKeyProblem(host: "example.org", port: 22, keyType: "ecdsa",
                                                                           fingerprint: "SHA256:def", knownHostsPath: "/h/.ssh/known_hosts"))]
}
