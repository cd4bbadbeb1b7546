import HabitGit
import HabitSystem
import HabitStore

/// A change in the history, as `habit log` shows it.
public struct HistoryEntry: Equatable, Sendable {
    public let id: String
    /// Seconds since the epoch.
    public let time: Double
    public let author: String
    public let summary: String
    public let files: [String]
}

/// A repository format habit's git library cannot write as git would: the setting that makes it
/// and the git command that turns it off (nil when there is none).
public struct UnsupportedRepositoryFormat: Equatable, Sendable {
    public let setting: String
    public let fix: String?
}

/// Where the directory stands against its remote: for `habit status` and the "not synced" note.
public struct SyncStatus: Equatable, Sendable {
    public var isRepository: Bool
    public var branch: String?
    /// The remote URL with credentials hidden.
    public var remote: String?
    public var ahead: Int
    public var behind: Int
    /// Files changed by hand and not yet committed.
    public var uncommitted: [String]
    /// Files habit changed and could not commit, and why.
    public var uncommittedByHabit: UncommittedChange?
    /// A change a killed habit left half done (the next change finishes it).
    public var interruptedChange: Bool
    /// A merge begun by `git pull` and not finished.
    public var gitMergeInProgress: Bool
    /// A repository format every change refuses (split index, sha256, …); see `unsupportedFormat()`.
    public var unsupportedFormat: UnsupportedRepositoryFormat?
    /// False when the repository could not be opened at all (a sha256 one): nothing else is known.
    public var isReadable = true
    public var lastSyncSuccess: Double?
    public var lastSyncAttempt: Double?
    public var lastSyncError: String?
    /// Something git itself could not read (a damaged index, say).
    public var problem: String?

    /// Changes that exist here and not on the remote: unpushed commits plus uncommitted files.
    public var pending: Int { ahead + (uncommitted.isEmpty ? 0 : 1) }
}

extension Habits {
    /// `habit log`: the history of changes, newest first; `path` limits it to one file.
    public func history(limit: Int, touching path: String?) throws(HabitError) -> [HistoryEntry] {
        try translating {
            guard let repository = try repository() else { throw HabitError.notARepository(directory: directory.path) }
            guard try repository.headCommitID() != nil else { return [] }
            return try repository.log(limit: limit, touchingPath: path).map { commit in
                HistoryEntry(id: commit.id.hex, time: Double(commit.time.secondsSinceEpoch), author: commit.authorName,
                             summary: commit.summary, files: commit.changedPaths)
            }
        }
    }

    public func syncStatus() -> SyncStatus {
        var status = SyncStatus(isRepository: false, ahead: 0, behind: 0, uncommitted: [], interruptedChange: false,
                                gitMergeInProgress: false)
        let repository: Repository
        do {
            guard let opened = try self.repository() else { return status }
            repository = opened
        } catch {
            // A repository libgit2 cannot open for its format (sha256) is still one: say which format.
            if let format = unsupportedFormat() {
                status.isRepository = true
                status.unsupportedFormat = format
                status.isReadable = false
            }
            return status
        }
        status.isRepository = true
        status.unsupportedFormat = unsupportedFormat(of: repository)
        status.branch = try? repository.currentBranch()
        status.remote = (try? repository.configuredRemoteURL()).flatMap { $0 }.map(redactCredentials)
        if let local = try? repository.headCommitID() {
            if let upstream = try? repository.remoteBranchHead(branch: status.branch ?? "main") {
                (status.ahead, status.behind) = (try? repository.aheadBehind(local: local, upstream: upstream)) ?? (0, 0)
            } else if status.remote != nil {
                status.ahead = (try? repository.log().count) ?? 0
            }
        }
        do {
            status.uncommitted = try repository.status().map(\.path).filter { !DataFormat.isPrivate($0) }.sorted()
        } catch {
            status.problem = "\(error)"
        }
        status.uncommittedByHabit = repository.uncommittedChange()
        if let pending = repository.pendingAdvance() {
            status.interruptedChange = true
            // Files an interrupted step already wrote (or had yet to write) are its own, not hand
            // edits: the next command finishes the step with them.
            status.uncommitted.removeAll { path in (try? Advance.isPart(path, of: pending, in: repository, files: directory.files)) ?? false }
        }
        status.gitMergeInProgress = !repository.mergeHeads().isEmpty
        let records = repository.habitRecords()
        status.lastSyncSuccess = records.lastSyncSuccess
        status.lastSyncAttempt = records.lastSyncAttempt
        status.lastSyncError = records.lastSyncError
        return status
    }

    /// The repository format every change would refuse (`Repository.refuseUnsupportedFormat`, or a
    /// repository libgit2 cannot open for its format, such as sha256), for `habit status` and
    /// `habit check`; nil when there is none or no repository.
    public func unsupportedFormat() -> UnsupportedRepositoryFormat? {
        // `habit check` asks this too, and a read-only command loads libgit2 only when the
        // repository's configuration could name such a format.
        guard directory.files.exists(".git"),
              UnsupportedFormat.mayApply(gitDirectory: directory.path + "/.git", environment: ProcessEnvironment.current()) else { return nil }
        do {
            guard let repository = try repository() else { return nil }
            return unsupportedFormat(of: repository)
        } catch let error as GitError {
            return UnsupportedFormat.fromOpenFailure(error).map { UnsupportedRepositoryFormat(setting: $0.setting, fix: $0.fix) }
        } catch {
            return nil
        }
    }

    private func unsupportedFormat(of repository: Repository) -> UnsupportedRepositoryFormat? {
        do {
            try repository.refuseUnsupportedFormat()
            return nil
        } catch let format as UnsupportedFormat {
            return UnsupportedRepositoryFormat(setting: format.setting, fix: format.fix?.replacing("DIR", with: directory.path))
        } catch {
            return nil
        }
    }

    /// The one-line note every command shows while changes wait for a sync: how many, and why the
    /// last attempt failed; nil when nothing waits.
    public func offlineNote() -> (count: Int, reason: String?)? {
        // Every command asks this, so the common answers come from reading a few small files;
        // starting libgit2 (which loads the system's certificates) costs more than the whole command.
        guard let quick = QuickRefs(workingDirectory: directory.path), quick.hasOrigin else { return nil }
        if let head = quick.head, head == quick.upstream { return nil }
        if let head = quick.head, let upstream = quick.upstream,
           case .waiting(let count, let reason) = WaitingCommits.count(workingDirectory: directory.path, head: head, upstream: upstream) {
            return count > 0 ? (count, reason) : nil
        }
        guard let repository = try? repository(), (try? repository.configuredRemoteURL()) != nil else { return nil }
        return waitingChanges(in: repository)
    }

    /// What a page of `habit serve` asks on every request, with the repository opened at most once
    /// (none when the configuration names no `origin`): whether there is a remote to sync with
    /// (`hasRemote`) and the offline note (`offlineNote`).
    ///
    /// The answer is kept (`syncStates`) while nothing happens in the folders of git's files it
    /// was read from, and after that while the configuration, HEAD and the remote branch read the
    /// same, since it follows from them alone: counting the commits that wait walks history.
    public func syncState() -> SyncState {
        let look = syncStates.look()
        if let known = look.known { return known }
        let noRemote = SyncState(hasRemote: false, offlineNote: nil)
        guard let quick = QuickRefs(workingDirectory: directory.path) else { return noRemote }
        guard let head = quick.head else { return quick.hasOrigin ? freshSyncState(quick) : noRemote }
        let key = SyncStates.Key(configuration: quick.configuration, head: head, upstream: quick.upstream)
        let state = syncStates.state(for: key) ?? (quick.hasOrigin ? freshSyncState(quick) : noRemote)
        syncStates.keep(state, for: key, readFrom: quick.folders, generation: look.generation)
        return state
    }

    private func freshSyncState(_ quick: QuickRefs) -> SyncState {
        // After a change made here (a mark), HEAD is one commit on from the kept one: counting on
        // from it reads one small file, where libgit2 would walk every commit not yet synced.
        if let head = quick.head, let upstream = quick.upstream,
           case .waiting(let count, let reason) = WaitingCommits.count(workingDirectory: directory.path, head: head, upstream: upstream,
                                                                        since: syncStates.counted(upstream: upstream)) {
            return SyncState(hasRemote: true, offlineNote: count > 0 ? (count, reason) : nil)
        }
        guard let repository = try? repository(), (try? repository.configuredRemoteURL()) != nil else { return SyncState(hasRemote: false, offlineNote: nil) }
        if let head = quick.head, head == quick.upstream { return SyncState(hasRemote: true, offlineNote: nil) }
        return SyncState(hasRemote: true, offlineNote: waitingChanges(in: repository))
    }

    /// The commits not on the remote yet and the reason the last sync failed; nil when none wait.
    private func waitingChanges(in repository: Repository) -> (count: Int, reason: String?)? {
        guard let local = try? repository.headCommitID() else { return nil }
        let ahead: Int
        if let upstream = try? repository.remoteBranchHead(branch: (try? repository.currentBranch()) ?? "main") {
            ahead = (try? repository.aheadBehind(local: local, upstream: upstream).ahead) ?? 0
        } else {
            ahead = (try? repository.log().count) ?? 0
        }
        guard ahead > 0 else { return nil }
        return (ahead, repository.habitRecords().lastSyncError)
    }

    /// Sets the remote `origin`.
    public func setRemote(_ url: String) throws(HabitError) {
        try translating {
            let lock = try self.lock("habit remote set")
            defer { withExtendedLifetime(lock) {} }
            guard let repository = try prepareForWriting() else { throw HabitError.notARepository(directory: directory.path) }
            try repository.setRemoteURL(url)
        }
    }

    /// Whether the directory has a remote to sync with: a few small files read first, libgit2
    /// only when they name one.
    public func hasRemote() -> Bool {
        guard let quick = QuickRefs(workingDirectory: directory.path), quick.hasOrigin else { return false }
        return remote() != nil
    }

    /// The remote's URL, credentials hidden; nil when none is set.
    public func remote() -> String? {
        guard let repository = try? repository() else { return nil }
        return (try? repository.configuredRemoteURL()).flatMap { $0 }.map(redactCredentials)
    }
}
