import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a setup command (ssh-keygen, openssl) to completion; throws with its output when it fails.
@discardableResult
public func runTool(_ executable: String, _ arguments: [String], scratch: String, environment: [String: String] = [:],
                    stdin: String = "/dev/null") throws -> String {
    var env = ["PATH": "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin", "HOME": scratch]
    env.merge(environment) { $1 }
    let outcome = try ChildProcess(executable, arguments, environment: env, scratch: scratch, stdin: stdin).wait(timeout: 60)
    guard outcome.succeeded else {
        throw ChildProcess.Failed(description: "\(executable) \(arguments.joined(separator: " ")): \(outcome.all)")
    }
    return outcome.out
}

/// OpenSSH's sshd on 127.0.0.1 and a free port, with its own ed25519 host key and an
/// `authorized_keys` (for every user: the tests log in as whoever runs them) holding `clientKey`.
/// Repositories are reached by absolute path: `ssh://user@127.0.0.1:PORT/abs/path.git`.
/// Stopped (SIGKILL, then reaped) by `stop()` or when released.
public final class SSHServer {
    public static let sshd = ["/usr/sbin/sshd", "/usr/bin/sshd"].first { FileManager.default.isExecutableFile(atPath: $0) }
    public static var available: Bool { sshd != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/ssh-keygen") }

    public let directory: String
    public let port: UInt16
    /// The login name (the user running the tests).
    public let user: String
    /// An ed25519 key the server accepts, and one it does not (each with its `.pub`).
    public let clientKey: String
    public let wrongKey: String
    public let hostPublicKey: String
    private var process: ChildProcess?

    public init(directory: String) throws {
        self.directory = directory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        user = String(cString: getpwuid(getuid())!.pointee.pw_name)
        clientKey = directory + "/id_ed25519"
        wrongKey = directory + "/id_wrong"
        hostPublicKey = directory + "/host_ed25519_key.pub"
        for (path, comment) in [(directory + "/host_ed25519_key", "test-host"), (clientKey, "test-client"), (wrongKey, "not-authorized")] {
            try runTool("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", comment, "-f", path], scratch: directory)
        }
        try String(contentsOfFile: clientKey + ".pub", encoding: .utf8).write(toFile: directory + "/authorized_keys",
                                                                                atomically: true, encoding: .utf8)
        // sshd refuses to start without its privilege-separation directory.
        try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
        let started = try launchOnFreePort("sshd", log: directory + "/sshd.log", running: { kill($0.pid, 0) == 0 && !Self.exited($0.pid) }) { port in
            let config = """
            ListenAddress 127.0.0.1
            Port \(port)
            HostKey \(directory)/host_ed25519_key
            AuthorizedKeysFile \(directory)/authorized_keys
            PubkeyAuthentication yes
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            PermitRootLogin prohibit-password
            StrictModes no
            UsePAM no
            PidFile none
            LogLevel VERBOSE
            PrintMotd no

            """
            try config.write(toFile: directory + "/sshd_config", atomically: true, encoding: .utf8)
            return try ChildProcess(Self.sshd!, ["-D", "-f", directory + "/sshd_config", "-E", directory + "/sshd.log"],
                                    environment: ["PATH": "/usr/local/bin:/usr/bin:/bin"], scratch: directory)
        }
        port = started.port
        process = started.process
    }

    private static func exited(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid
    }

    public func url(_ path: String) -> String { "ssh://\(user)@127.0.0.1:\(port)\(path)" }

    /// The known_hosts line for this server, as `ssh-keyscan -p PORT 127.0.0.1` prints it.
    public func knownHostsLine(publicKey: String? = nil) throws -> String {
        let fields = try String(contentsOfFile: publicKey ?? hostPublicKey, encoding: .utf8).split(separator: " ")
        return "[127.0.0.1]:\(port) \(fields[0]) \(fields[1])\n"
    }

    /// `SHA256:…` of the host key, as `ssh-keygen -l` prints it.
    public func fingerprint() throws -> String {
        let out = try runTool("/usr/bin/ssh-keygen", ["-l", "-E", "sha256", "-f", hostPublicKey], scratch: directory)
        return String(out.split(separator: " ")[1])
    }

    /// What sshd logged (authentication attempts, refusals).
    public var log: String { (try? String(contentsOfFile: directory + "/sshd.log", encoding: .utf8)) ?? "" }

    /// Makes sshd run `command` instead of git for `publicKey` (a stalled server, for timeouts).
    public func authorize(_ publicKey: String, command: String? = nil) throws {
        let key = try String(contentsOfFile: publicKey, encoding: .utf8)
        let line = command.map { "command=\"\($0)\" " + key } ?? key
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: directory + "/authorized_keys"))
        handle.seekToEndOfFile()
        handle.write(Data(line.utf8))
        try handle.close()
    }

    public func stop() {
        process?.stop()
        process = nil
    }

    deinit { stop() }
}

/// An ssh-agent on a socket in `directory`, holding the keys added with `add`.
public final class SSHAgent {
    public let socket: String
    private let process: ChildProcess
    private let directory: String

    public init(directory: String) throws {
        self.directory = directory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        socket = directory + "/agent.sock"
        process = try ChildProcess("/usr/bin/ssh-agent", ["-D", "-a", socket], environment: [:], scratch: directory)
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: socket) && Date() < deadline { usleep(20_000) }
    }

    public func add(_ key: String) throws {
        try runTool("/usr/bin/ssh-add", ["-q", key], scratch: directory, environment: ["SSH_AUTH_SOCK": socket])
    }

    public func stop() { process.stop() }

    deinit { stop() }
}
