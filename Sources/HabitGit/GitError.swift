import CLibgit2

/// An error from a git operation, carrying libgit2's class and code for
/// programs and a sentence for people.
public struct GitError: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable, Equatable {
        case notFound
        case alreadyExists
        case notARepository
        case unbornBranch
        /// The remote branch has commits the local branch lacks; fetch and merge first.
        case nonFastForward
        /// The server refused the update (e.g. a hook); see `rejectedReferences`.
        case pushRejected
        /// Unresolved merge conflicts, or a checkout that would overwrite local changes.
        case conflict
        case authentication
        case certificate
        /// The remote could not be reached at all (connection refused, unknown host).
        case unreachable
        /// The server answered but has no such repository (or will not show it).
        case remoteRepositoryNotFound
        /// The remote stayed silent for longer than the configured timeout.
        case timeout
        /// The transfer went on longer than any real one would.
        case tooLong
        /// The remote sent more than any real repository would (an endless list of refs, say).
        case tooMuchData
        case locked
        /// The `filter` attribute of `path` names a driver git would run (`filter.<name>.clean`),
        /// which libgit2 cannot.
        case filterDriver(name: String, path: String)
        /// `user.useConfigOnly` is set and no name or email is configured: git refuses to guess.
        case identityUnknown
        /// `commit.gpgsign` is set and `program` did not sign (no key, an agent that refused, a
        /// program that is not there); `detail` says what it said.
        case signingFailed(program: String)
        case invalidArgument
        case other
    }

    /// A reference the server refused during a push, with the server's reason.
    public struct RejectedReference: Sendable, Equatable {
        public let reference: String
        public let reason: String
    }

    public let kind: Kind
    /// libgit2's `git_error_code` (0 when the error did not come from libgit2).
    public let code: Int32
    /// libgit2's `git_error_t` class (0 when unknown).
    public let errorClass: Int32
    /// What went wrong, as a sentence for a person.
    public let summary: String
    /// libgit2's own message, credentials redacted.
    public let detail: String?
    public let rejectedReferences: [RejectedReference]
    /// For `.certificate` over ssh: the host key the server showed, unknown or changed.
    public let hostKey: SSHHostKey?

    public init(kind: Kind, summary: String, detail: String? = nil, code: Int32 = 0,
                errorClass: Int32 = 0, rejectedReferences: [RejectedReference] = [], hostKey: SSHHostKey? = nil) {
        self.hostKey = hostKey
        self.kind = kind
        self.summary = redactCredentials(summary)
        self.detail = detail.map(redactCredentials)
        self.code = code
        self.errorClass = errorClass
        self.rejectedReferences = rejectedReferences
    }

    /// libgit2's code for a reference that no longer has the value a move expected (another
    /// writer moved it first).
    public static let modifiedCode = GIT_EMODIFIED.rawValue

    /// Whether the failure came from talking to a remote.
    public var isNetworkFailure: Bool {
        switch kind {
        case .unreachable, .timeout, .tooLong, .tooMuchData, .authentication, .certificate, .remoteRepositoryNotFound,
             .pushRejected, .nonFastForward:
            return true
        default:
            return [GIT_ERROR_NET, GIT_ERROR_SSL, GIT_ERROR_SSH, GIT_ERROR_HTTP].map { Int32($0.rawValue) }.contains(errorClass)
        }
    }

    public var description: String {
        var text = summary
        if let detail, !detail.isEmpty {
            text += " (\(detail))"
        }
        return text
    }

    /// Builds an error from the libgit2 code just returned. Must be called on the
    /// thread that made the failing call, before any other libgit2 call, because
    /// `git_error_last()` is thread-local and overwritten by the next failure.
    static func fromLibgit2(_ code: Int32, _ context: String) -> GitError {
        var detail: String?
        var errorClass: Int32 = 0
        if let last = git_error_last() {
            errorClass = last.pointee.klass
            if let message = last.pointee.message {
                detail = String(cString: message)
            }
        }
        let kind = classify(code: code, errorClass: errorClass, detail: detail ?? "")
        return GitError(kind: kind, summary: context + explanation(for: kind), detail: detail,
                        code: code, errorClass: errorClass)
    }

    private static func classify(code: Int32, errorClass: Int32, detail: String) -> Kind {
        switch git_error_code(rawValue: code) {
        case GIT_ENOTFOUND:
            return errorClass == GIT_ERROR_REPOSITORY.rawValue ? .notARepository : .notFound
        case GIT_EEXISTS: return .alreadyExists
        case GIT_EUNBORNBRANCH: return .unbornBranch
        case GIT_ENONFASTFORWARD: return .nonFastForward
        case GIT_ECONFLICT, GIT_EMERGECONFLICT, GIT_EUNMERGED: return .conflict
        case GIT_EAUTH: return .authentication
        case GIT_ECERTIFICATE: return .certificate
        case GIT_ELOCKED: return .locked
        case GIT_EINVALIDSPEC, GIT_EINVALID: return .invalidArgument
        default: break
        }
        // Network failures mostly arrive as the generic -1 (ssh's missing repository as GIT_EEOF);
        // the class and text tell them apart.
        if errorClass == GIT_ERROR_NET.rawValue || errorClass == GIT_ERROR_SSH.rawValue
            || errorClass == GIT_ERROR_HTTP.rawValue || errorClass == GIT_ERROR_OS.rawValue {
            let lowered = detail.lowercased()
            let missingHints = ["access denied or repository not exported", "repository not found",
                                "unexpected http status code: 404",
                                "does not appear to be a git repository"]
            if missingHints.contains(where: lowered.contains) { return .remoteRepositoryNotFound }
            let unreachableHints = ["failed to connect", "connection refused", "failed to resolve", "could not resolve",
                                    "no route to host", "network is unreachable", "connection timed out"]
            if unreachableHints.contains(where: lowered.contains) { return .unreachable }
            if lowered.contains("authentication") || lowered.contains("too many redirects or authentication replays") {
                return .authentication
            }
        }
        return .other
    }

    private static func explanation(for kind: Kind) -> String {
        switch kind {
        case .notFound: return ": it does not exist."
        case .alreadyExists: return ": it already exists."
        case .notARepository: return ": this is not a git repository."
        case .unbornBranch: return ": the branch has no commits yet."
        case .nonFastForward: return ": the remote has changes that are not here yet; sync (fetch and merge) first."
        case .pushRejected: return ": the server refused the update."
        case .conflict: return ": local changes or merge conflicts are in the way."
        case .authentication: return ": authentication failed; check your SSH key or credentials."
        case .certificate: return ": the server's certificate is not trusted."
        case .unreachable: return ": the remote could not be reached."
        case .remoteRepositoryNotFound: return ": the server has no such repository, or refused access to it."
        case .timeout: return ": the remote did not answer in time."
        case .tooLong: return ": the transfer took too long."
        case .tooMuchData: return ": the remote sent too much."
        case .locked: return ": another git process holds a lock; try again when it has finished."
        case .filterDriver(let name, _): return ": habit cannot run the git filter \"\(name)\"."
        case .identityUnknown: return ": tell git who you are (git config user.name, git config user.email)."
        case .signingFailed: return "."
        case .invalidArgument: return ": the request is not valid."
        case .other: return "."
        }
    }
}

/// Throws a `GitError` when `code` is negative; returns it otherwise.
@discardableResult
func check(_ code: Int32, _ context: @autoclosure () -> String) throws -> Int32 {
    if code < 0 {
        throw GitError.fromLibgit2(code, context())
    }
    return code
}
