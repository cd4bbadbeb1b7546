import Foundation
import HabitGit
import HabitStore

/// Where the directory stands against its remote: for `habit status` and the offline note.
public struct SyncStatus: Equatable, Sendable {
    public var isRepository: Bool
    public var branch: String?
    /// The remote URL with credentials hidden.
    public var remote: String?
    public var ahead: Int
    public var behind: Int
    /// Files changed by hand and not yet committed.
    public var uncommitted: [String]
    public var state: SyncState

    /// Changes that exist here and not on the remote: unpushed commits plus uncommitted files.
    public var pending: Int { ahead + (uncommitted.isEmpty ? 0 : 1) }
}

extension Workspace {
    public func syncStatus() -> SyncStatus {
        guard let repository = GitSetup.repository(of: directory) else {
            return SyncStatus(isRepository: false, ahead: 0, behind: 0, uncommitted: [], state: SyncState())
        }
        let remote = (try? repository.remoteURL()).flatMap { $0 }
        var ahead = 0
        var behind = 0
        if let local = try? repository.headCommitID() {
            if let upstream = try? repository.remoteBranchHead() {
                (ahead, behind) = (try? repository.aheadBehind(local: local, upstream: upstream)) ?? (0, 0)
            } else if remote != nil {
                ahead = (try? repository.log().count) ?? 0
            }
        }
        let uncommitted = ((try? repository.status()) ?? []).map(\.path).filter { !$0.hasPrefix(".habit") }.sorted()
        return SyncStatus(
            isRepository: true, branch: try? repository.currentBranch(), remote: remote.map(redactCredentials),
            ahead: ahead, behind: behind, uncommitted: uncommitted, state: SyncState.load(from: directory))
    }

    /// The one-line note every command shows while changes wait for a sync, or nil.
    public func offlineNote() -> (count: Int, reason: String?)? {
        // Every command asks this, so the common answers come from reading a few small files;
        // starting libgit2 (which loads the system's certificates) costs more than the whole command.
        guard let quick = QuickRefs(gitDirectory: directory.path + "/.git"), quick.hasOrigin else { return nil }
        if let head = quick.head, head == quick.originMain { return nil }
        guard let repository = GitSetup.repository(of: directory), (try? repository.remoteURL()) != nil,
              let local = try? repository.headCommitID() else { return nil }
        let ahead: Int
        if let upstream = try? repository.remoteBranchHead() {
            ahead = (try? repository.aheadBehind(local: local, upstream: upstream).ahead) ?? 0
        } else {
            ahead = (try? repository.log().count) ?? 0
        }
        guard ahead > 0 else { return nil }
        return (ahead, SyncState.load(from: directory).lastError)
    }

    /// `habit log`: the history of changes, newest first.
    public func history(limit: Int, touching path: String?) throws -> [CommitInfo] {
        guard let repository = GitSetup.repository(of: directory) else {
            throw KitError("\(directory.path) is not a git repository, so there is no history.",
                           hint: "Turn history on with: git -C \(directory.path) init -b main && habit commit")
        }
        guard try repository.headCommitID() != nil else { return [] }
        return try repository.log(limit: limit, touchingPath: path)
    }

    /// Sets the remote `origin`.
    public func setRemote(_ url: String) throws {
        guard let repository = GitSetup.repository(of: directory) else {
            throw KitError("\(directory.path) is not a git repository.", hint: "Run: git -C \(directory.path) init -b main")
        }
        try repository.setRemoteURL(url)
        try GitSetup.registerMergeDriver(in: repository)
    }
}
