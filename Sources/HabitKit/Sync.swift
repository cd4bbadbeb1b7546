import Foundation
import HabitGit
import HabitStore

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
    public var action: Action = .upToDate
    public var notes: [MergeNote] = []
    public var attempts = 1
}

extension Workspace {
    /// Commits validated hand edits, fetches, fast-forwards or merges (file-aware), and pushes;
    /// retries when the remote moved in between. Holds the directory lock throughout.
    public func sync(network: NetworkOptions = NetworkOptions(), maximumAttempts: Int = 4, onWait: (String) -> Void = { _ in }) throws -> SyncReport {
        let lock = try DirectoryLock(directory: directory.path, description: "habit sync", onWait: onWait)
        defer { withExtendedLifetime(lock) {} }
        guard let repository = GitSetup.repository(of: directory) else {
            throw KitError("\(directory.path) is not a git repository, so there is nothing to sync with.",
                           hint: "Turn history on with `git init -b main` in it and `habit remote set URL`, or start anew with `habit init --remote URL`.")
        }
        guard let remoteURL = try repository.remoteURL(), !remoteURL.isEmpty else {
            throw KitError("No remote is set for \(directory.path).", hint: "Set one with: habit remote set URL")
        }
        var report = SyncReport()
        report.committedHandEdits = try commitHandEdits(in: repository)
        do {
            for attempt in 1...maximumAttempts {
                report.attempts = attempt
                do {
                    try syncOnce(repository, network: network, report: &report)
                    try SyncState.recordSuccess(in: directory)
                    return report
                } catch let error as GitError where error.kind == .nonFastForward && attempt < maximumAttempts {
                    continue  // the remote moved since our fetch: fetch again and merge that too
                }
            }
            throw KitError("The remote kept changing during \(maximumAttempts) attempts; try again.")
        } catch let error as GitError {
            SyncState.recordFailure(Self.reason(error), in: directory)
            throw error
        } catch {
            SyncState.recordFailure(String(describing: error), in: directory)
            throw error
        }
    }

    /// A short reason for the offline note: "remote unreachable", "timed out", …
    static func reason(_ error: GitError) -> String {
        switch error.kind {
        case .unreachable: "remote unreachable"
        case .timeout: "the remote did not answer in time"
        case .authentication: "the remote refused our credentials"
        case .remoteRepositoryNotFound: "the remote repository was not found"
        case .pushRejected: "the remote rejected the push"
        default: error.summary
        }
    }

    private func syncOnce(_ repository: Repository, network: NetworkOptions, report: inout SyncReport) throws {
        try repository.fetch(options: network)
        guard let local = try repository.headCommitID() else { return }
        guard let remote = try repository.remoteBranchHead() else {
            let count = try repository.log().count
            try repository.push(branch: "main", options: network)
            report.action = .firstPush(commits: count)
            return
        }
        if local == remote {
            report.action = .upToDate
            return
        }
        let (ahead, behind) = try repository.aheadBehind(local: local, upstream: remote)
        if behind == 0 {
            try repository.push(branch: "main", options: network)
            report.action = .pushed(commits: ahead)
            return
        }
        if ahead == 0 {
            try repository.fastForward(to: remote)
            report.action = .fastForwarded(commits: behind)
            return
        }
        let (updates, notes) = try mergeDataFiles(repository, ours: local, theirs: remote)
        let merged = try repository.merge(remote, into: local)
        let unresolved = merged.conflictedPaths.filter { updates[$0] == nil }
        if !unresolved.isEmpty {
            throw KitError(
                "Both machines changed \(unresolved.joined(separator: ", ")) in ways git cannot merge; nothing was changed here.",
                hint: "These are not habit data files. Merge them by hand: git -C \(directory.path) pull, fix the conflict, commit, then habit sync.")
        }
        try repository.createMergeCommit(merged, resolving: updates, message: "sync: merge changes from another machine")
        report.notes += notes
        try repository.push(branch: "main", options: network)
        report.action = .merged(pushed: ahead, received: behind)
    }

    /// Every data file changed on both sides is merged by habit's rules (never by lines), so a
    /// clean textual merge that would duplicate a day or lose a completion never happens.
    private func mergeDataFiles(_ repository: Repository, ours: CommitID, theirs: CommitID) throws -> ([String: FileUpdate], [MergeNote]) {
        let base = try repository.mergeBase(ours, theirs)
        let changedOurs = Set(try repository.changes(from: base, to: ours).map(\.path))
        let changedTheirs = Set(try repository.changes(from: base, to: theirs).map(\.path))
        var updates: [String: FileUpdate] = [:]
        var notes: [MergeNote] = []
        for path in changedOurs.intersection(changedTheirs).sorted() where DataFileMerge.handles(path) {
            let (outcome, fileNotes) = DataFileMerge.merge(
                path: path,
                base: try base.flatMap { try repository.data(atPath: path, in: $0) },
                ours: try repository.data(atPath: path, in: ours),
                theirs: try repository.data(atPath: path, in: theirs))
            notes += fileNotes
            switch outcome {
            case .write(let bytes): updates[path] = .write(bytes)
            case .delete: updates[path] = .delete
            case .conflict(let reason):
                throw KitError("Cannot merge \(path): \(reason); nothing was changed here.",
                               hint: "Fix the file on the machine where it is broken (habit check), sync there, then sync here.")
            }
        }
        return (updates, notes)
    }

    /// Validates hand edits and commits them; a directory with errors commits nothing.
    @discardableResult
    func commitHandEdits(in repository: Repository) throws -> [String] {
        let pending = try repository.status().map(\.path).filter { !$0.hasPrefix(".habit") }
        guard !pending.isEmpty else { return [] }
        let store = try Store.load(directory)
        let errors = store.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            throw KitError("Your edits have errors, so nothing was committed or synced.",
                           hint: "Fix them (habit check shows the same list), then run the command again.", diagnostics: errors)
        }
        try History(directory: directory).commit(
            "edit: by hand (\(pending.count == 1 ? pending[0] : "\(pending.count) files"))", paths: pending, in: repository)
        return pending.sorted()
    }

    /// `habit commit`: commits validated hand edits; returns the paths committed.
    public func commitHandEdits() throws -> [String] {
        let lock = try DirectoryLock(directory: directory.path, description: "habit commit")
        defer { withExtendedLifetime(lock) {} }
        guard let repository = GitSetup.repository(of: directory) else {
            throw KitError("\(directory.path) is not a git repository; there is no history to commit to.",
                           hint: "Turn history on with: git -C \(directory.path) init -b main")
        }
        return try commitHandEdits(in: repository)
    }
}
