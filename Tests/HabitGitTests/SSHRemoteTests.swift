import Foundation
import Testing
import HabitGit
import TestSupport

/// A real sshd on 127.0.0.1, a bare repository it serves, a repository to push from, and a
/// scratch home whose `.ssh` habit reads. Everything stops when the value is released.
final class SSHWorld: RemoteWorld<SSHServer> {
    init() throws {
        let dir = try gitScratch()
        try super.init(dir: dir, server: try SSHServer(directory: dir.sub("sshd")), bare: try makeBare(in: dir))
        try FileManager.default.createDirectory(atPath: home + "/.ssh", withIntermediateDirectories: true)
        try repository.setRemoteURL(server.url(bare))
    }

    func trustServer() throws { try writeFile(try server.knownHostsLine(), to: home + "/.ssh/known_hosts") }

    /// Installs `key` (and its .pub) as the home's `~/.ssh/id_ed25519`.
    func installKey(_ key: String, as name: String = "id_ed25519") throws {
        for suffix in ["", ".pub"] {
            try? FileManager.default.removeItem(atPath: home + "/.ssh/" + name + suffix)
            try FileManager.default.copyItem(atPath: key + suffix, toPath: home + "/.ssh/" + name + suffix)
        }
        chmod(home + "/.ssh/" + name, 0o600)
    }

    func options(agent: String? = nil, timeout: Duration = .seconds(20),
                 progress: ((TransferProgress) -> Void)? = nil) -> NetworkOptions {
        let credentials = CredentialOptions(useSSHAgent: agent != nil, useGitCredentialHelper: false, home: home, sshAgentSocket: agent)
        return NetworkOptions(timeout: timeout, credentials: credentials, certificateAuthorities: nil, progress: progress)
    }
}

@Suite("ssh remotes against a real sshd", .enabled(if: TestTools.installed || SSHServer.available, "openssh-server is not installed (.ci/packages)"))
struct SSHRemoteTests {
    @Test("~/.ssh/id_ed25519 is used without an agent, and a dead agent socket does not stop it")
    func keyFileWithoutAgent() throws {
        let world = try SSHWorld()
        try world.trustServer()
        try world.installKey(world.server.clientKey)
        try world.repository.push(options: world.options())
        #expect(try world.serverHead() == world.repository.headCommitID()?.description)
        // SSH_AUTH_SOCK naming a socket that is gone: libgit2 would end the operation there.
        try world.repository.fetch(options: world.options(agent: world.dir.sub("gone.sock")))
    }

    @Test("an IdentityFile of a matching Host block in ~/.ssh/config is tried")
    func identityFileFromConfig() throws {
        let world = try SSHWorld()
        try world.trustServer()
        let key = world.home + "/keys/work key"
        try FileManager.default.createDirectory(atPath: world.home + "/keys", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: world.server.clientKey, toPath: key)
        chmod(key, 0o600)
        let withoutConfig = try #require(throws: GitError.self) { try world.repository.push(options: world.options()) }
        #expect(withoutConfig.kind == .authentication)
        try writeFile("Host elsewhere\n    IdentityFile ~/.ssh/nothing\n\nHost 127.0.0.*\n    IdentityFile \"~/keys/work key\"\n",
                      to: world.home + "/.ssh/config")
        try world.repository.push(options: world.options())
        #expect(try world.serverHead() == world.repository.headCommitID()?.description)
    }

    @Test("an unknown host key is refused with its fingerprint; nothing is sent and known_hosts is not touched")
    func unknownHostKey() throws {
        let world = try SSHWorld()
        try world.installKey(world.server.clientKey)
        let error = try #require(throws: GitError.self) { try world.repository.push(options: world.options()) }
        #expect(error.kind == .certificate)
        let key = try #require(error.hostKey)
        #expect(key.status == .unknown)
        #expect(key.fingerprint == (try world.server.fingerprint()))
        #expect(key.hostField == "[127.0.0.1]:\(world.server.port)" && key.shortKeyType == "ed25519")
        #expect(key.knownHostsLine + "\n" == (try world.server.knownHostsLine()))
        #expect(try world.serverHead().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: world.home + "/.ssh/known_hosts"))
        #expect(!world.server.log.contains("Accepted publickey"))
        // What the message tells the user to run makes the next attempt work.
        try writeFile(try world.server.knownHostsLine(), to: world.home + "/.ssh/known_hosts")
        try world.repository.push(options: world.options())
    }

    @Test("a changed host key is refused as changed, with plain and hashed known_hosts entries")
    func changedHostKey() throws {
        let world = try SSHWorld()
        try world.installKey(world.server.clientKey)
        let known = world.home + "/.ssh/known_hosts"
        // The line for another key of the same type: what a man in the middle would look like.
        try writeFile(try world.server.knownHostsLine(publicKey: world.server.wrongKey + ".pub"), to: known)
        let plain = try #require(throws: GitError.self) { try world.repository.push(options: world.options()) }
        #expect(plain.kind == .certificate && plain.hostKey?.status == .changed)
        #expect(plain.description.contains("CHANGED"))
        _ = try runTool("/usr/bin/ssh-keygen", ["-q", "-H", "-f", known], scratch: world.dir.path)
        #expect(try String(contentsOfFile: known, encoding: .utf8).hasPrefix("|1|"))
        let hashed = try #require(throws: GitError.self) { try world.repository.push(options: world.options()) }
        #expect(hashed.hostKey?.status == .changed)
        #expect(try world.serverHead().isEmpty)
        // A hashed line for the right key is accepted.
        try writeFile(try world.server.knownHostsLine(), to: known)
        _ = try runTool("/usr/bin/ssh-keygen", ["-q", "-H", "-f", known], scratch: world.dir.path)
        try world.repository.push(options: world.options())
    }

    @Test("a key the server refuses ends in one authentication error naming what was tried, without a retry loop")
    func wrongKey() throws {
        let world = try SSHWorld()
        try world.trustServer()
        try world.installKey(world.server.wrongKey)
        let error = try #require(throws: GitError.self) { try world.repository.push(options: world.options()) }
        #expect(error.kind == .authentication)
        #expect(error.description.contains(world.home + "/.ssh/id_ed25519"), "\(error)")
        let attempts = world.server.log.components(separatedBy: "Failed publickey").count - 1
        #expect(attempts == 1, "\(world.server.log)")
    }

    @Test("~/.ssh/config Host aliases and ports are not honoured by libgit2: the URL must name host and port")
    func hostAliasNotHonoured() throws {
        let world = try SSHWorld()
        try world.trustServer()
        try world.installKey(world.server.clientKey)
        try writeFile("Host habitserver\n    HostName 127.0.0.1\n    Port \(world.server.port)\n",
                      to: world.home + "/.ssh/config")
        try world.repository.setRemoteURL("ssh://\(world.server.user)@habitserver\(world.bare)")
        let error = try #require(throws: GitError.self) { try world.repository.fetch(options: world.options(timeout: .seconds(10))) }
        #expect(error.kind == .unreachable, "\(error)")
    }

    @Test("a repository missing on the ssh server is reported as such")
    func missingRepository() throws {
        let world = try SSHWorld()
        try world.trustServer()
        try world.installKey(world.server.clientKey)
        try world.repository.setRemoteURL(world.server.url(world.dir.sub("server/none.git")))
        let error = try #require(throws: GitError.self) { try world.repository.fetch(options: world.options()) }
        #expect(error.kind == .remoteRepositoryNotFound, "\(error)")
    }

    @Test("progress is reported over ssh, and a server that goes silent after login is bounded by the timeout")
    func progressAndTimeout() throws {
        let world = try SSHWorld()
        try world.trustServer()
        try world.installKey(world.server.clientKey)
        var sent: [TransferProgress] = []
        try world.repository.push(options: world.options(progress: { sent.append($0) }))
        #expect(sent.contains { $0.direction == .push && $0.objects > 0 })
        var received: [TransferProgress] = []
        _ = try Repository.clone(from: world.server.url(world.bare), to: world.dir.sub("clone"),
                                 options: CloneOptions(network: world.options(progress: { received.append($0) })))
        #expect(received.contains { $0.direction == .fetch && $0.objects > 0 })

        // A key whose login runs a command that never speaks (bounded, so it ends by itself).
        let stalled = world.dir.sub("stalled")
        try runTool("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", stalled], scratch: world.dir.path)
        try world.server.authorize(stalled + ".pub", command: "exec sleep 8")
        try world.installKey(stalled)
        let error = try #require(throws: GitError.self) { try world.repository.fetch(options: world.options(timeout: .seconds(1))) }
        #expect(error.kind == .timeout, "\(error)")
    }
}
