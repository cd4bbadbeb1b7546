import CLibgit2

extension Repository {
    /// The commits a merge started by `git merge`/`git pull` is bringing in (MERGE_HEAD); empty
    /// when no merge is in progress.
    public func mergeHeads() -> [CommitID] {
        guard git_repository_state(pointer) == GIT_REPOSITORY_STATE_MERGE.rawValue else { return [] }
        var heads: [CommitID] = []
        withUnsafeMutablePointer(to: &heads) { pointer in
            _ = git_repository_mergehead_foreach(self.pointer, { oid, payload in
                guard let oid, let payload else { return 0 }
                payload.assumingMemoryBound(to: [CommitID].self).pointee.append(CommitID(oid.pointee))
                return 0
            }, pointer)
        }
        return heads
    }

    /// Forgets an interrupted merge (MERGE_HEAD, MERGE_MSG, MERGE_MODE), as `git merge --quit`.
    public func clearMergeState() throws {
        try check(git_repository_state_cleanup(pointer), "Could not clear the interrupted merge")
    }

    /// Paths the index holds in conflict (left by an interrupted merge).
    public func conflictedPaths() throws -> [String] {
        try status().filter { $0.change == .conflicted }.map(\.path)
    }
}
