import CLibgit2

/// A commit as the history view needs it.
public struct CommitInfo: Sendable, Hashable {
    public let id: CommitID
    public let parentIDs: [CommitID]
    /// The first paragraph of the message, on one line.
    public let summary: String
    public let message: String
    public let authorName: String
    public let authorEmail: String
    public let time: GitTime
    /// Paths added, modified or deleted relative to the first parent (or all
    /// files for the first commit), sorted.
    public let changedPaths: [String]
}

extension Repository {
    /// Commits reachable from `start` (default HEAD), newest first. With
    /// `path` (a file or directory), only commits that changed it: a merge is
    /// listed only when it differs from every parent, as with `git log -- path`.
    /// Same order as `git log`; the walk is lazy, so a small `limit` stays fast on long histories.
    public func log(limit: Int? = nil, touchingPath path: String? = nil,
                    startingAt start: CommitID? = nil) throws -> [CommitInfo] {
        guard let start = try start ?? headCommitID() else { return [] }
        var walk = try CommitWalk(repository: self, start: start)
        let normalizedPath = path.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }.flatMap { $0.isEmpty ? nil : $0 }
        var result: [CommitInfo] = []
        while limit.map({ result.count < $0 }) ?? true, let commit = try walk.next() {
            if let normalizedPath, try !commitChanges(commit, path: normalizedPath) { continue }
            result.append(try info(for: commit))
        }
        return result
    }

    /// Details of one commit.
    public func commitInfo(_ id: CommitID) throws -> CommitInfo {
        try info(for: lookupCommit(id))
    }

    private func info(for commit: CommitHandle) throws -> CommitInfo {
        let author = git_commit_author(commit.pointer)!.pointee
        let parents = commit.parentIDs
        let parentTree = try parents.first.map { try lookupCommit($0).tree() }
        let changes = try self.changes(from: parentTree, to: commit.tree())
        return CommitInfo(
            id: commit.id,
            parentIDs: parents,
            summary: git_commit_summary(commit.pointer).map { String(cString: $0) } ?? "",
            message: git_commit_message(commit.pointer).map { String(cString: $0) } ?? "",
            authorName: author.name.map { String(cString: $0) } ?? "",
            authorEmail: author.email.map { String(cString: $0) } ?? "",
            time: GitTime(secondsSinceEpoch: author.when.time, offsetMinutes: author.when.offset),
            changedPaths: changes.map(\.path)
        )
    }

    /// Compares only the tree entries at `path`, which is far cheaper than a diff per commit.
    private func commitChanges(_ commit: CommitHandle, path: String) throws -> Bool {
        let mine = try commit.tree().entry(atPath: path).map(\.id)
        let parents = commit.parentIDs
        if parents.isEmpty { return mine != nil }
        for parentID in parents {
            let theirs = try lookupCommit(parentID).tree().entry(atPath: path).map(\.id)
            switch (mine, theirs) {
            case (nil, nil): return false
            case (var a?, var b?) where git_oid_equal(&a, &b) != 0: return false
            default: continue
            }
        }
        return true
    }
}
