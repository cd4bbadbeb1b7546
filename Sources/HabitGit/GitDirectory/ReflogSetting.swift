import CLibgit2

extension Repository {
    /// With `core.logAllRefUpdates=false` libgit2 writes no reflog at all, while git (2.39)
    /// still appends to a reflog that exists and only creates none: a branch move is added to
    /// the branch's and HEAD's existing reflogs, as `git commit` adds it. For any other value
    /// libgit2 already does what git does.
    func appendToExistingReflogs(of branch: String, to new: CommitID, message: String) throws {
        guard let value = try configValue(forKey: "core.logAllRefUpdates"),
              ["false", "no", "off", "0"].contains(value.lowercased()) else { return }
        var committer = try Identity(self).signature(.committer)
        committer.time = commitTime ?? committer.time
        let signature = try committer.makeHandle()
        var target = new.oid
        for name in [branch, "HEAD"] where git_reference_has_log(pointer, name) == 1 {
            var raw: OpaquePointer?
            try check(git_reflog_read(&raw, pointer, name), "Could not read the reflog of \(name)")
            defer { git_reflog_free(raw) }
            try check(git_reflog_append(raw, &target, signature.pointer, message), "Could not add to the reflog of \(name)")
            try check(git_reflog_write(raw), "Could not write the reflog of \(name)")
        }
    }
}
