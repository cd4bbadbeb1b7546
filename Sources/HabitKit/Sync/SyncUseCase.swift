import HabitCore
import HabitGit
import HabitStore
import TOML

/// What `habit sync` did.
public struct SyncReport: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        case upToDate
        case pushed(commits: Int)
        case fastForwarded(commits: Int)
        case merged(pushed: Int, received: Int)
        case firstPush(commits: Int)
    }

    public var committedHandEdits: [String] = []
    /// A merge begun by `git pull` was finished or redone.
    public var settledGitMerge = false
    public var action: Action = .upToDate
    public var notes: [MergeNote] = []
    public var attempts = 1
    /// The remote's HEAD names no branch, so `git clone` of it checks nothing out (a network
    /// remote made with `git init --bare`, whose HEAD names `master`); habit cannot fix that
    /// from here.
    public var remoteHeadIsDangling = false
}

extension Habits {
    /// Settles what is pending locally (an interrupted step, a merge begun by `git pull`, hand
    /// edits), fetches, then fast-forwards or merges with habit's rules and pushes, trying again
    /// when the remote moved meanwhile. Holds the directory lock throughout.
    public func sync(_ options: SyncOptions, maximumAttempts: Int = 4) throws(HabitError) -> SyncReport {
        var remoteURL: String? = nil
        var repositoryForRecords: Repository? = nil
        do {
            return try translating {
                let lock = try self.lock("habit sync")
                defer { withExtendedLifetime(lock) {} }
                guard let repository = try prepareForWriting() else { throw HabitError.notARepository(directory: directory.path) }
                repositoryForRecords = repository
                guard let url = try repository.remoteURL(), !url.isEmpty else { throw HabitError.noRemote }
                remoteURL = url
                var report = SyncReport()
                report.settledGitMerge = try settleGitMerge(in: repository)
                report.committedHandEdits = try commitHandEdits(in: repository)
                let branch = try repository.currentBranch() ?? "main"
                for attempt in 1...maximumAttempts {
                    report.attempts = attempt
                    do {
                        try syncOnce(repository, url: url, branch: branch, options: options, report: &report)
                        try? repository.recordSyncSuccess(at: clock())
                        return report
                    } catch let error as GitError where error.kind == .nonFastForward && attempt < maximumAttempts {
                        continue  // the remote moved since our fetch: fetch again and merge that too
                    }
                }
                throw HabitError.remoteKeptChanging(attempts: maximumAttempts)
            }
        } catch {
            repositoryForRecords?.recordSyncFailure(Self.shortReason(error, url: remoteURL), at: clock())
            throw error
        }
    }

    /// A short reason for the "not synced" note, in the file's own words (the command line
    /// translates the kinds it knows).
    static func shortReason(_ error: HabitError, url: String?) -> String {
        if case .remote(let failure) = error {
            switch failure.kind {
            case .unreachable: return "unreachable"
            case .timeout, .tooLong: return "timeout"
            case .authentication: return "authentication"
            case .repositoryNotFound: return "not-found"
            case .rejected, .remoteLocked: return "rejected"
            default: return "failed"
            }
        }
        return "failed"
    }

    /// A path remote that is not there is "not found", as for any other remote.
    static func checkLocalRemote(_ url: String) throws {
        if let local = LocalRemote(url: url), !local.exists {
            throw HabitError.remote(RemoteFailure(kind: .repositoryNotFound, url: redactCredentials(url), detail: nil))
        }
    }

    private func syncOnce(_ repository: Repository, url: String, branch: String, options: SyncOptions,
                          report: inout SyncReport) throws {
        try Self.checkLocalRemote(url)
        // A killed sync can leave the remote-tracking ref's lock: recovered like any other.
        let fetched = try remoteStep(url) { try GitLockRecovery.retrying(repository) { try repository.fetch(options: options.network) } }
        let local = try repository.headCommitID()
        guard let remote = try repository.remoteBranchHead(branch: branch) else {
            guard local != nil else { return }  // nothing here, nothing there
            let count = try repository.log().count
            try push(repository, url: url, branch: branch, options: options)
            report.action = .firstPush(commits: count)
            LocalRemote(url: url)?.repairHead(toBranch: branch)
            report.remoteHeadIsDangling = LocalRemote(url: url) == nil && fetched.defaultBranch == nil && !fetched.branches.isEmpty
            return
        }
        report.remoteHeadIsDangling = LocalRemote(url: url) == nil && fetched.defaultBranch == nil
        guard let local else {
            try fastForward(repository, from: nil, to: remote)
            report.action = .fastForwarded(commits: try repository.log().count)
            return
        }
        if local == remote {
            report.action = .upToDate
            return
        }
        let (ahead, behind) = try repository.aheadBehind(local: local, upstream: remote)
        if behind == 0 {
            try push(repository, url: url, branch: branch, options: options)
            report.action = .pushed(commits: ahead)
            return
        }
        if ahead == 0 {
            try fastForward(repository, from: local, to: remote)
            report.action = .fastForwarded(commits: behind)
            return
        }
        report.notes += try merge(repository, ours: local, theirs: remote)
        try push(repository, url: url, branch: branch, options: options)
        report.action = .merged(pushed: ahead, received: behind)
    }

    /// A network step, its errors told as remote failures.
    private func remoteStep<Result>(_ url: String, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as GitError where error.kind != .nonFastForward {
            throw ErrorTranslation.translate(error, remoteURL: url)
        }
    }

    private func push(_ repository: Repository, url: String, branch: String, options: SyncOptions) throws {
        try FaultInjection.step("push")
        do {
            try remoteStep(url) { try GitLockRecovery.retrying(repository) { try repository.push(branch: branch, options: options.network) } }
        } catch HabitError.remote(let failure) where failure.kind.isRemoteLock {
            // A lock a killed git left in a remote on this machine: recover it like our own.
            guard let local = LocalRemote(url: url) else { throw HabitError.remote(failure) }
            let held = GitLocks.recoverStale(in: local.lockDirectory)
            if !held.isEmpty { throw HabitError.gitLocked(held.map { HeldLock(path: $0.path, holders: $0.holders) }) }
            try remoteStep(url) { try repository.push(branch: branch, options: options.network) }
        }
    }

    /// Moves to the remote's commit: checks what it would write, validates the directory it
    /// would make, then writes it as one step.
    private func fastForward(_ repository: Repository, from local: CommitID?, to target: CommitID) throws {
        let targetFiles = try repository.files(in: target)
        try TreeCheck.check(targetFiles, commit: target)
        let localFiles = try local.map { try repository.files(in: $0) } ?? [:]
        var changes: [String: FileContents?] = [:]
        for path in Set(localFiles.keys).union(targetFiles.keys) where localFiles[path] != targetFiles[path] {
            // updateValue, not a subscript: assigning nil to a subscript would drop a deletion.
            changes.updateValue(try targetFiles[path].map {
                FileContents(bytes: try repository.blob($0.blob), executable: $0.mode == .executable)
            }, forKey: path)
        }
        let checked = try Store.load(from: OverlaySource(base: directory.files, overrides: changes.mapValues { $0?.bytes }), cache: cache)
        guard checked.errors.isEmpty else { throw HabitError.remoteDataInvalid(checked.errors) }
        try materialize(repository, changes: changes, from: local, to: target, previous: localFiles)
    }

    /// habit's merge of two histories: file by file, then the rules across files, then a check of
    /// the whole result; only a result that passes is committed and written.
    private func merge(_ repository: Repository, ours: CommitID, theirs: CommitID) throws -> [MergeNote] {
        let base = try repository.mergeBase(ours, theirs)
        let baseFiles = try base.map { try repository.files(in: $0) } ?? [:]
        let ourFiles = try repository.files(in: ours)
        let theirFiles = try repository.files(in: theirs)
        try TreeCheck.check(theirFiles, commit: theirs)
        var treeMerge = TreeMerge(repository: repository, base: baseFiles, ours: ourFiles, theirs: theirFiles)
        if let base {
            let contested = TreeMerge.contested(base: baseFiles, ours: ourFiles, theirs: theirFiles)
            treeMerge.remadeHere = try repository.pathsMadeAgain(contested, since: base, until: ours)
            treeMerge.remadeThere = try repository.pathsMadeAgain(contested, since: base, until: theirs)
        }
        var merged = try treeMerge.merge()

        func overlay() -> OverlaySource { OverlaySource(base: directory.files, overrides: merged.changes.mapValues { $0?.bytes }) }
        let first = try Store.load(from: overlay(), cache: cache)
        func categories(_ files: [String: TreeFile]) -> [String] {
            guard let file = files[DataFormat.settingsFile], let bytes = try? repository.blob(file.blob),
                  case .success(let document) = TOMLDocument.parse(bytes),
                  case .array(let names)? = document.root[SettingsKey.categories.rawValue] else { return [] }
            return names.compactMap { if case .string(let name) = $0 { return name } else { return nil } }
        }
        let rules = CrossFileRules(base: categories(baseFiles), ours: categories(ourFiles), theirs: categories(theirFiles),
                                   moved: merged.moved)
        let (extra, crossNotes) = rules.apply(to: first, source: overlay())
        for (path, bytes) in extra {
            let executable = (merged.changes[path] ?? nil)?.executable ?? (ourFiles[path]?.mode == .executable)
            merged.changes[path] = FileContents(bytes: bytes, executable: executable)
        }
        let checked = extra.isEmpty ? first : try Store.load(from: overlay(), cache: cache)
        guard checked.errors.isEmpty else { throw HabitError.mergedDataInvalid(checked.errors) }

        let changes = merged.changes.mapValues { contents -> TreeChange in
            contents.map { .write($0.bytes, executable: $0.executable) } ?? .delete
        }
        try FaultInjection.step("commit")
        let commit = try GitLockRecovery.retrying(repository) {
            try repository.makeCommit(base: ours, changes: changes, parents: [ours, theirs], message: "sync: merge changes from another machine")
        }
        try materialize(repository, changes: merged.changes, from: ours, to: commit, previous: ourFiles)
        return merged.notes + crossNotes
    }

    /// Writes a commit's files over the working files it changes, moving index and branch along.
    private func materialize(_ repository: Repository, changes: [String: FileContents?], from old: CommitID?, to new: CommitID,
                             previous: [String: TreeFile]) throws {
        let advance = Advance(repository: repository, files: directory.files)
        var before: [String: FileContents?] = [:]
        for path in changes.keys {
            before.updateValue(try previous[path].map { FileContents(bytes: try repository.blob($0.blob), executable: $0.mode == .executable) },
                               forKey: path)
        }
        let staged = try advance.stage(changes)
        do {
            try advance.complete(staged, from: old, to: new, previous: before, reflog: "commit (merge): sync: merge changes from another machine")
        } catch is Advance.BranchMoved {
            throw HabitError.branchKeptMoving(attempts: 1)
        }
    }
}

extension RemoteFailure.Kind {
    var isRemoteLock: Bool {
        if case .remoteLocked = self { return true }
        return false
    }
}
