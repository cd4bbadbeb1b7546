import CLibgit2
#if canImport(Glibc)
import Glibc
#endif

extension Repository {
    private func stage(paths: [String]?, in index: IndexHandle) throws {
        guard let paths, let root = workingDirectory else { return try stage(patterns: [], in: index) }
        // Exact file paths are staged one by one: matching them as patterns would make libgit2 diff
        // (and hash) the whole working tree, which dominated the cost of a commit in a large directory.
        var patterns: [String] = []
        for path in paths {
            let full = root.hasSuffix("/") ? root + path : root + "/" + path
            var info = stat()
            let exists = lstat(full, &info) == 0
            if path.contains(where: { "*?[\\".contains($0) }) || (exists && info.st_mode & S_IFMT == S_IFDIR) {
                patterns.append(path)
            } else if exists {
                try check(git_index_add_bypath(index.pointer, path), "Could not stage \(path)")
            } else if git_index_get_bypath(index.pointer, path, 0) != nil {
                try check(git_index_remove_bypath(index.pointer, path), "Could not stage the deletion of \(path)")
            } else {
                patterns.append(path)  // perhaps a deleted directory: let the pattern find its entries
            }
        }
        if !patterns.isEmpty { try stage(patterns: patterns, in: index) }
    }

    private func stage(patterns: [String], in index: IndexHandle) throws {
        // An empty pathspec means "everything"; add_all covers new and modified
        // files, update_all drops entries whose files were deleted.
        try withStrarray(patterns) { pathspec in
            try check(git_index_add_all(index.pointer, pathspec, GIT_INDEX_ADD_DEFAULT.rawValue, nil, nil),
                      "Could not stage the changed files")
            try check(git_index_update_all(index.pointer, pathspec, nil, nil),
                      "Could not stage the deleted files")
        }
    }

    /// Stages all changes (or those under `paths`) and commits them on the
    /// current branch, creating the first commit of an unborn branch. Returns
    /// nil and creates nothing when the staged tree equals HEAD's.
    /// The author is `author`, else git's identity (`Identity`), else `Signature.fallback`.
    @discardableResult
    /// - Parameter additionalParents: more parents after HEAD (finishing a merge `git pull` began).
    public func commit(message: String, paths: [String]? = nil, author: Signature? = nil,
                       additionalParents: [CommitID] = []) throws -> CommitID? {
        let index = try self.index()
        // Re-read from disk: another process (the git CLI, an editor hook) may have changed it.
        try check(git_index_read(index.pointer, 0), "Could not read the staging area")
        try stage(paths: paths, in: index)
        try check(git_index_write(index.pointer), "Could not save the staging area")

        var treeOID = git_oid()
        try check(git_index_write_tree(&treeOID, index.pointer), "Could not record the staged files")

        let parent = try headCommitID().map(lookupCommit)
        if let parent, additionalParents.isEmpty {
            let parentTree = try parent.tree()
            var parentTreeOID = parentTree.id
            if git_oid_equal(&treeOID, &parentTreeOID) != 0 { return nil }
        } else if parent == nil, git_index_entrycount(index.pointer) == 0 {
            return nil
        }
        let tree = try lookupTree(treeOID)
        let parents = (parent.map { [$0] } ?? []) + (try additionalParents.map(lookupCommit))
        return try createCommit(tree: tree, parents: parents, message: message, author: author, updatingReference: "HEAD")
    }

    /// Writes a commit object; moves `reference` (e.g. "HEAD") to it when given. Signed as git
    /// signs when `commit.gpgsign` asks (`CommitSigning`): the commit is built by libgit2, signed
    /// by the configured program and written with its signature; a signature that cannot be made
    /// throws, and nothing is written.
    func createCommit(tree: TreeHandle, parents: [CommitHandle], message: String,
                      author: Signature?, updatingReference reference: String?) throws -> CommitID {
        let identity = Identity(self)
        var committer = try identity.signature(.committer)
        committer.time = commitTime ?? committer.time
        var signed = try author ?? identity.signature(.author)
        signed.time = commitTime ?? signed.time
        let signing = try CommitSigning.configured(identity)
        let authorHandle = try signed.makeHandle()
        let committerHandle = try committer.makeHandle()
        var prettified = git_buf()
        defer { git_buf_dispose(&prettified) }
        // git expects a message that ends with a newline and has no trailing blank lines.
        try check(git_message_prettify(&prettified, message, 0, 0), "Could not format the commit message")
        var oid = git_oid()
        var parentPointers: [OpaquePointer?] = parents.map { $0.pointer }
        if let signing {
            var content = git_buf()
            defer { git_buf_dispose(&content) }
            _ = try parentPointers.withUnsafeMutableBufferPointer { parentBuffer in
                try check(git_commit_create_buffer(&content, pointer, authorHandle.pointer, committerHandle.pointer,
                                                   nil, prettified.ptr, tree.pointer, parents.count, parentBuffer.baseAddress),
                          "Could not create the commit")
            }
            let buffer = content.ptr.map { Array(UnsafeRawBufferPointer(start: $0, count: content.size)) } ?? []
            let signature = try signing.sign(buffer, committer: committer)
            try check(git_commit_create_with_signature(&oid, pointer, content.ptr, signature, nil), "Could not create the signed commit")
            withExtendedLifetime(parents) {}
            let id = CommitID(oid)
            if let reference { try move(reference, to: id, from: parents.first?.id, message: message) }
            return id
        }
        _ = try parentPointers.withUnsafeMutableBufferPointer { parentBuffer in
            try check(git_commit_create(&oid, pointer, reference, authorHandle.pointer, committerHandle.pointer,
                                        nil, prettified.ptr, tree.pointer, parents.count, parentBuffer.baseAddress),
                      "Could not create the commit")
        }
        withExtendedLifetime(parents) {}
        return CommitID(oid)
    }

    /// Moves `reference` (HEAD: the branch it names, else HEAD itself) to a commit written without
    /// libgit2 moving it, with the reflog line `git commit` writes.
    private func move(_ reference: String, to id: CommitID, from old: CommitID?, message: String) throws {
        let subject = message.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let line = (old == nil ? "commit (initial): " : "commit: ") + subject
        if reference == "HEAD", try headSymbolicTarget() != nil {
            return try moveCurrentBranch(from: old, to: id, message: line)
        }
        var target = id.oid
        var handle: OpaquePointer?
        try check(git_reference_create(&handle, pointer, reference, &target, 1, line), "Could not move \(reference) to \(id.hex.prefix(12))")
        git_reference_free(handle)
    }
}
