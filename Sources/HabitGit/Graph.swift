import CLibgit2

/// A path that differs between two commits.
public struct FileChange: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case added, modified, deleted
    }

    public let path: String
    public let kind: Kind
    // Only git reports one (tests build theirs through @testable): the memberwise initialiser serves.
}

extension Repository {
    /// Paths that differ from `old` to `new`; `old` nil means "an empty tree"
    /// (everything in `new` is added). No rename detection: a rename is a
    /// deletion plus an addition, which is what a per-file merge wants.
    public func changes(from old: CommitID?, to new: CommitID) throws -> [FileChange] {
        let oldTree = try old.map { try lookupCommit($0).tree() }
        return try changes(from: oldTree, to: lookupCommit(new).tree())
    }

    func changes(from old: TreeHandle?, to new: TreeHandle?) throws -> [FileChange] {
        var options = git_diff_options()
        try check(git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION)), "Could not prepare a comparison")
        var rawDiff: OpaquePointer?
        try check(git_diff_tree_to_tree(&rawDiff, pointer, old?.pointer, new?.pointer, &options),
                  "Could not compare two versions")
        let diff = DiffHandle(rawDiff!)
        var result: [FileChange] = []
        for index in 0..<git_diff_num_deltas(diff.pointer) {
            guard let delta = git_diff_get_delta(diff.pointer, index)?.pointee else { continue }
            let kind: FileChange.Kind
            switch delta.status {
            case GIT_DELTA_ADDED: kind = .added
            case GIT_DELTA_DELETED: kind = .deleted
            default: kind = .modified
            }
            let path = kind == .deleted ? delta.old_file.path : delta.new_file.path
            if let path { result.append(FileChange(path: String(cString: path), kind: kind)) }
        }
        return result
    }

    /// The best common ancestor of two commits; nil when the histories are unrelated.
    public func mergeBase(_ first: CommitID, _ second: CommitID) throws -> CommitID? {
        var base = git_oid()
        var a = first.oid
        var b = second.oid
        let code = git_merge_base(&base, pointer, &a, &b)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "Could not find where the two histories diverged")
        return CommitID(base)
    }

    /// How many commits `local` has that `upstream` lacks (ahead), and the reverse (behind).
    public func aheadBehind(local: CommitID, upstream: CommitID) throws -> (ahead: Int, behind: Int) {
        var ahead = 0
        var behind = 0
        var l = local.oid
        var u = upstream.oid
        try check(git_graph_ahead_behind(&ahead, &behind, pointer, &l, &u), "Could not compare the two histories")
        return (ahead, behind)
    }

    /// Whether `ancestor` is reachable from `descendant` (or is the same commit).
    public func isAncestor(_ ancestor: CommitID, of descendant: CommitID) throws -> Bool {
        if ancestor == descendant { return true }
        var a = ancestor.oid
        var d = descendant.oid
        return try check(git_graph_descendant_of(pointer, &d, &a), "Could not compare the two histories") == 1
    }
}

extension Repository {
    /// Which of `paths` were removed and made again on the way from `base` to `tip`: the file
    /// at `tip` does not descend from the one before, though its path is back. A path is made
    /// again when every line of commits from `tip` back to `base`'s history passes a commit
    /// without it (a branch that merely never had the file, merged in later, does not count).
    /// Only the commits since the two histories diverged are read.
    public func pathsMadeAgain(_ paths: Set<String>, since base: CommitID, until tip: CommitID) throws -> Set<String> {
        guard !paths.isEmpty, base != tip else { return [] }
        let recent = try commits(from: tip, excluding: base)
        var remade: Set<String> = []
        for path in paths.sorted() where try !descends(path, from: tip, within: recent) {
            remade.insert(path)
        }
        return remade
    }

    /// Whether the file at `path` in `tip` reaches a commit older than `recent` through commits
    /// that all have the file.
    private func descends(_ path: String, from tip: CommitID, within recent: Set<CommitID>) throws -> Bool {
        var queue = [tip]
        var seen: Set<CommitID> = [tip]
        while let id = queue.popLast() {
            let commit = try lookupCommit(id)
            for index in 0..<git_commit_parentcount(commit.pointer) {
                guard let parent = git_commit_parent_id(commit.pointer, index).map({ CommitID($0.pointee) }),
                      seen.insert(parent).inserted,
                      try lookupCommit(parent).tree().entry(atPath: path) != nil else { continue }
                if !recent.contains(parent) { return true }
                queue.append(parent)
            }
        }
        return false
    }

    /// Commits reachable from `tip` and not from `base`.
    private func commits(from tip: CommitID, excluding base: CommitID) throws -> Set<CommitID> {
        var rawWalk: OpaquePointer?
        try check(git_revwalk_new(&rawWalk, pointer), "Could not read the history")
        defer { git_revwalk_free(rawWalk) }
        var start = tip.oid
        var stop = base.oid
        try check(git_revwalk_push(rawWalk, &start), "Could not read the history")
        try check(git_revwalk_hide(rawWalk, &stop), "Could not read the history")
        var result: Set<CommitID> = []
        var oid = git_oid()
        while true {
            let code = git_revwalk_next(&oid, rawWalk)
            if code == GIT_ITEROVER.rawValue { break }
            try check(code, "Could not read the history")
            result.insert(CommitID(oid))
        }
        return result
    }
}
