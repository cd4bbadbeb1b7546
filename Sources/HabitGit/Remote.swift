import CLibgit2
import Foundation

extension Repository {
    /// Points remote `name` at `url`, creating it (with the usual
    /// `+refs/heads/*:refs/remotes/<name>/*` fetch refspec) when missing.
    public func setRemoteURL(_ url: String, forRemote name: String = "origin") throws {
        var remote: OpaquePointer?
        let code = git_remote_lookup(&remote, pointer, name)
        if code == GIT_ENOTFOUND.rawValue {
            try check(git_remote_create(&remote, pointer, name, url), "Could not add remote \(name) with URL \(url)")
            git_remote_free(remote)
            return
        }
        try check(code, "Could not read remote \(name)")
        git_remote_free(remote)
        try check(git_remote_set_url(pointer, name, url), "Could not set the URL of remote \(name) to \(url)")
    }

    /// The URL of remote `name`; nil when there is no such remote. May contain
    /// credentials: pass it through `redactCredentials` before showing it.
    public func remoteURL(forRemote name: String = "origin") throws -> String? {
        var remote: OpaquePointer?
        let code = git_remote_lookup(&remote, pointer, name)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "Could not read remote \(name)")
        let handle = RemoteHandle(remote!)
        return git_remote_url(handle.pointer).map { String(cString: $0) }
    }

    /// The commit the remote-tracking branch `refs/remotes/<remote>/<branch>`
    /// points to, as of the last fetch or push; nil when it does not exist.
    public func remoteBranchHead(remote: String = "origin", branch: String = "main") throws -> CommitID? {
        try commitID(forReference: "refs/remotes/\(remote)/\(branch)")
    }

    /// Downloads new commits and updates the remote-tracking branches
    /// (`refs/remotes/origin/*`), pruning those deleted on the server.
    /// The working tree and local branches are not touched.
    public func fetch(remote name: String = "origin", options: NetworkOptions = NetworkOptions()) throws {
        let remote = try lookupRemote(name)
        let url = git_remote_url(remote.pointer).map { String(cString: $0) } ?? name
        let operation = RemoteOperation(url: url, options: options)
        try operation.run("Could not fetch from \(url)") { callbacks in
            var fetchOptions = git_fetch_options()
            git_fetch_options_init(&fetchOptions, UInt32(GIT_FETCH_OPTIONS_VERSION))
            fetchOptions.callbacks = callbacks
            fetchOptions.prune = GIT_FETCH_PRUNE
            return git_remote_fetch(remote.pointer, nil, &fetchOptions, "fetch")
        }
    }

    /// Pushes `branch` (default: the current branch) to the same name on the
    /// remote and, the first time, records it as the branch's upstream.
    /// Throws `.nonFastForward` when the remote has commits this branch lacks
    /// and `.pushRejected` when the server refuses (e.g. a hook).
    public func push(remote name: String = "origin", branch: String? = nil, options: NetworkOptions = NetworkOptions()) throws {
        guard let branch = try branch ?? currentBranch() else {
            throw GitError(kind: .invalidArgument, summary: "Could not push: HEAD is not on a branch.")
        }
        guard try commitID(forReference: "refs/heads/\(branch)") != nil else {
            throw GitError(kind: .unbornBranch, summary: "Could not push \(branch): it has no commits yet.")
        }
        let remote = try lookupRemote(name)
        let url = git_remote_url(remote.pointer).map { String(cString: $0) } ?? name
        let operation = RemoteOperation(url: url, options: options)
        let context = "Could not push \(branch) to \(url)"
        try operation.run(context) { callbacks in
            var pushOptions = git_push_options()
            git_push_options_init(&pushOptions, UInt32(GIT_PUSH_OPTIONS_VERSION))
            pushOptions.callbacks = callbacks
            return withStrarray(["refs/heads/\(branch):refs/heads/\(branch)"]) { refspecs in
                git_remote_push(remote.pointer, refspecs, &pushOptions)
            }
        }
        if !operation.rejectedReferences.isEmpty {
            let reasons = operation.rejectedReferences.map { "\($0.reference): \($0.reason)" }.joined(separator: "; ")
            let serverText = operation.remoteMessages.trimmingCharacters(in: .whitespacesAndNewlines)
            throw GitError(kind: .pushRejected, summary: "\(context): the server refused the update (\(reasons)).",
                           detail: serverText.isEmpty ? nil : serverText,
                           rejectedReferences: operation.rejectedReferences)
        }
        if try configValue(forKey: "branch.\(branch).remote") == nil {
            try setConfigValue(name, forKey: "branch.\(branch).remote")
            try setConfigValue("refs/heads/\(branch)", forKey: "branch.\(branch).merge")
        }
    }

    func lookupRemote(_ name: String) throws -> RemoteHandle {
        var remote: OpaquePointer?
        try check(git_remote_lookup(&remote, pointer, name), "Could not find remote \(name); set its URL first")
        return RemoteHandle(remote!)
    }
}
