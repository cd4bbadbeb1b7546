import CLibgit2
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

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
    /// Set when every source was used up, so the failure is reported as authentication.
    private(set) var exhausted = false

    private static let maximumAttempts = 10

    init(options: CredentialOptions) {
        self.options = options
    }

    func acquire(_ out: CredentialOut, url: String, usernameFromURL: String?, allowed: UInt32) -> Int32 {
        attempts += 1
        if attempts <= Self.maximumAttempts {
            if allowed & GIT_CREDENTIAL_USERNAME.rawValue != 0 {
                return git_credential_username_new(out, usernameFromURL ?? "git")
            }
            if allowed & GIT_CREDENTIAL_SSH_KEY.rawValue != 0, let code = sshKey(out, username: usernameFromURL ?? "git") {
                return code
            }
            if allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue != 0,
               let code = userPassword(out, url: url, usernameFromURL: usernameFromURL) {
                return code
            }
        }
        exhausted = true
        git_error_set_str(Int32(GIT_ERROR_CALLBACK.rawValue),
                          "no more credentials to try for \(redactCredentials(url))")
        return GIT_EAUTH.rawValue
    }

    private func sshKey(_ out: CredentialOut, username: String) -> Int32? {
        if options.useSSHAgent, !triedAgent {
            triedAgent = true
            if ProcessInfo.processInfo.environment["SSH_AUTH_SOCK"] != nil {
                return git_credential_ssh_key_from_agent(out, username)
            }
        }
        while nextKeyIndex < options.sshKeyPaths.count {
            let key = options.sshKeyPaths[nextKeyIndex]
            nextKeyIndex += 1
            guard FileManager.default.isReadableFile(atPath: key) else { continue }
            let publicKey = key + ".pub"
            let hasPublic = FileManager.default.isReadableFile(atPath: publicKey)
            return git_credential_ssh_key_new(out, username, hasPublic ? publicKey : nil, key, nil)
        }
        return nil
    }

    private func userPassword(_ out: CredentialOut, url: String, usernameFromURL: String?) -> Int32? {
        if !triedExplicit {
            triedExplicit = true
            if let password = options.password, let username = options.username ?? usernameFromURL {
                return git_credential_userpass_plaintext_new(out, username, password)
            }
        }
        if options.useGitCredentialHelper, !triedHelper {
            triedHelper = true
            if let (username, password) = Self.askGitCredentialHelper(url: url, username: options.username ?? usernameFromURL) {
                return git_credential_userpass_plaintext_new(out, username, password)
            }
        }
        return nil
    }

    /// Runs `git credential fill` so a user's configured helper (keychain,
    /// store, manager) works as it does for git itself. Prompts are disabled:
    /// a hidden prompt would only look like a hang.
    private static func askGitCredentialHelper(url: String, username: String?) -> (String, String)? {
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else { return nil }
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_ASKPASS"] = "true"  // an askpass that answers nothing
        var request = "url=\(url)\n"
        if let username { request += "username=\(username)\n" }
        request += "\n"
        guard let (status, data) = Spawn.run(["git", "credential", "fill"], environment: environment, input: request),
              status == 0 else { return nil }
        var fields: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let user = fields["username"], let password = fields["password"], !password.isEmpty else { return nil }
        return (user, password)
    }
}
