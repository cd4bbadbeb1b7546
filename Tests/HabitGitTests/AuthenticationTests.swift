import Foundation
import Testing
import HabitGit
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP server on 127.0.0.1 that answers every request with
/// 401 Unauthorized, the case where libgit2 keeps asking for credentials.
final class UnauthorizedHTTPServer: @unchecked Sendable {
    private let listener: SilentListener
    private let lock = NSLock()
    private var requestCount = 0
    private let stopped = DispatchSemaphore(value: 0)

    var port: UInt16 { listener.port }
    var requests: Int { lock.withLock { requestCount } }

    init() throws {
        listener = try SilentListener()
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    private func serve() {
        defer { stopped.signal() }
        while true {
            let client = accept(listener.fd, nil, nil)
            if client < 0 { return }
            var request = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !String(decoding: request, as: UTF8.self).contains("\r\n\r\n") {
                let count = recv(client, &buffer, buffer.count, 0)
                if count <= 0 { break }
                request += buffer[0..<count]
            }
            lock.withLock { requestCount += 1 }
            let response = "HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm=\"habit\"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            _ = response.withCString { send(client, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            close(client)
        }
    }

    /// shutdown() wakes the blocked accept(); close() alone would not on Linux.
    func stop() {
        shutdown(listener.fd, Int32(SHUT_RDWR))
        stopped.wait()
    }
}

@Suite("Credentials")
struct AuthenticationTests {
    @Test("a server that keeps answering 401 ends in an authentication error, not an endless loop")
    func repeatedCredentialRequestsGiveUp() throws {
        let dir = try gitScratch()
        let server = try UnauthorizedHTTPServer()
        defer { server.stop() }
        let (repository, _) = try makeRepository(in: dir)
        try repository.setRemoteURL("http://127.0.0.1:\(server.port)/data.git")
        let credentials = CredentialOptions(username: "me", password: "wrong", useSSHAgent: false, sshKeyPaths: [],
                                            useGitCredentialHelper: false)
        let error = try #require(throws: GitError.self) {
            try repository.fetch(options: NetworkOptions(timeout: .seconds(5), credentials: credentials))
        }
        #expect(error.kind == .authentication)
        #expect(server.requests >= 2 && server.requests < 10, "\(server.requests) requests")
    }

    @Test("credentials come from HABIT_GIT_USERNAME / HABIT_GIT_PASSWORD")
    func environmentCredentials() {
        let options = CredentialOptions.fromEnvironment(["HABIT_GIT_USERNAME": "u", "HABIT_GIT_PASSWORD": "p"])
        #expect(options.username == "u" && options.password == "p")
        #expect(options.sshKeyPaths.map { ($0 as NSString).lastPathComponent } == ["id_ed25519", "id_ecdsa", "id_rsa"])
        #expect(CredentialOptions.fromEnvironment([:]).password == nil)
    }
}
