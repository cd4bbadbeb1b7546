import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Executables built next to the test bundle (`swift build --build-tests` builds them): tests that
/// kill processes, run them side by side or drive them on a terminal need real processes.
public enum BuiltProduct {
    public static func path(_ name: String) -> String? {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        var candidates = [bundle.deletingLastPathComponent(), bundle.deletingLastPathComponent().deletingLastPathComponent()]
        candidates += candidates.map { $0.deletingLastPathComponent().deletingLastPathComponent() }
        for directory in candidates {
            let candidate = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The habit under test: the build's, or an installed one named by `HABIT_TEST_BINARY` (the
    /// install and package checks in .ci/checks replay the README session with what they installed).
    public static let habit = ProcessInfo.processInfo.environment["HABIT_TEST_BINARY"].flatMap { $0.isEmpty ? nil : $0 } ?? path("habit")
}

/// What a finished process said.
public struct ProcessOutcome: Sendable {
    public var status: Int32
    /// The signal that ended it, if one did.
    public var signal: Int32?
    public var out: String
    public var err: String
    /// The process's peak resident memory in bytes (0 when unknown).
    public var peakMemory = 0

    public init(status: Int32, signal: Int32?, out: String, err: String) {
        self.status = status
        self.signal = signal
        self.out = out
        self.err = err
    }

    public var succeeded: Bool { signal == nil && status == 0 }
    public var all: String { out + err }
}

/// A child process: stdout and stderr go to files (no pipe to fill and block it), stdin is
/// /dev/null unless given. Processes started from Swift Testing threads have SIGTERM blocked, so
/// they get a clean signal mask here and are only ever stopped with SIGKILL.
public final class ChildProcess {
    public let pid: pid_t
    private let outPath: String
    private let errPath: String
    private var finished: ProcessOutcome?

    public struct Failed: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    public init(_ executable: String, _ arguments: [String], environment: [String: String], scratch: String,
                stdin: String = "/dev/null") throws {
        let id = UUID().uuidString
        outPath = scratch + "/.out-" + id
        errPath = scratch + "/.err-" + id
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
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
        guard code == 0 else { throw Failed(description: "posix_spawn \(executable): \(String(cString: strerror(code)))") }
        self.pid = pid
    }

    public func kill9() { _ = kill(pid, SIGKILL) }

    /// What the process has written to standard error so far (it may still be running).
    public var errorsSoFar: String {
        (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
    }

    /// What the process has written to standard output so far (it may still be running).
    public var outputSoFar: String {
        (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
    }

    /// Kills the process and reaps it (a server a test is done with).
    public func stop() {
        kill9()
        wait()
    }

    /// VmHWM of a running process in bytes (0 once it has exited or when unknown).
    static func highWaterMark(_ pid: pid_t) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return 0 }
        return kilobytes * 1024
    }

    /// Waits for the process; kills it if it runs past `timeout` seconds (`timedOut` is then set).
    @discardableResult
    public func wait(timeout: Double = 30) -> ProcessOutcome {
        if let finished { return finished }
        var status: Int32 = 0
        var usage = rusage()
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        var highWater = 0
        var polls = 0
        while true {
            // The kernel keeps ru_maxrss across exec, so a child forked from this (large, parallel)
            // test process reports the test process's size; the exec'd program's own high-water
            // mark is VmHWM, read while it runs (it only grows, so a late read misses little).
            if polls % 10 == 0 { highWater = max(highWater, Self.highWaterMark(pid)) }
            polls += 1
            let result = wait4(pid, &status, WNOHANG, &usage)
            if result == pid { break }
            if result < 0, errno != EINTR { break }
            if Date() > deadline {
                timedOut = true
                kill9()
                wait4(pid, &status, 0, &usage)
                break
            }
            usleep(2_000)
        }
        let signaled = (status & 0x7F) != 0 && (status & 0x7F) != 0x7F
        var outcome = ProcessOutcome(
            status: signaled ? -1 : (status >> 8) & 0xFF, signal: signaled ? status & 0x7F : nil,
            out: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            err: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
        if timedOut { outcome.err += "\n[test harness: killed after \(timeout) s]" }
        outcome.peakMemory = highWater > 0 ? highWater : Int(usage.ru_maxrss) * 1024
        unlink(outPath)
        unlink(errPath)
        finished = outcome
        return outcome
    }
}
