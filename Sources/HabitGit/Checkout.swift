import CLibgit2

extension Repository {
    /// Moves the current branch forward to `commit` (a descendant of HEAD, or
    /// any commit while the branch is unborn) and updates the working tree.
    /// Throws `.nonFastForward` when HEAD is not an ancestor of `commit`, and
    /// `.conflict` (changing nothing) when a locally modified or untracked file
    /// would be overwritten.
    public func fastForward(to commit: CommitID) throws {
        if let head = try headCommitID() {
            if head == commit { return }
            guard try isAncestor(head, of: commit) else {
                throw GitError(kind: .nonFastForward,
                               summary: "Could not fast-forward to \(commit.hex.prefix(12)): the histories have diverged; merge instead.")
            }
        }
        try moveCurrentBranch(to: commit, reflogMessage: "fast-forward")
    }

    /// Checks out `commit` and then points the current branch at it. The
    /// checkout comes first, with SAFE against the current HEAD, so a refused
    /// checkout leaves branch and files as they were.
    func moveCurrentBranch(to commit: CommitID, reflogMessage: String) throws {
        guard let branchReference = try headSymbolicTarget() else {
            throw GitError(kind: .invalidArgument, summary: "Could not update the branch: HEAD is not on a branch.")
        }
        let target = try lookupCommit(commit)
        var options = git_checkout_options()
        try check(git_checkout_options_init(&options, UInt32(GIT_CHECKOUT_OPTIONS_VERSION)), "Could not prepare a checkout")
        options.checkout_strategy = GIT_CHECKOUT_SAFE.rawValue
        try check(git_checkout_tree(pointer, target.pointer, &options),
                  "Could not update the working files to \(commit.hex.prefix(12))")
        var oid = commit.oid
        var reference: OpaquePointer?
        try check(git_reference_create(&reference, pointer, branchReference, &oid, 1, reflogMessage),
                  "Could not move \(branchReference) to \(commit.hex.prefix(12))")
        git_reference_free(reference)
    }
}
