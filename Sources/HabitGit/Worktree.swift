import CLibgit2

extension Repository {
    /// Records the working files at `paths` in the index as `git add` would (a missing file is
    /// removed from it) and writes the index, so `git status` agrees with the branch.
    ///
    /// `written` names files habit has just written with bytes it knows, recorded in `commit`: such
    /// a file is read back and compared with those bytes instead of being hashed and compressed
    /// again (`IndexShortcut`); anything it cannot vouch for goes through `git add`'s way.
    /// Returns the paths recorded from the bytes written.
    @discardableResult
    public func updateIndex(paths: [String], written: [String: [UInt8]] = [:], in commit: CommitID? = nil) throws -> [String] {
        guard !paths.isEmpty else { return [] }
        let index = try self.index()
        try check(git_index_read(index.pointer, 0), "Could not read the staging area")
        let shortcut = try record(paths: paths, written: written, in: commit, into: index)
        try check(git_index_write(index.pointer), "Could not save the staging area")
        return shortcut
    }

    /// Records `paths` in `index` (in memory) as `updateIndex` describes.
    func record(paths: [String], written: [String: [UInt8]], in commit: CommitID?, into index: IndexHandle) throws -> [String] {
        var shortcut: [String] = []
        let tree = written.isEmpty ? nil : try commit.map { try lookupCommit($0).tree() }
        for path in paths.sorted() {
            if let tree, let bytes = written[path], var entry = try IndexShortcut.entry(path, bytes: bytes, tree: tree, index: index, in: self) {
                try path.withCString { cPath in
                    entry.path = cPath
                    try check(git_index_add(index.pointer, &entry), "Could not record \(path) in the staging area")
                }
                shortcut.append(path)
                continue
            }
            let code = git_index_add_bypath(index.pointer, path)
            if code == GIT_ENOTFOUND.rawValue {
                let removed = git_index_remove_bypath(index.pointer, path)
                if removed != GIT_ENOTFOUND.rawValue { try check(removed, "Could not record the deletion of \(path)") }
            } else {
                try check(code, "Could not record \(path) in the staging area")
            }
        }
        // The index as `git commit` leaves it, every tree cached (libgit2 caches them as it writes
        // them): a `git commit` that read the index before this change and locks it after finds
        // nothing to refresh, so it does not write its older copy back over this one.
        if git_index_has_conflicts(index.pointer) == 0 {
            var tree = git_oid()
            try check(git_index_write_tree(&tree, index.pointer), "Could not record the staged files")
        }
        return shortcut
    }

    /// Rewrites the index from `commit`'s files, keeping what it knows of unchanged files.
    public func resetIndex(to commit: CommitID) throws {
        let index = try self.index()
        try check(git_index_read(index.pointer, 0), "Could not read the staging area")
        try check(git_index_read_tree(index.pointer, lookupCommit(commit).tree().pointer), "Could not reset the staging area")
        try check(git_index_write(index.pointer), "Could not save the staging area")
    }

    /// Points the branch HEAD names at `new`, provided it still points at `old` (nil: the branch
    /// has no commit yet), so a concurrent `git` is never overwritten silently.
    ///
    /// `holding` runs once the branch's lock (`refs/heads/<name>.lock`, as git takes it) is held and
    /// the branch found at `old`, before it moves: what it does (the new index taking effect) is in
    /// place for anyone who sees the branch moved, and a `git commit` that read the branch before
    /// cannot move it meanwhile. If `holding` throws, the branch is left where it was.
    public func moveCurrentBranch(from old: CommitID?, to new: CommitID, message: String,
                                  holding: () throws -> Void = {}) throws {
        guard let branch = try headSymbolicTarget() else {
            throw GitError(kind: .invalidArgument, summary: "Could not update the branch: HEAD is not on a branch.")
        }
        var raw: OpaquePointer?
        try check(git_transaction_new(&raw, pointer), "Could not move \(branch) to \(new.hex.prefix(12))")
        defer { git_transaction_free(raw) }
        try check(git_transaction_lock_ref(raw, branch), "Could not move \(branch) to \(new.hex.prefix(12))")
        var current = git_oid()
        let code = git_reference_name_to_id(&current, pointer, branch)
        if code != GIT_ENOTFOUND.rawValue { try check(code, "Could not read \(branch)") }
        guard (code == GIT_ENOTFOUND.rawValue ? nil : CommitID(current)) == old else {
            throw GitError(kind: .other, summary: "Could not move \(branch) to \(new.hex.prefix(12))",
                           detail: "\(branch) moved meanwhile: it is not at \(old?.hex.prefix(12) ?? "no commit") any more",
                           code: GitError.modifiedCode, errorClass: Int32(GIT_ERROR_REFERENCE.rawValue))
        }
        var target = new.oid
        try check(git_transaction_set_target(raw, branch, &target, nil, message), "Could not move \(branch) to \(new.hex.prefix(12))")
        try holding()
        try check(git_transaction_commit(raw), "Could not move \(branch) to \(new.hex.prefix(12))")
        // The branch has moved: a reflog that cannot be written must not make the change look failed.
        try? appendToExistingReflogs(of: branch, to: new, message: message)
    }
}
