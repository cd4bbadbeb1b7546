import HabitCore
import HabitInterchange
import HabitKit
import HabitLocalization
import HabitStore
import Testing
@testable import HabitCLI

/// Every refusal a use case can make has words in both languages and an exit status from the
/// contract (docs/cli.md), including those no plain-text case can provoke (a full disk, a server
/// that refuses): they are rendered here.
@Suite struct ErrorPresenterTests {
    static let day = CivilDate("2026-11-22")!
    static let diagnostic = Diagnostic(file: "trackers/run.toml", line: 2, column: 3, problem: .notAWeekday, sourceLine: "x")

    /// Samples of every case of HabitError, several where the wording branches.
    static let everyError: [HabitError] = ErrorCase.allCases.flatMap(\.samples)

    /// The cases of HabitError, one by one: a case added to HabitError does not compile here until
    /// it has a name and samples, so no refusal goes unworded.
    enum ErrorCase: CaseIterable {
        case notInitialized, alreadyInitialized, notEmpty, unusablePath, io, busy, invalidFiles
        case invalidName, invalidEmoji, noSuchTracker, ambiguousTracker, nameTaken, unknownCategory, categoryExists
        case markRefused, changedMeanwhile, confirmationNeeded
        case notARepository, noRemote, remote, git, gitLocked, gitFilterDriver, gitCommitting, gitMergeInProgress, unsupportedRepository, gitIdentityUnknown, gitSigningFailed, branchKeptMoving, commitFailed, unsafeTree, textConflict, mergeConflict
        case mergedDataInvalid, remoteDataInvalid, notHabitRepository, remoteKeptChanging, unfinishedGitMerge, handEditsInvalid
        case notNumeric, amountNeeded, badTotal, backwardsRange, eventWithTarget, noScheduler, schedulerFailed
        case importNamesTaken, importMalformed, importUnreadable, importFileMissing, importKindsDiffer, importZip, importDatabase
        case exportOutputExists, exportUnwritable, exportBlocked, exportInsideDataDirectory
        case notQuit, quitNotPlain, allowanceWithoutDays, eventRange
        case timerNeedsMinutes

        init(_ error: HabitError) {
            switch error {
            case .notInitialized: self = .notInitialized
            case .alreadyInitialized: self = .alreadyInitialized
            case .notEmpty: self = .notEmpty
            case .unusablePath: self = .unusablePath
            case .io: self = .io
            case .busy: self = .busy
            case .invalidFiles: self = .invalidFiles
            case .invalidName: self = .invalidName
            case .invalidEmoji: self = .invalidEmoji
            case .noSuchTracker: self = .noSuchTracker
            case .ambiguousTracker: self = .ambiguousTracker
            case .nameTaken: self = .nameTaken
            case .unknownCategory: self = .unknownCategory
            case .categoryExists: self = .categoryExists
            case .markRefused: self = .markRefused
            case .changedMeanwhile: self = .changedMeanwhile
            case .confirmationNeeded: self = .confirmationNeeded
            case .notARepository: self = .notARepository
            case .noRemote: self = .noRemote
            case .remote: self = .remote
            case .git: self = .git
            case .gitLocked: self = .gitLocked
            case .gitFilterDriver: self = .gitFilterDriver
            case .branchKeptMoving: self = .branchKeptMoving
            case .gitCommitting: self = .gitCommitting
            case .gitMergeInProgress: self = .gitMergeInProgress
            case .unsupportedRepository: self = .unsupportedRepository
            case .gitIdentityUnknown: self = .gitIdentityUnknown
            case .gitSigningFailed: self = .gitSigningFailed
            case .commitFailed: self = .commitFailed
            case .unsafeTree: self = .unsafeTree
            case .textConflict: self = .textConflict
            case .mergeConflict: self = .mergeConflict
            case .mergedDataInvalid: self = .mergedDataInvalid
            case .remoteDataInvalid: self = .remoteDataInvalid
            case .notHabitRepository: self = .notHabitRepository
            case .remoteKeptChanging: self = .remoteKeptChanging
            case .unfinishedGitMerge: self = .unfinishedGitMerge
            case .handEditsInvalid: self = .handEditsInvalid
            case .notNumeric: self = .notNumeric
            case .amountNeeded: self = .amountNeeded
            case .badTotal: self = .badTotal
            case .backwardsRange: self = .backwardsRange
            case .eventWithTarget: self = .eventWithTarget
            case .notQuit: self = .notQuit
            case .quitNotPlain: self = .quitNotPlain
            case .allowanceWithoutDays: self = .allowanceWithoutDays
            case .eventRange: self = .eventRange
            case .noScheduler: self = .noScheduler
            case .schedulerFailed: self = .schedulerFailed
            case .importNamesTaken: self = .importNamesTaken
            case .importMalformed: self = .importMalformed
            case .importUnreadable: self = .importUnreadable
            case .importFileMissing: self = .importFileMissing
            case .importKindsDiffer: self = .importKindsDiffer
            case .importZip: self = .importZip
            case .importDatabase: self = .importDatabase
            case .exportOutputExists: self = .exportOutputExists
            case .exportUnwritable: self = .exportUnwritable
            case .exportBlocked: self = .exportBlocked
            case .exportInsideDataDirectory: self = .exportInsideDataDirectory
            case .timerNeedsMinutes: self = .timerNeedsMinutes
            }
        }

        var samples: [HabitError] {
            let day = ErrorPresenterTests.day
            let diagnostic = ErrorPresenterTests.diagnostic
            let commit = "0123456789abcdef"
            switch self {
            case .notInitialized: return [.notInitialized(directory: "/d")]
            case .alreadyInitialized: return [.alreadyInitialized(directory: "/d")]
            case .notEmpty: return [.notEmpty(directory: "/d")]
            case .unusablePath: return [.unusablePath(path: "trackers", problem: .symbolicLink("trackers"))]
            case .io:
                return [.io(path: "trackers/run.toml", operation: .createTemporary, errno: 28)]
                    + ([(.write, 28), (.flush, 5), (.replace, 5), (.delete, 13), (.createFolder, 28), (.openLock, 13), (.lock, 37), (.read, 5)]
                        as [(StoreError.Operation, Int32)]).map { .io(path: "p", operation: $0.0, errno: $0.1) }
            case .busy: return [.busy(holder: "pid 1: habit sync")]
            case .invalidFiles: return [.invalidFiles([diagnostic])]
            case .invalidName: return [.invalidName(.empty), .invalidName(.tooLong(count: 40)), .invalidName(.controlCharacter)]
            case .invalidEmoji: return [.invalidEmoji("ab")]
            case .noSuchTracker: return [.noSuchTracker("x", available: ["Run"]), .noSuchTracker("x", available: [])]
            case .ambiguousTracker:
                return [.ambiguousTracker("r", candidates: [TrackerCandidate(name: "Run", id: "run"), TrackerCandidate(name: "Read", id: "read")])]
            case .nameTaken: return [.nameTaken("run", existing: "Run")]
            case .unknownCategory: return [.unknownCategory("x", known: []), .unknownCategory("x", known: ["Health"])]
            case .categoryExists: return [.categoryExists("Health")]
            case .markRefused:
                return [MarkingRefusal.future, .beforeStart(day), .notScheduled(WeekdaySet([.monday])), .eventAlreadyDone(day)]
                    .map { .markRefused(tracker: "Run", day: day, reason: $0) }
            case .changedMeanwhile: return [.changedMeanwhile(file: "trackers/run.toml")]
            case .confirmationNeeded: return [.confirmationNeeded(.dropMarks(tracker: "Run", count: 3, start: day))]
            case .notARepository: return [.notARepository(directory: "/d")]
            case .noRemote: return [.noRemote]
            case .remote:
                return RemoteFailureKinds.all.map { .remote(RemoteFailure(kind: $0, url: "https://***@example.org/h.git", detail: "said \u{1B}[31mred")) }
                    + [.remote(RemoteFailure(kind: .authentication, url: "ssh://git@example.org/h.git", detail: nil))]
            case .git: return [.git(detail: "index corrupted")]
            case .gitLocked: return [.gitLocked([HeldLock(path: ".git/index.lock", holders: ["pid 7 (git)"])])]
            case .gitFilterDriver: return [.gitFilterDriver(name: "lfs", path: "trackers/run.toml")]
            case .branchKeptMoving: return [.branchKeptMoving(attempts: 5)]
            case .gitCommitting: return [.gitCommitting(holders: ["pid 7 (git)"])]
            case .gitMergeInProgress: return [.gitMergeInProgress]
            case .gitIdentityUnknown: return [.gitIdentityUnknown]
            case .gitSigningFailed: return [.gitSigningFailed(program: "gpg", detail: "gpg: signing failed: No secret key")]
            case .unsupportedRepository:
                return [.unsupportedRepository(setting: "core.splitIndex", fix: "git -C /d config core.splitIndex false"),
                        .unsupportedRepository(setting: "extensions.objectformat", fix: nil)]
            case .commitFailed:
                return [.commitFailed(detail: "No space left on device", kept: []), .commitFailed(detail: "index corrupted", kept: ["trackers/run.toml"])]
            case .unsafeTree:
                return [("trackers", UnsafeEntry.symbolicLink), ("sub", .submodule), ("x", .unknownMode), ("../x", .forbiddenName), ("trackers", .wrongKind)]
                    .map { .unsafeTree(commit: commit, path: $0.0, reason: $0.1) }
            case .textConflict: return [.textConflict(paths: ["notes.md"])]
            case .mergeConflict:
                return [.notValidTOML(path: "habit.toml", side: .base, line: 1, column: 1, message: "m"), .cannotApply(path: "habit.toml", detail: "d"),
                        .resultMismatch(path: "habit.toml"), .notADataFile(path: "notes.md"), .addedTwice(path: "trackers/run.toml")]
                    .map { .mergeConflict($0) }
            case .mergedDataInvalid: return [.mergedDataInvalid([diagnostic])]
            case .remoteDataInvalid: return [.remoteDataInvalid([diagnostic])]
            case .notHabitRepository: return [.notHabitRepository(url: "u")]
            case .remoteKeptChanging: return [.remoteKeptChanging(attempts: 4)]
            case .unfinishedGitMerge: return [.unfinishedGitMerge(paths: ["notes.md"])]
            case .handEditsInvalid: return [.handEditsInvalid([diagnostic])]
            case .notNumeric: return [.notNumeric(tracker: "Run")]
            case .amountNeeded: return [.amountNeeded(tracker: "Water", unit: "glasses"), .amountNeeded(tracker: "Water", unit: nil)]
            case .badTotal: return [.badTotal(tracker: "Water", total: -2), .badTotal(tracker: "Water", total: 1e12)]
            case .backwardsRange: return [.backwardsRange(from: day, to: CivilDate("2026-11-20")!)]
            case .eventWithTarget: return [.eventWithTarget(tracker: "Dentist")]
            case .notQuit: return [.notQuit(tracker: "Run")]
            case .quitNotPlain: return [.quitNotPlain(tracker: "Smoking")]
            case .allowanceWithoutDays: return [.allowanceWithoutDays(tracker: "Gym")]
            case .eventRange: return [.eventRange(tracker: "Dentist")]
            case .noScheduler: return [.noScheduler(asked: nil)] + ReminderMethod.allCases.map { .noScheduler(asked: $0) }
            case .schedulerFailed: return [.schedulerFailed(command: "systemctl --user enable habit-remind.timer", detail: "Failed to connect to bus")]
            case .importNamesTaken: return [.importNamesTaken(["Run"]), .importNamesTaken(["Run", "Read"])]
            case .importMalformed:
                return [ImportProblem.unclosedQuote, .badDate("x"), .badValue("x"), .badFrequency("x"), .missingFields(expected: 2), .badLine, .badNumber("x")]
                    .map { .importMalformed(ImportProblemAt(file: "Habits.csv", line: 2, column: 3, problem: $0)) }
            case .importUnreadable: return [.importUnreadable(path: "x.zip")]
            case .importFileMissing: return [.importFileMissing(path: "d", file: "Habits.csv")]
            case .importKindsDiffer: return [.importKindsDiffer(tracker: "Water", numericInFile: true), .importKindsDiffer(tracker: "Water", numericInFile: false)]
            case .importZip:
                return [ZipProblem.notAZip, .unsupported("ZIP64"), .corrupt("Habits.csv"), .zlibMissing("libz.so.1: cannot open shared object file")]
                    .map { .importZip(path: "x.zip", problem: $0) }
            case .importDatabase:
                return [LoopDatabaseProblem.notSQLite, .notLoop, .tooOld(version: 7), .tooNew(version: 26), .unreadable("database disk image is malformed"),
                        .badValue(table: "Habits", row: 3, column: "freq_den", value: "0"),
                        .sqliteMissing("libsqlite3.so.0: cannot open shared object file")].map { .importDatabase(path: "x.db", problem: $0) }
            case .exportOutputExists: return [.exportOutputExists(path: "out.zip")]
            case .exportUnwritable: return [.exportUnwritable(path: "out.zip", errno: 13), .exportUnwritable(path: "out.zip", errno: 28)]
            case .exportBlocked: return [.exportBlocked([diagnostic])]
            case .exportInsideDataDirectory: return [.exportInsideDataDirectory(path: "/home/ann/.local/share/habit/run.svg", directory: "/home/ann/.local/share/habit")]
            case .timerNeedsMinutes: return [.timerNeedsMinutes(tracker: "Read", unit: nil), .timerNeedsMinutes(tracker: "Read", unit: "pages")]
            }
        }
    }

    @Test func everyErrorCaseHasSamplesOfItsOwnKind() {
        for kind in ErrorCase.allCases {
            #expect(!kind.samples.isEmpty, "\(kind) has no sample")
            for sample in kind.samples {
                #expect(ErrorCase(sample) == kind, "\(sample) is listed under \(kind)")
            }
        }
    }

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
