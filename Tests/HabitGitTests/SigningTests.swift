import Foundation
import Testing
@testable import HabitGit
import TestSupport

/// A commit is signed when git would sign it (`commit.gpgsign`), through the configured program,
/// with keys made here: `git verify-commit` and `git log --show-signature` accept it. A signature
/// that cannot be made stops the commit (issue 35).
@Suite("Signed commits")
struct SigningTests {
    /// A repository with one commit, and a change to commit on top of it.
    struct Signable {
        let dir: ScratchDirectory
        let repository: Repository
        let path: String
        let head: CommitID

        init() throws {
            dir = try gitScratch()
            (repository, path) = try makeRepository(in: dir)
            head = try #require(try repository.headCommitID())
        }

        func config(_ key: String, _ value: String) throws { try git(["config", key, value], in: path) }

        func commitChange(_ text: String = "a = 2\n") throws -> CommitID {
            try repository.makeCommit(base: head, changes: ["a.toml": .write(bytes(text), executable: false)], parents: [head],
                                      message: "done: Read 2026-11-22")
        }
    }

    /// An ephemeral GnuPG home with a signing key without a passphrase, and a `gpg` that uses it
    /// (git and habit run the same wrapper). Its agent is stopped when released.
    final class GnuPG {
        let home: String
        let program: String
        let fingerprint: String

        init(in dir: ScratchDirectory) throws {
            home = dir.sub("gnupg")
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            program = dir.sub("gpg-wrapper")
            try "#!/bin/sh\nGNUPGHOME='\(home)' exec gpg \"$@\"\n".write(toFile: program, atomically: true, encoding: .utf8)
            chmod(program, 0o755)
            try Self.run(program, ["--batch", "--pinentry-mode", "loopback", "--passphrase", "", "--quick-gen-key",
                                   "Test Signer <signer@example.org>", "ed25519", "sign", "never"])
            let listing = try Self.run(program, ["--batch", "--with-colons", "--list-secret-keys"])
            fingerprint = try #require(listing.split(separator: "\n").first { $0.hasPrefix("fpr:") }
                .map { String($0.split(separator: ":", omittingEmptySubsequences: false)[9]) })
        }

        deinit { _ = try? Self.run("/usr/bin/gpgconf", ["--kill", "gpg-agent"], environment: ["GNUPGHOME": home]) }

        @discardableResult
        static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            let output = Pipe()
            process.standardOutput = output
            let errors = FileManager.default.temporaryDirectory.appendingPathComponent("habit-signing-\(UUID().uuidString)")
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            defer { try? FileManager.default.removeItem(at: errors) }
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
                throw ToolFailed(description: "\(executable) \(arguments.joined(separator: " ")) failed: \(said)")
            }
            return String(decoding: data, as: UTF8.self)
        }
    }

    struct ToolFailed: Error, CustomStringConvertible { let description: String }

    @Test("gpg (openpgp): git verify-commit passes and git log --show-signature finds a good signature, on both commit paths")
    func gpg() throws {
        let world = try Signable()
        let gnupg = try GnuPG(in: world.dir)
        try world.config("commit.gpgsign", "true")
        try world.config("gpg.program", gnupg.program)
        try world.config("user.signingkey", gnupg.fingerprint)
        let made = try world.commitChange()
        let verify = ["-c", "gpg.program=\(gnupg.program)"]
        try git(verify + ["verify-commit", made.hex], in: world.path)
        let shown = try git(verify + ["log", "-1", "--show-signature", made.hex], in: world.path)
        #expect(shown.contains("Good signature from \"Test Signer <signer@example.org>\""), "\(shown)")
        // The signed commit is the one git would make from the same tree: the same headers and
        // message with the signature added.
        let raw = try git(["cat-file", "commit", made.hex], in: world.path)
        #expect(raw.contains("\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n"), "\(raw)")
        #expect(raw.hasSuffix("-----END PGP SIGNATURE-----\n\ndone: Read 2026-11-22\n"), "\(raw)")

        // The path that moves HEAD itself (habit commit, init): signed, HEAD and its reflog moved.
        try writeFile("a = 3\n", to: world.path + "/a.toml")
        let committed = try #require(try world.repository.commit(message: "edit: by hand (a.toml)"))
        #expect(try world.repository.headCommitID() == committed)
        try git(verify + ["verify-commit", "HEAD"], in: world.path)
        #expect(try git(["reflog", "-1", "--format=%gs", "HEAD"], in: world.path) == "commit: edit: by hand (a.toml)\n")
        #expect(try git(["status", "--porcelain"], in: world.path) == "")
        #expect(try git(["fsck", "--strict", "--no-progress", "--no-dangling"], in: world.path) == "")
    }

    @Test("gpg.format=ssh: ssh-keygen -Y sign with user.signingkey's key file; git verify-commit passes")
    func ssh() throws {
        let world = try Signable()
        let key = world.dir.sub("id_ed25519")
        try GnuPG.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "signer", "-f", key])
        try world.config("commit.gpgsign", "true")
        try world.config("gpg.format", "ssh")
        try world.config("user.signingkey", key)
        let made = try world.commitChange()
        let email = try git(["log", "-1", "--format=%ce", made.hex], in: world.path).trimmingCharacters(in: .whitespacesAndNewlines)
        let allowed = world.dir.sub("allowed-signers")
        try (email + " " + String(contentsOfFile: key + ".pub", encoding: .utf8)).write(toFile: allowed, atomically: true, encoding: .utf8)
        try world.config("gpg.ssh.allowedSignersFile", allowed)
        try git(["verify-commit", made.hex], in: world.path)
        let shown = try git(["log", "-1", "--show-signature", made.hex], in: world.path)
        #expect(shown.contains("Good \"git\" signature for \(email)"), "\(shown)")
        let raw = try git(["cat-file", "commit", made.hex], in: world.path)
        #expect(raw.contains("\ngpgsig -----BEGIN SSH SIGNATURE-----\n"), "\(raw)")
    }

    @Test("gpg.format=x509: gpgsm with a self-signed certificate made here; git verify-commit passes")
    func x509() throws {
        let world = try Signable()
        let home = world.dir.sub("gnupgsm")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try "disable-crl-checks\n".write(toFile: home + "/gpgsm.conf", atomically: true, encoding: .utf8)
        let program = world.dir.sub("gpgsm-wrapper")
        try "#!/bin/sh\nGNUPGHOME='\(home)' exec gpgsm \"$@\"\n".write(toFile: program, atomically: true, encoding: .utf8)
        chmod(program, 0o755)
        defer { _ = try? GnuPG.run("/usr/bin/gpgconf", ["--kill", "gpg-agent"], environment: ["GNUPGHOME": home]) }
        let parameters = world.dir.sub("certificate-parameters")
        try """
            Key-Type: RSA
            Key-Length: 2048
            Key-Usage: sign
            Serial: random
            Name-DN: CN=Test Signer
            Name-Email: signer@example.org
            %no-protection

            """.write(toFile: parameters, atomically: true, encoding: .utf8)
        let certificate = try GnuPG.run(program, ["--batch", "--armor", "--pinentry-mode", "loopback", "--passphrase", "", "--gen-key", parameters])
        let certificateFile = world.dir.sub("certificate.pem")
        try certificate.write(toFile: certificateFile, atomically: true, encoding: .utf8)
        try GnuPG.run(program, ["--batch", "--import", certificateFile])
        let listing = try GnuPG.run(program, ["--with-colons", "--list-secret-keys"])
        let fingerprint = try #require(listing.split(separator: "\n").first { $0.hasPrefix("fpr:") }
            .map { String($0.split(separator: ":", omittingEmptySubsequences: false)[9]) })
        // The self-signed root trusted, as a person would mark it.
        try "\(fingerprint) S relax\n".write(toFile: home + "/trustlist.txt", atomically: true, encoding: .utf8)
        try world.config("commit.gpgsign", "true")
        try world.config("gpg.format", "x509")
        try world.config("gpg.x509.program", program)
        try world.config("user.signingkey", fingerprint)
        let made = try world.commitChange()
        try git(["verify-commit", made.hex], in: world.path)
        let raw = try git(["cat-file", "commit", made.hex], in: world.path)
        #expect(raw.contains("\ngpgsig -----BEGIN SIGNED MESSAGE-----\n"), "\(raw)")
    }

    @Test("a signature that cannot be made stops the commit, in words naming the program",
          arguments: ["no key", "no program", "refuses", "no ssh key"])
    func signingFails(setup: String) throws {
        let world = try Signable()
        try world.config("commit.gpgsign", "true")
        switch setup {
        case "no key":
            let gnupg = try GnuPG(in: world.dir)
            try world.config("gpg.program", gnupg.program)
            try world.config("user.signingkey", "nobody@example.org")
        case "no program": try world.config("gpg.program", "habit-no-such-gpg")
        case "refuses": try world.config("gpg.program", "false")
        default:
            try world.config("gpg.format", "ssh")
            try world.config("user.signingkey", world.dir.sub("missing-key"))
        }
        try writeFile("a = 3\n", to: world.path + "/a.toml")
        do {
            _ = try world.commitChange()
            Issue.record("\(setup): committed unsigned")
        } catch let error as GitError {
            guard case .signingFailed(let program) = error.kind else { throw error }
            #expect(!program.isEmpty)
            #expect(!(error.detail ?? "").isEmpty, "\(setup): says why")
            #expect(!(error.detail ?? "").contains("[GNUPG:]"), "\(setup): gpg's status lines are left out")
        }
        #expect(throws: GitError.self) { try world.repository.commit(message: "edit: by hand") }
        #expect(try world.repository.headCommitID() == world.head, "\(setup): the branch stays")
    }

    @Test("commit.gpgsign=false (or unset) signs nothing; `git -c` settings (GIT_CONFIG_PARAMETERS) are read as git writes them")
    func settings() throws {
        let world = try Signable()
        try world.config("commit.gpgsign", "false")
        try world.config("gpg.program", "false")
        let made = try world.commitChange()
        #expect(!(try git(["cat-file", "commit", made.hex], in: world.path)).contains("gpgsig"))

        let parsed = Identity.commandLineSettings("'commit.gpgsign'='true' 'user.signingkey=a b' 'core.bare' 'x.y'='it'\\''s'")
        #expect(parsed.map(\.key) == ["commit.gpgsign", "user.signingkey", "core.bare", "x.y"])
        #expect(parsed.map(\.value) == ["true", "a b", nil, "it's"])
        let identity = Identity(world.repository) { name in
            name == "GIT_CONFIG_PARAMETERS" ? "'commit.gpgsign'='true' 'gpg.format'='ssh'" : nil
        }
        let signing = try #require(try CommitSigning.configured(identity))
        #expect(signing.format == .ssh)
        #expect(signing.program == "ssh-keygen")
    }
}
