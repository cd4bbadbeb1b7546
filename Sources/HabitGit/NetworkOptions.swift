import Foundation

/// Progress of a fetch (objects received and indexed) or a push (objects sent).
public struct TransferProgress: Sendable, Hashable {
    public enum Direction: Sendable, Hashable {
        case fetch, push
    }

    public let direction: Direction
    /// Objects received (fetch) or sent (push) so far.
    public let objects: Int
    public let totalObjects: Int
    /// Objects indexed so far (fetch only; 0 for push).
    public let indexedObjects: Int
    /// Bytes received or sent so far.
    public let bytes: Int
}

/// Where credentials come from when a remote asks for them. Each source is
/// tried once per operation, in order; when all have been tried the
/// operation fails with `.authentication` instead of asking forever.
public struct CredentialOptions: Sendable {
    /// For https: used first when both are set.
    public var username: String?
    public var password: String?
    /// For ssh: try the keys loaded in ssh-agent (`SSH_AUTH_SOCK`) first.
    public var useSSHAgent: Bool
    /// For ssh: private key files tried after the agent, if they exist.
    public var sshKeyPaths: [String]
    /// For https: ask `git credential fill` (the user's configured helper),
    /// with terminal prompts disabled.
    public var useGitCredentialHelper: Bool

    public init(username: String? = nil, password: String? = nil, useSSHAgent: Bool = true,
                sshKeyPaths: [String]? = nil, useGitCredentialHelper: Bool = true, home: String? = nil) {
        self.username = username
        self.password = password
        self.useSSHAgent = useSSHAgent
        let home = home ?? FileManager.default.homeDirectoryForCurrentUser.path
        self.sshKeyPaths = sshKeyPaths ?? [home + "/.ssh/id_ed25519", home + "/.ssh/id_rsa"]
        self.useGitCredentialHelper = useGitCredentialHelper
    }

    /// Username and password from `HABIT_GIT_USERNAME` / `HABIT_GIT_PASSWORD`
    /// when set, plus ssh-agent, the default key files and git's credential helper.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> CredentialOptions {
        CredentialOptions(username: environment["HABIT_GIT_USERNAME"], password: environment["HABIT_GIT_PASSWORD"],
                          home: environment["HOME"])
    }
}

/// Settings shared by fetch, push and clone. Not `Sendable`: the callbacks run
/// synchronously on the calling thread, so they may capture its state.
public struct NetworkOptions {
    /// How long the remote may stay silent — while connecting, or between two
    /// messages — before the operation fails with `GitError.Kind.timeout`.
    /// nil waits as long as the operating system does.
    public var timeout: Duration?
    public var credentials: CredentialOptions
    /// Called as objects arrive or leave, for drawing a progress bar.
    public var progress: ((TransferProgress) -> Void)?
    /// Text the server prints ("remote: ..."), such as hook output.
    public var remoteMessage: ((String) -> Void)?
    /// How much the process may grow while a remote talks (an endless list of refs is kept in
    /// memory by libgit2 and reported through no callback), and how long one operation may last.
    public var memoryLimit = 512 << 20
    public var totalLimit: Duration = .seconds(600)

    public init(timeout: Duration? = .seconds(30), credentials: CredentialOptions = .fromEnvironment(),
                progress: ((TransferProgress) -> Void)? = nil, remoteMessage: ((String) -> Void)? = nil) {
        self.timeout = timeout
        self.credentials = credentials
        self.progress = progress
        self.remoteMessage = remoteMessage
    }
}
