import Foundation
import HabitGit
#if canImport(Glibc)
import Glibc
#endif

/// Process-wide test set-up: libgit2 and every spawned `git` read an empty
/// configuration directory, so the developer's ~/.gitconfig (identity,
/// `url.insteadOf`, credential helpers) cannot change results.
enum TestEnvironment {
    static let configDirectory: String = {
        let dir = NSTemporaryDirectory() + "habitgit-config-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try! GitLibrary.setConfigurationSearchPath(dir)
        return dir
    }()

    static var gitEnvironment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = configDirectory
        env["XDG_CONFIG_HOME"] = configDirectory
        env["GIT_CONFIG_NOSYSTEM"] = "1"
        env["GIT_TERMINAL_PROMPT"] = "0"
        env["GIT_AUTHOR_NAME"] = "Tester"
        env["GIT_AUTHOR_EMAIL"] = "tester@example.com"
        env["GIT_COMMITTER_NAME"] = "Tester"
        env["GIT_COMMITTER_EMAIL"] = "tester@example.com"
        return env
    }
}

/// A directory removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        _ = TestEnvironment.configDirectory
        let base = NSTemporaryDirectory() + "habitgit-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        // Resolve /tmp symlinks so paths compare equal to what libgit2 reports.
        path = URL(fileURLWithPath: base).resolvingSymlinksInPath().path
    }

    func sub(_ name: String) -> String { path + "/" + name }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

struct CommandFailed: Error, CustomStringConvertible {
    let description: String
}

/// Runs the real git CLI; throws with its output when it fails (unless allowed).
@discardableResult
func git(_ arguments: [String], in directory: String, allowFailure: Bool = false, input: String? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.environment = TestEnvironment.gitEnvironment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    let inputPipe = Pipe()
    process.standardInput = inputPipe
    try process.run()
    if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
    try inputPipe.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    if process.terminationStatus != 0 && !allowFailure {
        throw CommandFailed(description: "git \(arguments.joined(separator: " ")) failed: \(text)")
    }
    return text
}

func write(_ text: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}

func read(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
}

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// A new repository at `dir/name` with one committed file.
func makeRepository(in dir: TemporaryDirectory, name: String = "work", files: [String: String] = ["a.toml": "a = 1\n"]) throws -> (Repository, String) {
    let path = dir.sub(name)
    let repository = try Repository.create(at: path)
    for (file, text) in files { try write(text, to: path + "/" + file) }
    try repository.commit(message: "Initial")
    return (repository, path)
}

// MARK: - Network helpers

/// A port that was free a moment ago on 127.0.0.1.
func freePort() throws -> UInt16 {
    let listener = try Listener()
    return listener.port
}

/// A TCP socket listening on 127.0.0.1 that never accepts or writes: the
/// kernel completes the handshake from the backlog, so a client connects and
/// then waits forever for a greeting. Closing it releases the port.
final class Listener {
    let fd: Int32
    let port: UInt16

    init() throws {
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
            throw CommandFailed(description: "listen failed")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(fd) }
}

/// `git daemon` serving the bare repositories under `basePath` on loopback.
/// Started as the git-daemon binary itself (the `git daemon` wrapper leaves a
/// parent behind) and stopped with SIGKILL, because processes started from
/// Swift Testing threads inherit a mask that blocks SIGTERM.
final class GitDaemon {
    let port: UInt16

    init(basePath: String) throws {
        let execPath = try git(["--exec-path"], in: basePath).trimmingCharacters(in: .whitespacesAndNewlines)
        var lastError: Error?
        for _ in 0..<5 {
            let port = try freePort()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: execPath + "/git-daemon")
            process.arguments = ["--export-all", "--enable=receive-pack", "--base-path=\(basePath)",
                                 "--listen=127.0.0.1", "--port=\(port)", "--reuseaddr"]
            process.environment = TestEnvironment.gitEnvironment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            if GitDaemon.waitUntilListening(port: port, process: process) {
                self.port = port
                processHolder = process
                return
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            lastError = CommandFailed(description: "git daemon did not start on port \(port)")
        }
        throw lastError!
    }

    private var processHolder: Process?

    func url(_ repository: String) -> String { "git://127.0.0.1:\(port)/\(repository)" }

    private static func waitUntilListening(port: UInt16, process: Process) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline && process.isRunning {
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

    deinit {
        if let processHolder, processHolder.isRunning {
            kill(processHolder.processIdentifier, SIGKILL)
            processHolder.waitUntilExit()
        }
    }
}
