import CLibgit2

/// A git repository with a working tree. Not `Sendable`: libgit2 allows one
/// thread at a time per repository object, so each thread opens its own.
public final class Repository {
    let pointer: OpaquePointer
    /// When set, every commit made through this handle carries this time (author and
    /// committer) instead of the clock's: scripts and tests that fix the clock get fixed history.
    public var commitTime: GitTime?

    private init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        git_repository_free(pointer)
    }

    /// Opens the repository whose working tree (or `.git` directory) is exactly `path`.
    public static func open(at path: String) throws -> Repository {
        GitLibrary.ensureInitialized()
        var repository: OpaquePointer?
        try check(git_repository_open_ext(&repository, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil),
                  "Could not open the git repository at \(path)")
        return Repository(repository!)
    }

    /// Opens the repository containing `path`, looking in parent directories like `git` does.
    public static func discover(from path: String) throws -> Repository {
        GitLibrary.ensureInitialized()
        var repository: OpaquePointer?
        try check(git_repository_open_ext(&repository, path, 0, nil),
                  "Could not find a git repository at or above \(path)")
        return Repository(repository!)
    }

    /// Whether `path` itself is a repository (parent directories are not searched).
    public static func isRepository(at path: String) -> Bool {
        GitLibrary.ensureInitialized()
        return git_repository_open_ext(nil, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil) == 0
    }

    /// Creates a repository with a working tree at `path` (making directories as
    /// needed) whose unborn HEAD is `initialBranch`. Reinitialising an existing
    /// repository leaves its history alone.
    public static func create(at path: String, initialBranch: String = "main") throws -> Repository {
        GitLibrary.ensureInitialized()
        var options = git_repository_init_options()
        try check(git_repository_init_options_init(&options, UInt32(GIT_REPOSITORY_INIT_OPTIONS_VERSION)),
                  "Could not prepare repository creation")
        options.flags = GIT_REPOSITORY_INIT_MKPATH.rawValue
        var repository: OpaquePointer?
        try initialBranch.withCString { head in
            // Without initial_head libgit2 names the first branch `master`.
            options.initial_head = head
            try check(git_repository_init_ext(&repository, path, &options),
                      "Could not create a git repository at \(path)")
        }
        return Repository(repository!)
    }

    /// Wraps a freshly created handle (clone).
    static func adopting(_ pointer: OpaquePointer) -> Repository {
        Repository(pointer)
    }

    /// The working tree directory, with a trailing slash; nil for a bare repository.
    public var workingDirectory: String? {
        git_repository_workdir(pointer).map { String(cString: $0) }
    }

    /// The `.git` directory, with a trailing slash.
    public var gitDirectory: String {
        String(cString: git_repository_path(pointer))
    }

    /// The `.git` directory, without the trailing slash.
    public var gitDirectoryPath: String {
        let path = gitDirectory
        return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// Whether HEAD names a branch that has no commits yet.
    public var isHeadUnborn: Bool {
        git_repository_head_unborn(pointer) == 1
    }

    /// The short name of the branch HEAD is on (also when it is unborn); nil when HEAD is detached.
    public func currentBranch() throws -> String? {
        guard let target = try headSymbolicTarget() else { return nil }
        let prefix = "refs/heads/"
        return target.hasPrefix(prefix) ? String(target.dropFirst(prefix.count)) : target
    }

    /// The full reference name HEAD points to (`refs/heads/main`), nil when detached.
    public func headSymbolicTarget() throws -> String? {
        var head: OpaquePointer?
        try check(git_reference_lookup(&head, pointer, "HEAD"), "Could not read HEAD")
        let reference = ReferenceHandle(head!)
        guard git_reference_type(reference.pointer) == GIT_REFERENCE_SYMBOLIC else { return nil }
        return git_reference_symbolic_target(reference.pointer).map { String(cString: $0) }
    }

    /// The commit HEAD points to; nil while the branch is unborn.
    public func headCommitID() throws -> CommitID? {
        var oid = git_oid()
        let code = git_reference_name_to_id(&oid, pointer, "HEAD")
        if code == GIT_ENOTFOUND.rawValue || code == GIT_EUNBORNBRANCH.rawValue { return nil }
        try check(code, "Could not read HEAD")
        return CommitID(oid)
    }

    /// The commit a reference points to, nil when it does not exist. Accepts
    /// full names (`refs/remotes/origin/main`) and the short forms git accepts (`main`, `origin/main`).
    public func commitID(forReference name: String) throws -> CommitID? {
        var found: OpaquePointer?
        let code = git_reference_dwim(&found, pointer, name)
        if code == GIT_ENOTFOUND.rawValue || code == GIT_EINVALIDSPEC.rawValue { return nil }
        try check(code, "Could not read reference \(name)")
        let reference = ReferenceHandle(found!)
        var resolved: OpaquePointer?
        let resolveCode = git_reference_resolve(&resolved, reference.pointer)
        if resolveCode == GIT_ENOTFOUND.rawValue { return nil }
        try check(resolveCode, "Could not read reference \(name)")
        let direct = ReferenceHandle(resolved!)
        return git_reference_target(direct.pointer).map { CommitID($0.pointee) }
    }

    // MARK: - Object lookup shared by the other files

    func lookupCommit(_ id: CommitID) throws -> CommitHandle {
        var commit: OpaquePointer?
        var oid = id.oid
        try check(git_commit_lookup(&commit, pointer, &oid), "Could not find commit \(id.hex.prefix(12))")
        return CommitHandle(commit!)
    }

    func lookupTree(_ oid: git_oid) throws -> TreeHandle {
        var tree: OpaquePointer?
        var oid = oid
        try check(git_tree_lookup(&tree, pointer, &oid), "Could not read a directory listing from the repository")
        return TreeHandle(tree!)
    }

    func lookupBlob(_ oid: git_oid) throws -> BlobHandle {
        var blob: OpaquePointer?
        var oid = oid
        try check(git_blob_lookup(&blob, pointer, &oid), "Could not read a file from the repository")
        return BlobHandle(blob!)
    }

    func index() throws -> IndexHandle {
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "Could not open the repository index")
        return IndexHandle(index!)
    }
}
