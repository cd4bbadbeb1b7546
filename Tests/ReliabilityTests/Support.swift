import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real `habit` executable built next to the test bundle (`swift build --build-tests` builds
/// it): tests that kill processes or run them side by side need separate processes.
enum Binary {
    static func path(_ name: String) -> String? {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        var candidates = [bundle.deletingLastPathComponent(), bundle.deletingLastPathComponent().deletingLastPathComponent()]
        // On macOS the bundle is a directory (…/x.xctest/Contents/MacOS/x).
        candidates += candidates.map { $0.deletingLastPathComponent().deletingLastPathComponent() }
        for directory in candidates {
            let candidate = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    static let habit = path("habit")
}

/// A scratch directory (symlinks resolved) removed at the end.
final class Scratch {
    let path: String

    init(_ label: String = "rel") throws {
        let base = NSTemporaryDirectory() + "habit-\(label)-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = URL(fileURLWithPath: base).resolvingSymlinksInPath().path
    }

    func sub(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// What a finished process said.
struct Outcome {
    var status: Int32
    /// The signal that ended it, if one did.
    var signal: Int32?
    var out: String
    var err: String

    var succeeded: Bool { signal == nil && status == 0 }
    var all: String { out + err }
}

/// A child process: stdout and stderr go to files (no pipe to fill and block it), stdin is
/// /dev/null. Processes started from Swift Testing threads have SIGTERM blocked, so they are only
/// ever stopped with SIGKILL.
final class Child {
    let pid: pid_t
    private let outPath: String
    private let errPath: String
    private var finished: Outcome?

    init(_ executable: String, _ arguments: [String], environment: [String: String], scratch: String) throws {
        let id = UUID().uuidString
        outPath = scratch + "/.out-" + id
        errPath = scratch + "/.err-" + id
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Give the child a clean signal mask, as a shell would.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard code == 0 else { throw Failure("posix_spawn \(executable): \(String(cString: strerror(code)))") }
        self.pid = pid
    }

    func kill9() { _ = kill(pid, SIGKILL) }

    /// Waits for the process; kills it if it runs past `timeout` seconds (then the test fails).
    @discardableResult
    func wait(timeout: Double = 30) -> Outcome {
        if let finished { return finished }
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result < 0, errno != EINTR { break }
            if Date() > deadline {
                Issue.record("process \(pid) ran past \(timeout) s; killed")
                kill9()
                waitpid(pid, &status, 0)
                break
            }
            usleep(2_000)
        }
        let signaled = (status & 0x7F) != 0 && (status & 0x7F) != 0x7F
        let outcome = Outcome(
            status: signaled ? -1 : (status >> 8) & 0xFF, signal: signaled ? status & 0x7F : nil,
            out: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            err: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
        unlink(outPath)
        unlink(errPath)
        finished = outcome
        return outcome
    }

}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A data directory driven through the real binary, with a fixed clock and an empty git config.
final class HabitDirectory {
    let scratch: Scratch
    let path: String
    let environment: [String: String]

    init(git: Bool = true, label: String = "rel", extraEnvironment: [String: String] = [:]) throws {
        scratch = try Scratch(label)
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
        guard Binary.habit != nil else { throw Failure("the habit executable was not found next to the tests; run swift build --build-tests") }
        let made = run(git ? ["init"] : ["init", "--no-git"])
        guard made.succeeded else { throw Failure("habit init failed: \(made.all)") }
    }

    func start(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Child {
        try Child(Binary.habit!, arguments, environment: environment.merging(extra) { $1 }, scratch: scratch.path)
    }

    @discardableResult
    func run(_ arguments: [String], environment extra: [String: String] = [:], timeout: Double = 30) -> Outcome {
        do {
            return try start(arguments, environment: extra).wait(timeout: timeout)
        } catch {
            return Outcome(status: -1, signal: nil, out: "", err: "\(error)")
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
        let result = try Child("/usr/bin/git", ["-C", path] + arguments, environment: environment, scratch: scratch.path).wait()
        if !result.succeeded && !allowFailure {
            throw Failure("git \(arguments.joined(separator: " ")) failed: \(result.all)")
        }
        return result.out
    }

    /// Every file under the data directory except the lock and .git, with its bytes.
    func snapshot() -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        guard let walker = FileManager.default.enumerator(atPath: path) else { return files }
        for case let relative as String in walker {
            if relative == ".git" { walker.skipDescendants(); continue }
            if relative == ".habit.lock" { continue }
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: path + "/" + relative, isDirectory: &isDirectory)
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
