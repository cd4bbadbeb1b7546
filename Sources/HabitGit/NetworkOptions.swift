import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

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
    /// The home directory: the credential helper runs with it, `~/.ssh` is read from it.
    public var home: String
    /// ssh-agent's socket (`SSH_AUTH_SOCK`); nil: no agent. libssh2 itself always connects to the
    /// process's `SSH_AUTH_SOCK`, so the agent is only offered when that one is a live socket too.
    public var sshAgentSocket: String?
    /// `IdentityFile` lines of the matching `Host` blocks are tried before `sshKeyPaths`.
    public var sshConfigPath: String?
    /// Hosts listed here are trusted in addition to those libgit2 finds in the process's
    /// `$HOME/.ssh/known_hosts`; it is also where an unknown host is told apart from a changed key.
    public var knownHostsPath: String?

    public init(username: String? = nil, password: String? = nil, useSSHAgent: Bool = true,
                sshKeyPaths: [String]? = nil, useGitCredentialHelper: Bool = true, home: String? = nil,
                sshAgentSocket: String? = ProcessInfo.processInfo.environment["SSH_AUTH_SOCK"]) {
        self.username = username
        self.password = password
        self.useSSHAgent = useSSHAgent
        let home = home ?? FileManager.default.homeDirectoryForCurrentUser.path
        self.home = home
        // RSA last: libssh2 1.10 signs with SHA-1, which OpenSSH 8.8 and later refuse.
        self.sshKeyPaths = sshKeyPaths ?? ["id_ed25519", "id_ecdsa", "id_rsa"].map { home + "/.ssh/" + $0 }
        self.useGitCredentialHelper = useGitCredentialHelper
        self.sshAgentSocket = sshAgentSocket
        sshConfigPath = home + "/.ssh/config"
        knownHostsPath = home + "/.ssh/known_hosts"
    }

    /// Username and password from `HABIT_GIT_USERNAME` / `HABIT_GIT_PASSWORD`
    /// when set, plus ssh-agent, the default key files and git's credential helper.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> CredentialOptions {
        CredentialOptions(username: environment["HABIT_GIT_USERNAME"], password: environment["HABIT_GIT_PASSWORD"],
                          home: environment["HOME"], sshAgentSocket: environment["SSH_AUTH_SOCK"])
    }
}

/// Certificate authorities for https, replacing the system's list (libgit2's TLS library reads
/// no environment variable itself). habit honours git's `GIT_SSL_CAINFO`/`GIT_SSL_CAPATH`,
/// then OpenSSL's `SSL_CERT_FILE`/`SSL_CERT_DIR`.
public struct CertificateAuthorities: Sendable, Equatable {
    public var file: String?
    public var directory: String?

    public init(file: String?, directory: String?) {
        self.file = file
        self.directory = directory
    }

    /// nil when the environment names none: the system's list is used.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> CertificateAuthorities? {
        let file = environment["GIT_SSL_CAINFO"] ?? environment["SSL_CERT_FILE"]
        let directory = environment["GIT_SSL_CAPATH"] ?? environment["SSL_CERT_DIR"]
        guard file?.isEmpty == false || directory?.isEmpty == false else { return nil }
        return CertificateAuthorities(file: file?.isEmpty == false ? file : nil,
                                      directory: directory?.isEmpty == false ? directory : nil)
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
    /// Whom to trust for https; nil: the system's certificate authorities.
    public var certificateAuthorities: CertificateAuthorities?
    /// Called as objects arrive or leave, for drawing a progress bar.
    public var progress: ((TransferProgress) -> Void)?
    /// Text the server prints ("remote: ..."), such as hook output.
    public var remoteMessage: ((String) -> Void)?
    /// How much the process may grow while a remote talks (an endless list of refs is kept in
    /// memory by libgit2 and reported through no callback), and how long one operation may last.
    public var memoryLimit = 512 << 20
    public var totalLimit: Duration = .seconds(600)

    public init(timeout: Duration? = .seconds(30), credentials: CredentialOptions = .fromEnvironment(),
                certificateAuthorities: CertificateAuthorities? = .fromEnvironment(),
                progress: ((TransferProgress) -> Void)? = nil, remoteMessage: ((String) -> Void)? = nil) {
        self.timeout = timeout
        self.credentials = credentials
        self.certificateAuthorities = certificateAuthorities
        self.progress = progress
        self.remoteMessage = remoteMessage
    }
}
