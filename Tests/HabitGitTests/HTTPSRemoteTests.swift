import Foundation
import Testing
import HabitGit
import TestSupport

/// A real lighttpd serving `git http-backend` over TLS on 127.0.0.1, a bare repository behind
/// it, a repository to push from and a scratch home for git's credential helper.
final class HTTPSWorld: RemoteWorld<HTTPSServer> {
    init() throws {
        let dir = try gitScratch()
        let execPath = try git(["--exec-path"], in: "/").trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try HTTPSServer(directory: dir.sub("https"), gitExecPath: execPath)
        let bare = server.repositories + "/data.git"
        try git(["init", "-q", "--bare", "-b", "main", bare], in: dir.path)
        // Anonymous reads (/public/) are served by http-backend as they are; pushes need a user.
        try super.init(dir: dir, server: server, bare: bare)
    }

    var encodedPassword: String { server.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }

    func options(username: String? = nil, password: String? = nil, helper: Bool = false,
                 authorities: CertificateAuthorities? = nil, timeout: Duration = .seconds(20),
                 progress: ((TransferProgress) -> Void)? = nil) -> NetworkOptions {
        let credentials = CredentialOptions(username: username, password: password, useSSHAgent: false, sshKeyPaths: [],
                                            useGitCredentialHelper: helper, home: home, sshAgentSocket: nil)
        return NetworkOptions(timeout: timeout, credentials: credentials,
                              certificateAuthorities: authorities ?? CertificateAuthorities(file: server.caFile, directory: nil),
                              progress: progress)
    }
}

@Suite("https remotes against a real web server", .enabled(if: TestTools.installed || HTTPSServer.available, "lighttpd is not installed (.ci/packages)"))
struct HTTPSRemoteTests {
    @Test("credentials in the URL push and fetch, and never appear in an error")
    func credentialsInURL() throws {
        let world = try HTTPSWorld()
        try world.repository.setRemoteURL(world.server.url("git/data.git")
            .replacingOccurrences(of: "https://", with: "https://\(world.server.user):\(world.encodedPassword)@"))
        try world.repository.push(options: world.options())
        #expect(world.pushed)
        try world.repository.fetch(options: world.options())

        try world.repository.setRemoteURL(world.server.url("git/data.git")
            .replacingOccurrences(of: "https://", with: "https://\(world.server.user):Secret-Typo@"))
        let error = try #require(throws: GitError.self) { try world.repository.fetch(options: world.options()) }
        #expect(error.kind == .authentication, "\(error)")
        #expect(!error.description.contains("Secret-Typo") && error.description.contains("https://***@localhost"), "\(error)")
    }

    @Test("a wrong password ends in one authentication error, without a retry loop")
    func wrongPassword() throws {
        let world = try HTTPSWorld()
        try world.repository.setRemoteURL(world.server.url("git/data.git"))
        let error = try #require(throws: GitError.self) {
            try world.repository.push(options: world.options(username: world.server.user, password: "not it"))
        }
        #expect(error.kind == .authentication, "\(error)")
        #expect(!error.description.contains("not it"))
        let refusals = world.server.errorLog.components(separatedBy: "password doesn't match").count - 1
        #expect(refusals == 1, "\(world.server.errorLog)")
        #expect(!world.pushed)
    }

    @Test("git's credential helper is asked, approved after a success and rejected after a refusal")
    func credentialHelper() throws {
        let world = try HTTPSWorld()
        try world.repository.setRemoteURL(world.server.url("git/data.git"))
        // Two stores: the first answers `fill`; both hear `approve` and `reject`, as git does it.
        let given = world.home + "/given", approved = world.home + "/approved"
        try writeFile("[credential]\n\thelper = store --file \(given)\n\thelper = store --file \(approved)\n",
                      to: world.home + "/.gitconfig")
        let port = world.server.port
        try writeFile("https://\(world.server.user):\(world.encodedPassword)@localhost%3a\(port)\n", to: given)
        try world.repository.push(options: world.options(helper: true))
        #expect(world.pushed)
        #expect(try String(contentsOfFile: approved, encoding: .utf8).contains("https://alice:"))

        try writeFile("https://\(world.server.user):stale@localhost%3a\(port)\n", to: given)
        try FileManager.default.removeItem(atPath: approved)
        let error = try #require(throws: GitError.self) { try world.repository.fetch(options: world.options(helper: true)) }
        #expect(error.kind == .authentication, "\(error)")
        #expect(!error.description.contains("stale"))
        // The refused credential is erased, so the next attempt does not fail the same way forever.
        #expect(try String(contentsOfFile: given, encoding: .utf8).isEmpty)
    }

    @Test("a certificate from an authority habit was not told to trust is refused")
    func untrustedCertificate() throws {
        let world = try HTTPSWorld()
        try world.repository.setRemoteURL(world.server.url("public/data.git"))
        for authorities in [CertificateAuthorities(file: world.server.otherCAFile, directory: nil),
                            CertificateAuthorities(file: "/etc/ssl/certs/ca-certificates.crt", directory: nil)] {
            let error = try #require(throws: GitError.self) { try world.repository.fetch(options: world.options(authorities: authorities)) }
            #expect(error.kind == .certificate, "\(error)")
        }
        let missing = try #require(throws: GitError.self) {
            try world.repository.fetch(options: world.options(authorities: CertificateAuthorities(file: world.dir.sub("none.crt"), directory: nil)))
        }
        #expect(missing.kind == .certificate && missing.description.contains("none.crt"), "\(missing)")
        // The authority named through the environment, as a user does it.
        let fromEnvironment = CertificateAuthorities.fromEnvironment(["GIT_SSL_CAINFO": world.server.caFile, "SSL_CERT_FILE": "/x"])
        #expect(fromEnvironment == CertificateAuthorities(file: world.server.caFile, directory: nil))
        try world.repository.fetch(options: world.options(authorities: fromEnvironment))
    }

    @Test("a redirect to another path on the same server is followed, credentials and all")
    func redirect() throws {
        let world = try HTTPSWorld()
        try world.repository.setRemoteURL(world.server.url("old/data.git"))
        try world.repository.push(options: world.options(username: world.server.user, password: world.server.password))
        #expect(world.pushed)
        let clone = try Repository.clone(from: world.server.url("old/data.git"), to: world.dir.sub("clone"),
                                         options: CloneOptions(network: world.options(username: world.server.user,
                                                                                      password: world.server.password)))
        #expect(try clone.headCommitID() == world.repository.headCommitID())
    }

    @Test("progress is reported over https, and a server that answers TLS and then nothing is bounded by the timeout")
    func progressAndTimeout() throws {
        let world = try HTTPSWorld()
        try world.repository.setRemoteURL(world.server.url("git/data.git"))
        var sent: [TransferProgress] = []
        try world.repository.push(options: world.options(username: world.server.user, password: world.server.password,
                                                         progress: { sent.append($0) }))
        #expect(sent.contains { $0.direction == .push && $0.objects > 0 })
        var received: [TransferProgress] = []
        _ = try Repository.clone(from: world.server.url("public/data.git"), to: world.dir.sub("clone"),
                                 options: CloneOptions(network: world.options(progress: { received.append($0) })))
        #expect(received.contains { $0.direction == .fetch && $0.objects > 0 })

        try world.repository.setRemoteURL(world.server.url("slow/data.git"))
        let error = try #require(throws: GitError.self) { try world.repository.fetch(options: world.options(timeout: .seconds(1))) }
        #expect(error.kind == .timeout, "\(error)")
    }
}
