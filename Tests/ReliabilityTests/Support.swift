import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A data directory driven through the real binary, with a fixed clock and an empty git config.
final class HabitDirectory {
    let scratch: ScratchDirectory
    let path: String
    let environment: [String: String]

    init(git: Bool = true, label: String = "rel", extraEnvironment: [String: String] = [:], initArguments: [String]? = nil) throws {
        scratch = try ScratchDirectory(label)
        path = scratch.sub("data")
        let home = scratch.sub("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        var environment = [
            "HABIT_DIR": path, "HABIT_NOW": "2026-11-22T10:00", "LANG": "en_US.UTF-8", "HOME": home,
            "XDG_CONFIG_HOME": home, "GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0", "TERM": "xterm",
            "PATH": "/usr/bin:/bin", "GIT_AUTHOR_NAME": "Tester", "GIT_AUTHOR_EMAIL": "t@example.com",
            "GIT_COMMITTER_NAME": "Tester", "GIT_COMMITTER_EMAIL": "t@example.com",
        ]
        environment.merge(extraEnvironment) { $1 }
        self.environment = environment
        guard BuiltProduct.habit != nil else { throw Failure("the habit executable was not found next to the tests; run swift build --build-tests") }
        let made = run(initArguments ?? (git ? ["init"] : ["init", "--no-git"]))
        guard made.succeeded else { throw Failure("habit init failed: \(made.all)") }
    }

    func start(_ arguments: [String], environment extra: [String: String] = [:], executable: String? = nil) throws -> ChildProcess {
        try ChildProcess(executable ?? BuiltProduct.habit!, arguments, environment: environment.merging(extra) { $1 }, scratch: scratch.path)
    }

    /// Runs habit (or `executable`, such as strace running habit) in this directory's environment.
    @discardableResult
    func run(_ arguments: [String], environment extra: [String: String] = [:], timeout: Double = 30,
             executable: String? = nil) -> ProcessOutcome {
        do {
            return try start(arguments, environment: extra, executable: executable).wait(timeout: timeout)
        } catch {
            return ProcessOutcome(status: -1, signal: nil, out: "", err: "\(error)")
        }
    }

    func file(_ relative: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path + "/" + relative).map { [UInt8]($0) }
    }

    func text(_ relative: String) -> String {
        file(relative).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    func write(_ relative: String, _ bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: path + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func write(_ relative: String, _ text: String) throws { try write(relative, Array(text.utf8)) }

    /// The git CLI in the data directory.
    @discardableResult
    func git(_ arguments: [String], allowFailure: Bool = false) throws -> String {
        let result = try ChildProcess("/usr/bin/git", ["-C", path] + arguments, environment: environment, scratch: scratch.path).wait()
        if !result.succeeded && !allowFailure {
            throw Failure("git \(arguments.joined(separator: " ")) failed: \(result.all)")
        }
        return result.out
    }

    /// Every file under the data directory except .git (where the lock is), with its bytes.
    func snapshot() -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        guard let walker = FileManager.default.enumerator(atPath: path) else { return files }
        for case let relative as String in walker {
            if relative == ".git" { walker.skipDescendants(); continue }
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path + "/" + relative, isDirectory: &isDirectory)
            if !isDirectory.boolValue { files[relative] = file(relative) ?? [] }
        }
        return files
    }

    /// Files whose names start with habit's temporary prefix, anywhere in the directory.
    func temporaryFiles() -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { ($0 as NSString).lastPathComponent.hasPrefix(".habit-tmp-") }
    }
}

/// Prints a figure for docs/reliability.md, tagged so it is easy to find in the test log.
func figure(_ text: String) {
    print("[reliability] \(text)")
}
