import HabitSystem
#if canImport(Glibc)
import Glibc
#endif

/// How git signs a commit when `commit.gpgsign` is true: `gpg.format` picks the kind (openpgp, the
/// default; x509; ssh), `gpg.<format>.program` (for openpgp also `gpg.program`) the program, and
/// `user.signingkey` the key, as git 2.39's gpg-interface runs them:
/// - openpgp and x509: `<program> --status-fd=2 -bsau <key>` with the commit on standard input, the
///   armoured signature on standard output, and `[GNUPG:] SIG_CREATED` on standard error; the key
///   defaults to the committer's `Name <email>`.
/// - ssh: `<program> -Y sign -n git -f <key file> [-U] <file>`, the signature written to
///   `<file>.sig`; a key given literally (`ssh-…` or `key::…`) is written to a scratch file and
///   the private half is taken from the agent (`-U`); without `user.signingkey`, the first line
///   `gpg.ssh.defaultKeyCommand` prints.
/// Settings are read as the commit's identity reads them (`Identity.setting`).
struct CommitSigning {
    enum Format: String { case openpgp, x509, ssh }

    let format: Format
    let program: String
    let key: String?
    let environment: [String: String]

    /// The signing git would do for a commit in `identity`'s repository; nil when it would not sign.
    static func configured(_ identity: Identity) throws -> CommitSigning? {
        guard let sign = identity.setting("commit.gpgsign"), isTrue(sign) else { return nil }
        let formatName = identity.setting("gpg.format") ?? "openpgp"
        guard let format = Format(rawValue: formatName.lowercased()) else {
            throw failure(program: "gpg.format", "invalid value for 'gpg.format': '\(formatName)'")
        }
        let program: String = switch format {
        case .openpgp: identity.setting("gpg.openpgp.program") ?? identity.setting("gpg.program") ?? "gpg"
        case .x509: identity.setting("gpg.x509.program") ?? "gpgsm"
        case .ssh: identity.setting("gpg.ssh.program") ?? "ssh-keygen"
        }
        var key = identity.setting("user.signingkey").flatMap { $0.isEmpty ? nil : $0 }
        if key == nil, format == .ssh, let command = identity.setting("gpg.ssh.defaultkeycommand"), !command.isEmpty {
            key = try defaultSSHKey(command, environment: ProcessEnvironment.current())
        }
        return CommitSigning(format: format, program: program, key: key, environment: ProcessEnvironment.current())
    }

    /// git's boolean: true, yes, on, a non-zero number, or a key without a value.
    static func isTrue(_ value: String) -> Bool {
        if let number = Int(value) { return number != 0 }
        return ["true", "yes", "on", ""].contains(value.lowercased())
    }

    /// The signature of `buffer` (a commit as git writes it), without its final line break.
    /// `committer` is the default key of openpgp and x509 (`Name <email>`).
    func sign(_ buffer: [UInt8], committer: Signature) throws -> String {
        let signature = switch format {
        case .openpgp, .x509: try signWithGPG(buffer, key: key ?? "\(committer.name) <\(committer.email)>")
        case .ssh: try signWithSSH(buffer)
        }
        // git drops the carriage returns a Windows gpg writes, and the header ends the last line.
        var text = signature.replacing("\r\n", with: "\n")
        while text.hasSuffix("\n") { text.removeLast() }
        guard !text.isEmpty else { throw Self.failure(program: program, "\(program) wrote no signature") }
        return text
    }

    private func signWithGPG(_ buffer: [UInt8], key: String) throws -> String {
        let outcome = try run([ "--status-fd=2", "-bsau", key], input: buffer)
        guard outcome.succeeded, outcome.errors.contains("\n[GNUPG:] SIG_CREATED ") || outcome.errors.hasPrefix("[GNUPG:] SIG_CREATED ") else {
            throw Self.failure(program: program, Self.words(of: outcome))
        }
        return outcome.output
    }

    private func signWithSSH(_ buffer: [UInt8]) throws -> String {
        guard let key else {
            throw Self.failure(program: program, "either user.signingkey or gpg.ssh.defaultKeyCommand needs to be configured")
        }
        var scratch: [String] = []
        defer { scratch.forEach { unlink($0) } }
        let keyFile: String
        let literal: Bool
        if key.hasPrefix("key::") || key.hasPrefix("ssh-") {
            keyFile = try Self.scratchFile(".git_signing_key_tmp", contents: Array((key.hasPrefix("key::") ? String(key.dropFirst(5)) : key).utf8),
                                           environment: environment)
            scratch.append(keyFile)
            literal = true
        } else {
            keyFile = key.hasPrefix("~/") ? (environment["HOME"] ?? "") + key.dropFirst(1) : key
            literal = false
        }
        let bufferFile = try Self.scratchFile(".git_signing_buffer_tmp", contents: buffer, environment: environment)
        scratch += [bufferFile, bufferFile + ".sig"]
        let outcome = try run(["-Y", "sign", "-n", "git", "-f", keyFile] + (literal ? ["-U"] : []) + [bufferFile], input: [])
        guard outcome.succeeded else {
            let said = Self.words(of: outcome)
            // ssh-keygen's own words for a passphrase it could not ask for, made plain as git does.
            throw Self.failure(program: program, said.contains("incorrect passphrase supplied to decrypt private key")
                               ? "incorrect passphrase supplied to decrypt private key" : said)
        }
        guard let signature = GitFile.read(bufferFile + ".sig") else {
            throw Self.failure(program: program, "\(program) wrote no signature")
        }
        return String(decoding: signature, as: UTF8.self)
    }

    /// Runs the program found in `PATH` (or named with a slash) as git runs it, without a shell.
    /// Signing may wait for a passphrase typed into the agent's prompt, so the bound is generous.
    private func run(_ arguments: [String], input: [UInt8]) throws -> Subprocess.Outcome {
        guard let executable = Subprocess.find(program, environment: environment) else {
            throw Self.failure(program: program, "cannot run \(program): No such file or directory")
        }
        return Subprocess.run(executable, arguments, environment: environment, input: input, timeoutSeconds: 120)
    }

    /// The first line `gpg.ssh.defaultKeyCommand` prints, which must be a key given literally.
    private static func defaultSSHKey(_ command: String, environment: [String: String]) throws -> String {
        let words = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let name = words.first, let executable = Subprocess.find(name, environment: environment) else {
            throw failure(program: command, "cannot run \(command)")
        }
        let outcome = Subprocess.run(executable, Array(words.dropFirst()), environment: environment, timeoutSeconds: 120)
        let first = outcome.output.split(separator: "\n").first.map(String.init) ?? ""
        guard outcome.succeeded, first.hasPrefix("key::") || first.hasPrefix("ssh-") else {
            throw failure(program: command, outcome.succeeded ? "gpg.ssh.defaultKeyCommand succeeded but returned no keys" : Self.words(of: outcome))
        }
        return first
    }

    /// A new file in the temporary folder holding `contents`, readable by its owner only.
    private static func scratchFile(_ prefix: String, contents: [UInt8], environment: [String: String]) throws -> String {
        let folder = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/" + prefix + "XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw failure(program: "mkstemp", "could not create a temporary file in \(folder): " + String(cString: strerror(errno)))
        }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer { close(descriptor) }
        do {
            try GitFile.write(contents, to: descriptor, path: path)
        } catch {
            unlink(path)
            throw failure(program: "mkstemp", "\(error)")
        }
        return path
    }

    /// What a failed program said, without gpg's machine-readable status lines; its exit status
    /// when it said nothing.
    private static func words(of outcome: Subprocess.Outcome) -> String {
        let lines = outcome.errors.split(separator: "\n").filter { !$0.hasPrefix("[GNUPG:]") }.map { String($0) }
        let text = lines.joined(separator: "\n").trimmingCharacters()
        if !text.isEmpty { return text }
        if outcome.timedOut { return "no answer after 120 s" }
        return outcome.status.map { "exit status \($0)" } ?? "killed by a signal"
    }

    static func failure(program: String, _ detail: String) -> GitError {
        GitError(kind: .signingFailed(program: program), summary: "Could not sign the commit with \(program)", detail: detail)
    }
}
