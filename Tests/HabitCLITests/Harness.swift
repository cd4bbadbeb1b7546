import Foundation
import Testing
@testable import HabitCLI

/// Runs `habit` in-process on a scratch copy of a data directory, with a fixed clock.
final class Harness {
    struct Outcome {
        var code: Int32
        var out: String
        var err: String
    }

    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples")

    let root: URL
    let directory: URL
    var environment: [String: String]

    /// - Parameter fixture: copy `examples/` when true; otherwise the directory does not exist yet.
    init(examples: Bool = true, now: String = "2026-11-22T10:00", language: String = "en_US.UTF-8") throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("habit-cli-\(UUID().uuidString)")
        directory = root.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        if examples { try FileManager.default.copyItem(at: Harness.examples, to: directory) }
        environment = ["HABIT_DIR": directory.path, "HABIT_NOW": now, "LANG": language, "HOME": root.path, "TERM": "xterm",
                       "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    @discardableResult
    func run(_ arguments: [String], terminal: Bool = false, input: [String]? = nil, environment extra: [String: String] = [:]) -> Outcome {
        let output = OutputStream.capture()
        let errors = OutputStream.capture()
        let context = Context(
            environment: environment.merging(extra) { $1 }, stdoutIsTerminal: terminal, stdinIsTerminal: input != nil,
            output: output, errors: errors, scriptedInput: input, executablePath: root.path + "/bin/habit")
        let code = HabitCLI.run(arguments, context: context)
        return Outcome(code: code, out: output.captured, err: errors.captured)
    }

    @discardableResult
    func run(_ line: String, terminal: Bool = false, input: [String]? = nil) -> Outcome {
        run(Harness.split(line), terminal: terminal, input: input)
    }

    /// The standard output of a command that must succeed: exit status 0, nothing on standard error.
    @discardableResult
    func output(_ line: String, terminal: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let result = run(line, terminal: terminal)
        #expect(result.code == 0 && result.err.isEmpty, "`habit \(line)` failed (\(result.code)): \(result.err)", sourceLocation: sourceLocation)
        return result.out
    }

    /// Shell-like splitting with double quotes, enough for test command lines.
    static func split(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var started = false
        for character in line {
            if character == "\"" { quoted.toggle(); started = true; continue }
            if character == " " && !quoted {
                if started { words.append(current) }
                current = ""
                started = false
                continue
            }
            current.append(character)
            started = true
        }
        if started { words.append(current) }
        return words
    }

    /// Every file under the data directory with its bytes, to prove that nothing changed.
    func snapshot() -> [String: Data] {
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return files }
        for case let url as URL in enumerator {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if !isDirectory.boolValue, url.lastPathComponent != "habit-lock" {
                files[String(url.path.dropFirst(directory.path.count))] = try? Data(contentsOf: url)
            }
        }
        return files
    }

    func file(_ relative: String) -> String {
        (try? String(contentsOf: directory.appendingPathComponent(relative), encoding: .utf8)) ?? ""
    }

    func write(_ relative: String, _ text: String) throws {
        try text.write(to: directory.appendingPathComponent(relative), atomically: false, encoding: .utf8)
    }
}

/// Runs a command that must fail and checks that nothing on disk moved.
func expectRefusal(_ line: String, in habit: Harness, code: Int32 = 1, mentions text: String,
                   sourceLocation: SourceLocation = #_sourceLocation) {
    let before = habit.snapshot()
    let result = habit.run(line)
    #expect(result.code == code, "exit code of `\(line)`", sourceLocation: sourceLocation)
    #expect(result.err.contains(text), "stderr of `\(line)`: \(result.err)", sourceLocation: sourceLocation)
    #expect(result.out.isEmpty, sourceLocation: sourceLocation)
    #expect(habit.snapshot() == before, "`\(line)` changed the directory", sourceLocation: sourceLocation)
}
