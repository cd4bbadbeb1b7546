import Foundation
import HabitGit
import LoopbackTestSupport
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
    try SilentListener().port
}

extension GitDaemon {
    convenience init(basePath: String) throws {
        try self.init(basePath: basePath, environment: TestEnvironment.gitEnvironment)
    }
}
