import CLibgit2
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import HabitSystem

typealias CredentialOut = UnsafeMutablePointer<UnsafeMutablePointer<git_credential>?>

/// Hands out credentials one source at a time. libgit2 calls the credentials
/// callback again after every rejection (HTTP 401 forever), so each source is
/// used once and an exhausted provider returns an error to end the loop.
final class CredentialProvider {
    private let options: CredentialOptions
    private var attempts = 0
    private var triedAgent = false
    private var nextKeyIndex = 0
    private var triedExplicit = false
    private var triedHelper = false
    private var identityFiles: [String]?
    /// What was offered, for the error message ("ssh-agent", key paths, "the credential helper").
    private var tried: [String] = []
    /// The helper's credential while its verdict is pending: approved when the operation
    /// succeeds, rejected when the server asks again (it refused it), as git does.
    private var helperCredential: HelperCredential?
    /// Set when every source was used up, so the failure is reported as authentication.
    private(set) var exhausted = false

    private static let maximumAttempts = 10

    init(options: CredentialOptions) {
        self.options = options
    }

    func acquire(_ out: CredentialOut, url: String, usernameFromURL: String?, allowed: UInt32) -> Int32 {
        attempts += 1
        if let refused = helperCredential {
            helperCredential = nil
            Self.runGitCredential("reject", refused.description, home: options.home)
        }
        if attempts <= Self.maximumAttempts {
            if allowed & GIT_CREDENTIAL_USERNAME.rawValue != 0 {
                return git_credential_username_new(out, usernameFromURL ?? "git")
            }
            if allowed & GIT_CREDENTIAL_SSH_KEY.rawValue != 0, let code = sshKey(out, url: url, username: usernameFromURL ?? "git") {
                return code
            }
            if allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue != 0,
               let code = userPassword(out, url: url, usernameFromURL: usernameFromURL) {
                return code
            }
        }
        exhausted = true
        let offered = tried.isEmpty ? "none were found" : "tried " + tried.joined(separator: ", ")
        git_error_set_str(Int32(GIT_ERROR_CALLBACK.rawValue),
                          "no more credentials to try for \(redactCredentials(url)) (\(offered))")
        return GIT_EAUTH.rawValue
    }

    /// The operation succeeded: the helper's credential (if one was used) is good.
    func operationSucceeded() {
        if let accepted = helperCredential {
            helperCredential = nil
            Self.runGitCredential("approve", accepted.description, home: options.home)
        }
    }

    private func sshKey(_ out: CredentialOut, url: String, username: String) -> Int32? {
        if options.useSSHAgent, !triedAgent {
            triedAgent = true
            // libgit2 ends the whole operation when the socket is missing or dead, before any key
            // file is tried: only a socket that exists is handed over.
            // libssh2 connects to the process's own SSH_AUTH_SOCK, whatever the options say.
            if let socket = options.sshAgentSocket, Self.isSocket(socket),
               let live = ProcessInfo.processInfo.environment["SSH_AUTH_SOCK"], Self.isSocket(live) {
                tried.append("ssh-agent")
                return git_credential_ssh_key_from_agent(out, username)
            }
        }
        // IdentityFile lines of ~/.ssh/config for this host come first, as with ssh.
        let keys = identityFilesFor(url: url) + options.sshKeyPaths.filter { !identityFilesFor(url: url).contains($0) }
        while nextKeyIndex < keys.count {
            let key = keys[nextKeyIndex]
            nextKeyIndex += 1
            guard FileManager.default.isReadableFile(atPath: key) else { continue }
            let publicKey = key + ".pub"
            let hasPublic = FileManager.default.isReadableFile(atPath: publicKey)
            // Without a .pub, libssh2 fails the whole operation on a key it cannot decrypt; habit
            // never asks for passphrases, so such a key is left to ssh-agent.
            if !hasPublic, SSHConfig.isEncryptedPrivateKey(atPath: key) { continue }
            tried.append(key)
            return git_credential_ssh_key_new(out, username, hasPublic ? publicKey : nil, key, nil)
        }
        return nil
    }

    private func identityFilesFor(url: String) -> [String] {
        if let identityFiles { return identityFiles }
        var files: [String] = []
        if let config = options.sshConfigPath, let host = SSHConfig.host(ofURL: url) {
            files = SSHConfig.identityFiles(configPath: config, host: host, home: options.home)
        }
        identityFiles = files
        return files
    }

    private static func isSocket(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
    }

    private func userPassword(_ out: CredentialOut, url: String, usernameFromURL: String?) -> Int32? {
        if !triedExplicit {
            triedExplicit = true
            if let password = options.password, let username = options.username ?? usernameFromURL {
                tried.append("HABIT_GIT_USERNAME/HABIT_GIT_PASSWORD")
                return git_credential_userpass_plaintext_new(out, username, password)
            }
        }
        if options.useGitCredentialHelper, !triedHelper {
            triedHelper = true
            if let (username, password) = Self.askGitCredentialHelper(url: url, username: options.username ?? usernameFromURL, home: options.home) {
                tried.append("git's credential helper")
                helperCredential = HelperCredential(url: url, username: username, password: password)
                return git_credential_userpass_plaintext_new(out, username, password)
            }
        }
        return nil
    }

    /// Runs `git credential fill` so a user's configured helper (keychain,
    /// store, manager) works as it does for git itself. Prompts are disabled:
    /// a hidden prompt would only look like a hang.
    private static func askGitCredentialHelper(url: String, username: String?, home: String) -> (String, String)? {
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else { return nil }
        var request = "url=\(url)\n"
        if let username { request += "username=\(username)\n" }
        guard let data = runGitCredential("fill", request, home: home) else { return nil }
        var fields: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let user = fields["username"], let password = fields["password"], !password.isEmpty else { return nil }
        return (user, password)
    }

    /// Runs `git credential <action>` with `request` on its standard input; its output when it
    /// succeeded. Prompts are disabled: a hidden prompt would only look like a hang.
    @discardableResult
    private static func runGitCredential(_ action: String, _ request: String, home: String) -> [UInt8]? {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home  // the helper's configuration and store live there
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_ASKPASS"] = "true"  // an askpass that answers nothing
        // A helper that never answers must not hold a push forever; a minute is far beyond any
        // store or keyring lookup.
        guard let git = Subprocess.find("git", environment: environment) else { return nil }
        let outcome = Subprocess.run(git, ["credential", action], environment: environment, input: Array((request + "\n").utf8),
                                     timeoutSeconds: 60)
        return outcome.succeeded ? Array(outcome.output.utf8) : nil
    }
}

/// A credential the helper gave, in the form `git credential approve/reject` reads.
private struct HelperCredential {
    let url: String
    let username: String
    let password: String

    var description: String { "url=\(url)\nusername=\(username)\npassword=\(password)\n" }
}
