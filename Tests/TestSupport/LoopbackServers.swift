import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket listening on 127.0.0.1 that never answers: the kernel completes the handshake from
/// the backlog, so a client connects and then waits for a greeting that never comes. Tests use it
/// as a silent remote, to find a free port, or `accept` on `fd` to play a server themselves.
public final class SilentListener {
    public let fd: Int32
    public let port: UInt16

    public struct Failed: Error, CustomStringConvertible {
        public let description: String
    }

    public init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.fd = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw Failed(description: "could not listen on 127.0.0.1")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(fd) }
}

/// `git daemon` serving the bare repositories under `basePath` on 127.0.0.1 only.
///
/// Started as the git-daemon binary itself (the `git daemon` wrapper leaves a parent behind) and
/// stopped with SIGKILL, because processes started from Swift Testing threads inherit a signal mask
/// that blocks SIGTERM.
public final class GitDaemon {
    public let port: UInt16
    private let process: Process

    public init(basePath: String, environment: [String: String]) throws {
        let execPath = try GitDaemon.gitExecPath(environment: environment)
        for _ in 0..<5 {
            let port = try SilentListener().port
            let process = Process()
            process.executableURL = URL(fileURLWithPath: execPath + "/git-daemon")
            process.arguments = ["--export-all", "--enable=receive-pack", "--base-path=\(basePath)",
                                 "--listen=127.0.0.1", "--port=\(port)", "--reuseaddr"]
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            if waitUntilListening(port: port, while: { process.isRunning }) {
                self.port = port
                self.process = process
                return
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        throw SilentListener.Failed(description: "git daemon did not start")
    }

    public func url(_ repository: String) -> String { "git://127.0.0.1:\(port)/\(repository)" }

    private static func gitExecPath(environment: [String: String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["--exec-path"]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// Starts a server on a free loopback port: a port found free can be taken before the server binds
/// it, so up to five are tried. `launch` writes the configuration for the port it is given and
/// starts the server; `running` says whether it is still alive. Throws with the server's log (the
/// file at `log`) when none answered.
public func launchOnFreePort(_ name: String, log: String, running: (ChildProcess) -> Bool = { kill($0.pid, 0) == 0 },
                             _ launch: (UInt16) throws -> ChildProcess) throws -> (process: ChildProcess, port: UInt16) {
    for _ in 0..<5 {
        let port = try SilentListener().port
        let child = try launch(port)
        if waitUntilListening(port: port, while: { running(child) }) { return (child, port) }
        child.stop()
    }
    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    throw ChildProcess.Failed(description: "\(name) did not start: \(text)")
}

/// Waits until something accepts connections on 127.0.0.1:`port`.
public func waitUntilListening(port: UInt16, while alive: () -> Bool = { true }) -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline && alive() {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        close(fd)
        if connected == 0 { return true }
        usleep(20_000)
    }
    return false
}
