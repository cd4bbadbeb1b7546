import Foundation
import HabitCLI
import LoopbackTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The real `git` CLI, isolated from the developer's configuration.
enum GitCLI {
    static let home: String = {
        let dir = NSTemporaryDirectory() + "habit-cli-git-home-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }()

    static var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = home
        env["XDG_CONFIG_HOME"] = home
        env["GIT_CONFIG_NOSYSTEM"] = "1"
        env["GIT_TERMINAL_PROMPT"] = "0"
        env["GIT_AUTHOR_NAME"] = "Other Machine"
        env["GIT_AUTHOR_EMAIL"] = "other@example.com"
        env["GIT_COMMITTER_NAME"] = "Other Machine"
        env["GIT_COMMITTER_EMAIL"] = "other@example.com"
        return env
    }

    struct Failed: Error, CustomStringConvertible { let description: String }

    @discardableResult
    static func run(_ arguments: [String], in directory: String, extraPath: String? = nil, allowFailure: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = environment
        if let extraPath { env["PATH"] = extraPath + ":" + (env["PATH"] ?? "/usr/bin:/bin") }
        process.environment = env
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        if process.terminationStatus != 0 && !allowFailure {
            throw Failed(description: "git \(arguments.joined(separator: " ")) failed: \(text)")
        }
        return text
    }
}

extension GitDaemon {
    convenience init(basePath: String) throws {
        try self.init(basePath: basePath, environment: GitCLI.environment)
    }
}

/// Several machines' data directories, a bare remote, and in-process `habit` for each.
final class SyncWorld {
    let root: String
    let remote: String

    init() throws {
        root = URL(fileURLWithPath: NSTemporaryDirectory() + "habit-sync-" + UUID().uuidString).resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        remote = root + "/remote.git"
        try GitCLI.run(["init", "-q", "--bare", "-b", "main", remote], in: root)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func directory(_ machine: String) -> String { root + "/" + machine }

    @discardableResult
    func habit(_ machine: String, _ arguments: [String], now: String = "2026-11-22T10:00", extra: [String: String] = [:],
               terminal: Bool = false) -> Harness.Outcome {
        let output = OutputStream.capture()
        let errors = OutputStream.capture()
        var environment = ["HABIT_DIR": directory(machine), "HABIT_NOW": now, "LANG": "en_US.UTF-8", "HOME": GitCLI.home]
        environment.merge(extra) { $1 }
        let context = Context(environment: environment, stdoutIsTerminal: terminal, stdinIsTerminal: false, output: output, errors: errors)
        let code = HabitCLI.run(arguments, context: context)
        return Harness.Outcome(code: code, out: output.captured, err: errors.captured)
    }

    func habit(_ machine: String, _ line: String, now: String = "2026-11-22T10:00") -> Harness.Outcome {
        habit(machine, Harness.split(line), now: now)
    }

    func file(_ machine: String, _ path: String) -> String {
        (try? String(contentsOfFile: directory(machine) + "/" + path, encoding: .utf8)) ?? ""
    }

    func write(_ machine: String, _ path: String, _ text: String) throws {
        try text.write(toFile: directory(machine) + "/" + path, atomically: false, encoding: .utf8)
    }

    func git(_ machine: String, _ arguments: String...) throws -> String {
        try GitCLI.run(arguments, in: directory(machine))
    }

    /// Every file of a machine's working tree (not .git), for comparing machines.
    func tree(_ machine: String) -> [String: String] {
        var files: [String: String] = [:]
        let base = directory(machine)
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return files }
        while let path = enumerator.nextObject() as? String {
            if path.hasPrefix(".git/") || path == ".git" || path.hasPrefix(".habit") { continue }
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { files[path] = (try? String(contentsOfFile: base + "/" + path, encoding: .utf8)) ?? "<binary>" }
        }
        return files
    }
}
