import HabitCore
import HabitGit
import HabitStore
#if canImport(Glibc)
import Glibc
#endif

extension Habits {
    /// Runs one change: under the directory lock, finishes what a killed habit left half done,
    /// loads (or reuses `preview` when no file changed on disk since it was read), lets `body`
    /// check its rules and edit the store, then writes every changed file and commits them with
    /// `message` as one step (`Advance`). If `body` throws, nothing is written.
    func change<Result>(_ message: String, reusing preview: Store? = nil, _ body: (Store) throws -> Result) throws(HabitError) -> Result {
        let (result, record) = try translating { () throws -> (Result, ChangeRecord?) in
            let lock = try self.lock("habit \(message)")
            defer { withExtendedLifetime(lock) {} }
            let repository = try prepareForWriting(refusingMerge: true)
            var reusable = preview
            var attempt = 1
            while true {
                do {
                    let store = try reusable.flatMap { $0.isUnchangedOnDisk ? $0 : nil } ?? Store.load(from: directory.files, cache: cache)
                    let timesBefore = onReminderTimesChanged == nil ? [] : store.journal.reminderTimes
                    // The trackers as they were, for the hook's record of what changed.
                    let before = afterChange == nil ? [:] : Dictionary(store.journal.trackers.map { ($0.id, $0) }) { first, _ in first }
                    let result = try body(store)
                    let files = Array(store.changes.keys)
                    let commit = try write(store, message: message, repository: repository)
                    if let onReminderTimesChanged, case let times = store.journal.reminderTimes, times != timesBefore {
                        onReminderTimesChanged(times)
                    }
                    guard afterChange != nil, !files.isEmpty else { return (result, nil) }
                    return (result, ChangeRecord.of(message: message, before: before, after: store.journal, files: files, commit: commit?.description))
                } catch is Advance.BranchMoved {
                    // Another writer moved the branch and everything was put back: the change is
                    // made again on the files as they are now, a bounded number of times.
                    guard attempt < Self.branchAttempts else { throw HabitError.branchKeptMoving(attempts: attempt) }
                    attempt += 1
                    reusable = nil
                }
            }
        }
        // After the lock is released, so that a hook may run habit itself; the change stands whatever it does.
        if let record, let afterChange, let problem = afterChange.run(record, dataDirectory: directory.path) {
            onHookProblem?(problem)
        }
        return result
    }

    /// How many times a change is made before `branchKeptMoving` (see `Advance.BranchMoved`).
    static let branchAttempts = 5

    /// What every writer does first, holding the lock: sweeps temporary files of killed writers,
    /// finishes an interrupted step, and makes sure a clone made by plain `git clone` merges data
    /// files with habit's rules. Returns the repository, nil for a plain directory.
    /// `refusingMerge`: a merge in progress (MERGE_HEAD) is refused before anything is written;
    /// only sync, which finishes such a merge, goes on.
    func prepareForWriting(refusingMerge: Bool = false) throws -> Repository? {
        directory.files.sweepTemporaryFiles(in: ["", DataFormat.trackersFolder])
        guard let repository = try repository() else { return nil }
        do {
            try repository.refuseUnsupportedFormat()
        } catch let format as UnsupportedFormat {
            throw HabitError.unsupportedRepository(setting: format.setting, fix: format.fix?.replacing("DIR", with: directory.path))
        }
        if refusingMerge, !repository.mergeHeads().isEmpty { throw HabitError.gitMergeInProgress }
        repository.applySharedRepositoryMode()
        GitLockRecovery.sweep(repository)
        try Advance.finishInterrupted(in: repository, files: directory.files)
        try GitLockRecovery.retrying(repository) { try GitSetup.registerMergeDriverIfMissing(in: repository) }
        return repository
    }

    /// Writes the store's changes; with history on, as one commit of exactly those files, whose id
    /// it returns.
    @discardableResult
    func write(_ store: Store, message: String, repository: Repository?) throws -> CommitID? {
        guard !store.changes.isEmpty else { return nil }
        let fileModeKept = repository?.recordsExecutableBit ?? true
        var target: [String: FileContents?] = [:]
        // A file made executable by hand stays so, on disk and in the commit (100755), as
        // `git commit -a` records it; with core.fileMode off, git keeps the mode HEAD has.
        let modeSource = fileModeKept ? nil : try? repository?.headCommitID()
        for (path, bytes) in store.changes {
            let executable = if let modeSource, let repository { (try? repository.fileMode(atPath: path, in: modeSource)) == .executable } else { isExecutable(path) }
            target.updateValue(bytes.map { FileContents(bytes: $0, executable: executable) }, forKey: path)  // nil: a deletion
        }
        guard let repository, store.settings.autocommit else {
            store.cacheWritten(try writePlain(target))
            return nil
        }
        let advance = Advance(repository: repository, files: directory.files)
        let staged = try advance.stage(target)
        let head: CommitID?
        let commit: CommitID
        let indexLock: IndexLock
        do {
            // Taken before the branch is read, as `git commit` takes it: a git committing beside
            // habit waits for it, or habit for the git.
            indexLock = try GitLockRecovery.lockIndex(repository)
        } catch {
            staged.discard()
            throw error
        }
        do {
            head = try repository.headCommitID()
            let changes = target.mapValues { contents -> TreeChange in
                contents.map { .write($0.bytes, executable: $0.executable) } ?? .delete
            }
            try FaultInjection.step("commit")
            commit = try GitLockRecovery.retrying(repository) {
                try repository.makeCommit(base: head, changes: changes, parents: head.map { [$0] } ?? [], message: message)
            }
        } catch {
            staged.discard()
            indexLock.release()
            if let refusal = ErrorTranslation.translate(error) as? HabitError, !Self.isGitFailure(refusal) { throw refusal }
            throw HabitError.commitFailed(detail: ErrorTranslation.detail(of: error), kept: [])
        }
        try advance.complete(staged, from: head, to: commit,
                             previous: store.originals.mapValues { $0.map { FileContents(bytes: $0) } },
                             indexLock: indexLock, reflog: Self.reflogMessage(message, initial: head == nil))
        // As `git commit` ends: git's automatic gc when its thresholds are passed, not waited for.
        repository.startAutomaticMaintenanceIfDue()
        var stamps: [String: FileStamp?] = staged.writes.mapValues(\.placedStamp)
        for path in staged.deletions { stamps[path] = .some(nil) }
        store.cacheWritten(stamps)
        return commit
    }

    /// Whether the file at `path` is there and executable by its owner.
    private func isExecutable(_ path: String) -> Bool {
        var info = stat()
        return lstat(directory.path + "/" + path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_mode & S_IXUSR != 0
    }

    /// Whether `error` is a failure of the commit (said as "could not be recorded in git"), rather
    /// than a refusal about the repository with words of its own (a held lock, a filter habit
    /// cannot run, an unknown identity).
    static func isGitFailure(_ error: HabitError) -> Bool {
        switch error {
        case .gitLocked, .gitFilterDriver, .gitCommitting, .gitMergeInProgress, .gitIdentityUnknown, .gitSigningFailed, .unsupportedRepository, .branchKeptMoving: false
        default: true
        }
    }

    /// The reflog line `git commit` writes: `commit: ` and the message's first line.
    static func reflogMessage(_ message: String, initial: Bool) -> String {
        (initial ? "commit (initial): " : "commit: ") + (message.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? "")
    }

    /// Without history: each file is replaced atomically on its own. Returns the stamps the files
    /// have once written (nil for a removed one).
    private func writePlain(_ target: [String: FileContents?]) throws -> [String: FileStamp?] {
        var stamps: [String: FileStamp?] = [:]
        for (path, contents) in target.sorted(by: { $0.key < $1.key }) {
            if let contents {
                let staged = try directory.files.stage(path, contents: contents.bytes, executable: contents.executable)
                try staged.commit()
                stamps[path] = staged.placedStamp
            } else {
                try directory.files.remove(path, keepFolders: [DataFormat.trackersFolder])
                stamps[path] = .some(nil)
            }
        }
        return stamps
    }
}
