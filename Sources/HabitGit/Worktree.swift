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
    public func moveCurrentBranch(from old: CommitID?, to new: CommitID, message: String) throws {
        guard let branch = try headSymbolicTarget() else {
            throw GitError(kind: .invalidArgument, summary: "Could not update the branch: HEAD is not on a branch.")
        }
        var target = new.oid
        var reference: OpaquePointer?
        if let old {
            var expected = old.oid
            try check(git_reference_create_matching(&reference, pointer, branch, &target, 1, &expected, message),
                      "Could not move \(branch) to \(new.hex.prefix(12))")
        } else {
            try check(git_reference_create(&reference, pointer, branch, &target, 0, message),
                      "Could not create \(branch) at \(new.hex.prefix(12))")
        }
        git_reference_free(reference)
        // The branch has moved: a reflog that cannot be written must not make the change look failed.
        try? appendToExistingReflogs(of: branch, to: new, message: message)
    }
}
