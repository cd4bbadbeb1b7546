import CLibgit2

/// How to clone.
public struct CloneOptions {
    /// The branch HEAD names when the remote is empty (libgit2 would say `master`).
    public var initialBranch: String
    public var network: NetworkOptions

    public init(initialBranch: String = "main", network: NetworkOptions = NetworkOptions()) {
        self.initialBranch = initialBranch
        self.network = network
    }
}

extension Repository {
    /// Clones `url` into `path` (which must not exist or be empty) with HEAD on
    /// the remote's default branch, but writes no working file: the caller
    /// checks the files and writes them itself (atomically, inside the data
    /// directory only). Cloning an empty remote leaves HEAD on an unborn
    /// `options.initialBranch` tracking `origin/<initialBranch>`, so the first
    /// commit and push land on the branch the caller expects.
    public static func clone(from url: String, to path: String, options: CloneOptions = CloneOptions()) throws -> Repository {
        let operation = RemoteOperation(url: url, options: options.network)
        var cloned: OpaquePointer?
        try operation.run("Could not clone \(url)") { callbacks in
            var cloneOptions = git_clone_options()
            git_clone_options_init(&cloneOptions, UInt32(GIT_CLONE_OPTIONS_VERSION))
            cloneOptions.fetch_opts.callbacks = callbacks
            cloneOptions.checkout_opts.checkout_strategy = GIT_CHECKOUT_NONE.rawValue
            return git_clone(&cloned, url, path, &cloneOptions)
        }
        let repository = Repository.adopting(cloned!)
        if repository.isHeadUnborn, try repository.currentBranch() != options.initialBranch {
            let branch = options.initialBranch
            try check(git_repository_set_head(repository.pointer, "refs/heads/\(branch)"),
                      "Could not switch the new clone to branch \(branch)")
            try repository.setConfigValue("origin", forKey: "branch.\(branch).remote")
            try repository.setConfigValue("refs/heads/\(branch)", forKey: "branch.\(branch).merge")
        }
        return repository
    }
}
