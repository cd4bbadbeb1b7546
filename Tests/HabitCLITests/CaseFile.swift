import Foundation
import Testing
import HabitStore
import TestSupport
@testable import HabitCLI

/// A plain-text CLI case, as hledger keeps them: one file per case under `Cases/<command>/`, with
/// the set-up, one or more commands, each with its standard input and the expected standard
/// output, standard error and exit status, and the bytes the commands leave in named files.
///
/// ```
/// # What the case shows.
/// @fixture examples          examples (default), empty (a new plain directory), git (a new
///                            directory with history) or none
/// @now 2026-11-22T10:00      the clock (default)
/// @env LANG=ru_RU.UTF-8      more environment (repeatable)
/// @terminal                  standard output is a terminal (colour, progress)
/// @requires crontab          a program the commands need on PATH (repeatable): where it is
///                            missing the case fails, or reports itself skipped where scripts/test
///                            cannot install it (no root and no sudo, or no network)
/// @file trackers/x.toml      a file to write before the command, up to @end (relative to the
/// …                          data directory, or $ROOT/…)
/// @end
/// @exec $ROOT/bin/x          an executable file (a stand-in for a system command), up to @end
/// …
/// @end
/// @link PATH TARGET          a symbolic link
/// @try git ARGS              a set-up command that may fail (a `git pull` that conflicts)
/// @setup habit ARGS          a command to run first (it must succeed); also @setup git ARGS (in
///                            $ROOT); all set-up steps run in the order written
/// $ habit ARGS               a command; several may follow each other, run in order
/// <                          standard input, one answer per line (stdin is then a terminal)
/// >                          expected standard output
/// >2                         expected standard error
/// >= 0                       expected exit status (ends the command)
/// @expect-file trackers/x.toml   after the last command: the file's expected bytes, up to @end
/// …
/// @end
/// ```
///
/// `$DIR` stands for the data directory and `$ROOT` for the scratch folder around it, in the
/// arguments and in the expected output (`$DIRKEY`, in arguments and files only, for the key that
/// names the directory's files in the state folder); `$FIXTURES` for Tests/HabitCLITests/Fixtures (binary
/// inputs such as a SQLite database, which an `@file` cannot hold). The reader is strict: a line
/// it does not know fails the case with its file and line. `UPDATE_CASES=done/today.case,ru/done/*.case`
/// rewrites the expectations of the cases named (patterns relative to Cases/) from what the
/// commands did, and reports each case it changed, so that nothing is re-baselined unseen.
struct CaseFile: CustomTestStringConvertible, Sendable {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Cases")

    var path: String
    var comments: [String] = []
    var fixture = "examples"
    var now = "2026-11-22T10:00"
    var environment: [String: String] = [:]
    var terminal = false
    /// Programs the commands need on PATH (`@requires`).
    var requirements: [String] = []
    /// Set-up steps in the order written: files to write, links to make, commands to run.
    enum Step: Sendable {
        case file(String, String)
        case executable(String, String)
        case link(String, String)
        case command([String], mayFail: Bool)
    }

    /// One `$ habit …` with what it reads and what it must print and return.
    struct Command: Sendable, Equatable {
        /// Comment lines written just before the command (after the previous one), kept on rewrite.
        var preface: [String] = []
        var arguments: [String] = []
        var input: [String]?
        var stdout = ""
        var stderr = ""
        var status: Int32 = 0
    }

    /// What a command did, in the case's own terms (`$DIR`, `$ROOT`).
    struct Outcome: Sendable, Equatable {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    var steps: [Step] = []
    var commands: [Command] = []
    /// Files whose bytes are checked after the last command: the path as written, the bytes.
    var expectedFiles: [(path: String, content: String)] = []
    /// Why the file could not be read (`path:line: …`); such a case fails.
    var problem: String?
    /// The header lines, kept as written when the expectations are rewritten.
    var header: [String] = []

    var testDescription: String { path }

    static var all: [CaseFile] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".case") }.sorted().map { path in
            do { return try CaseFile(path: path) } catch {
                var broken = CaseFile(path: path, text: "")
                broken.problem = "\(path): \(error)"
                return broken
            }
        }
    }

    var language: String { environment["LANG"]?.hasPrefix("ru") == true ? "ru" : "en" }

    /// Everything the commands are expected to print, for the catalog coverage.
    var printed: String { commands.map { $0.stdout + "\n" + $0.stderr }.joined(separator: "\n") }

    init(path: String) throws {
        let text = try String(contentsOf: CaseFile.folder.appendingPathComponent(path), encoding: .utf8)
        self.init(path: path, text: text)
    }

    init(path: String, text: String) {
        self.path = path
        do { try read(text) } catch { problem = "\(path):\(error)" }
    }

    /// A line the reader refuses, with its line number.
    struct Malformed: Error, CustomStringConvertible {
        let line: Int
        let reason: String
        var description: String { "\(line): \(reason)" }
    }

    private mutating func read(_ text: String) throws {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        var index = 0
        /// The lines up to `@end`, which is consumed; `start` is the directive's line number.
        func body(from start: Int) throws -> [String] {
            var content: [String] = []
            while index < lines.count, lines[index] != "@end" {
                content.append(lines[index])
                index += 1
            }
            guard index < lines.count else { throw Malformed(line: start, reason: "no @end closes this block") }
            index += 1
            return content
        }
        func joined(_ content: [String]) -> String { content.isEmpty ? "" : content.joined(separator: "\n") + "\n" }
        func argument(_ words: [String], _ line: Int) throws -> String {
            guard words.count > 1, !words[1].isEmpty else { throw Malformed(line: line, reason: "\(words[0]) needs an argument") }
            return words[1]
        }

        // The header: set-up directives up to the first command.
        while index < lines.count, !lines[index].hasPrefix("$ ") {
            let line = lines[index]
            let number = index + 1
            index += 1
            header.append(line)
            if line.hasPrefix("#") { comments.append(line); continue }
            if line.isEmpty { continue }
            let words = line.split(separator: " ", maxSplits: 1).map(String.init)
            switch words[0] {
            case "@fixture":
                fixture = try argument(words, number)
                guard ["examples", "empty", "git", "none"].contains(fixture) else {
                    throw Malformed(line: number, reason: "@fixture is examples, empty, git or none, not \(fixture)")
                }
            case "@now": now = try argument(words, number)
            case "@env":
                let pair = try argument(words, number).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                guard pair.count == 2 else { throw Malformed(line: number, reason: "@env takes NAME=VALUE") }
                environment[pair[0]] = pair[1]
            case "@terminal" where words.count == 1: terminal = true
            case "@requires": requirements += try argument(words, number).split(separator: " ").map(String.init)
            case "@file", "@exec":
                let target = try argument(words, number)
                let content = try body(from: number)
                header += content + ["@end"]
                steps.append(words[0] == "@exec" ? .executable(target, joined(content)) : .file(target, joined(content)))
            case "@link":
                let parts = try argument(words, number).split(separator: " ").map(String.init)
                guard parts.count == 2 else { throw Malformed(line: number, reason: "@link takes PATH TARGET") }
                steps.append(.link(parts[0], parts[1]))
            case "@setup", "@try":
                let command = Harness.split(try argument(words, number))
                guard ["habit", "git"].contains(command.first) else {
                    throw Malformed(line: number, reason: "\(words[0]) runs habit or git, not \(command.first ?? "")")
                }
                steps.append(.command(command, mayFail: words[0] == "@try"))
            default:
                throw Malformed(line: number, reason: "unknown directive or line `\(line)`")
            }
        }
        guard index < lines.count else { throw Malformed(line: lines.count, reason: "no `$ habit …` command") }

        // The commands, then the expected files.
        var preface: [String] = []
        while index < lines.count {
            let line = lines[index]
            let number = index + 1
            index += 1
            if line.hasPrefix("#") || line.isEmpty {
                preface.append(line)
                continue
            }
            if line.hasPrefix("@expect-file") {
                let words = line.split(separator: " ", maxSplits: 1).map(String.init)
                guard words[0] == "@expect-file" else { throw Malformed(line: number, reason: "unknown directive `\(words[0])`") }
                guard preface.isEmpty else { throw Malformed(line: number, reason: "a comment goes before the first @expect-file or in the header") }
                let target = try argument(words, number)
                expectedFiles.append((target, joined(try body(from: number))))
                continue
            }
            guard expectedFiles.isEmpty else { throw Malformed(line: number, reason: "only @expect-file blocks follow the first @expect-file") }
            let words = Harness.split(line)
            guard line.hasPrefix("$ "), words.dropFirst().first == "habit" else {
                throw Malformed(line: number, reason: "expected `$ habit …` or `@expect-file PATH`, found `\(line)`")
            }
            var command = Command(preface: preface, arguments: Array(words.dropFirst(2)))
            preface = []
            // Its blocks, up to the status line that ends it.
            var block: String?
            var collected: [String] = []
            func flush() {
                switch block {
                case "<": command.input = collected
                case ">": command.stdout = joined(collected)
                case ">2": command.stderr = joined(collected)
                default: break
                }
                collected = []
            }
            var ended = false
            while index < lines.count, !ended {
                let line = lines[index]
                let number = index + 1
                index += 1
                if line == "<" || line == ">" || line == ">2" {
                    flush()
                    block = line
                } else if line.hasPrefix(">= ") {
                    flush()
                    guard let status = Int32(line.dropFirst(3)) else { throw Malformed(line: number, reason: "the status is a number: `\(line)`") }
                    command.status = status
                    ended = true
                } else if block != nil {
                    collected.append(line)
                } else {
                    throw Malformed(line: number, reason: "expected <, >, >2 or >= after the command, found `\(line)`")
                }
            }
            guard ended else { throw Malformed(line: lines.count, reason: "the last command has no `>= STATUS` line") }
            commands.append(command)
        }
        guard preface.isEmpty else { throw Malformed(line: lines.count, reason: "comments after the last command belong before it") }
    }

    /// Runs the case in a scratch directory; returns what each command printed and its status, and
    /// the bytes of each expected file afterwards (nil: there is no such file).
    func run() throws -> (commands: [Outcome], files: [String?]) {
        let habit = try Harness(examples: fixture == "examples", now: now, language: environment["LANG"] ?? "en_US.UTF-8")
        habit.environment.merge(environment.mapValues { expand($0, habit) }) { $1 }
        if fixture == "empty" || fixture == "git" {
            guard habit.run(fixture == "git" ? ["init"] : ["init", "--no-git"]).code == 0 else { throw CaseFailure("init failed") }
        }
        func place(_ path: String) -> String {
            let expanded = expand(path, habit)
            return expanded.hasPrefix("/") ? expanded : habit.directory.appendingPathComponent(expanded).path
        }
        for step in steps {
            switch step {
            case .file(let path, let content):
                try writeFile(expand(content, habit), to: place(path))
            case .executable(let path, let content):
                try CaseFile.writeExecutable(expand(content, habit), to: place(path))
            case .link(let path, let target):
                try FileManager.default.createSymbolicLink(atPath: place(path), withDestinationPath: expand(target, habit))
            case .command(let command, let mayFail):
                let expanded = command.map { expand($0, habit) }
                if expanded.first == "git" {
                    try GitCommandLine.run(Array(expanded.dropFirst()), in: habit.root.path, allowFailure: mayFail)
                } else {
                    let result = habit.run(Array(expanded.dropFirst()))
                    guard result.code == 0 || mayFail else { throw CaseFailure("setup `\(command.joined(separator: " "))` failed: \(result.err)") }
                }
            }
        }
        let outcomes = commands.map { command in
            let result = habit.run(command.arguments.map { expand($0, habit) }, terminal: terminal, input: command.input)
            return Outcome(stdout: contract(result.out, habit), stderr: contract(result.err, habit), status: result.code)
        }
        let files = expectedFiles.map { file in
            (try? String(contentsOfFile: place(file.path), encoding: .utf8)).map { contract($0, habit) }
        }
        return (outcomes, files)
    }

    /// Written with O_CLOEXEC: a process another test starts meanwhile must not keep the file open
    /// for writing, or running it fails with "text file busy".
    static func writeExecutable(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        unlink(path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CaseFailure("cannot write \(path)") }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else { throw CaseFailure("cannot write \(path)") }
    }

    static let fixtures = folder.deletingLastPathComponent().appendingPathComponent("Fixtures").path

    func expand(_ text: String, _ habit: Harness) -> String {
        text.replacingOccurrences(of: "$DIRKEY", with: DataDirectory.key(ofRealPath: DataDirectory(path: habit.directory.path).realPath))
            .replacingOccurrences(of: "$DIR", with: habit.directory.path).replacingOccurrences(of: "$ROOT", with: habit.root.path)
            .replacingOccurrences(of: "$FIXTURES", with: CaseFile.fixtures)
    }

    func contract(_ text: String, _ habit: Harness) -> String {
        text.replacingOccurrences(of: habit.directory.path, with: "$DIR").replacingOccurrences(of: habit.root.path, with: "$ROOT")
            .replacingOccurrences(of: CaseFile.fixtures, with: "$FIXTURES")
    }

    /// The file with its expectations replaced by what the commands did.
    func rewritten(_ outcomes: [Outcome], files: [String?]) -> String {
        var lines = header
        func block(_ marker: String, _ text: String) {
            guard !text.isEmpty else { return }
            lines.append(marker)
            lines += text.hasSuffix("\n") ? text.dropLast().components(separatedBy: "\n") : text.components(separatedBy: "\n")
        }
        for (command, outcome) in zip(commands, outcomes) {
            lines += command.preface
            lines.append((["$ habit"] + command.arguments.map { $0.contains(" ") || $0.isEmpty ? "\"\($0)\"" : $0 }).joined(separator: " "))
            if let input = command.input { lines.append("<"); lines += input }
            block(">", outcome.stdout)
            block(">2", outcome.stderr)
            lines.append(">= \(outcome.status)")
        }
        for (file, content) in zip(expectedFiles, files) {
            lines.append("@expect-file \(file.path)")
            if let content, !content.isEmpty {
                lines += content.hasSuffix("\n") ? content.dropLast().components(separatedBy: "\n") : content.components(separatedBy: "\n")
            }
            lines.append("@end")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The patterns of `UPDATE_CASES` (comma-separated, relative to Cases/, `*` as in a shell).
    static var updatePatterns: [String] {
        (ProcessInfo.processInfo.environment["UPDATE_CASES"] ?? "").split(separator: ",").map { String($0) }.filter { !$0.isEmpty }
    }

    static func isNamed(_ path: String, by patterns: [String]) -> Bool {
        patterns.contains { fnmatch($0, path, 0) == 0 }
    }
}

struct CaseFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

@Suite struct CaseTests {
    @Test(arguments: CaseFile.all)
    func runs(_ example: CaseFile) throws {
        if let problem = example.problem {
            Issue.record("\(problem)")
            return
        }
        let missing = example.requirements.filter { TestTools.find($0) == nil }
        if !missing.isEmpty {
            let tools = missing.joined(separator: ", ")
            if TestTools.cannotInstall {
                // A cancelled case is counted as skipped; the line names it in the console too.
                let reason = "\(example.path) needs \(tools), which cannot be installed here (no root and no sudo, or no network)"
                print("skipped: \(reason)")
                try Test.cancel(Comment(rawValue: reason))
            }
            Issue.record("\(example.path) needs \(tools) on PATH: scripts/test installs it (.ci/packages)")
            return
        }
        let result = try example.run()
        if CaseFile.isNamed(example.path, by: CaseFile.updatePatterns) {
            let text = example.rewritten(result.commands, files: result.files)
            let url = CaseFile.folder.appendingPathComponent(example.path)
            if text != (try String(contentsOf: url, encoding: .utf8)) {
                try text.write(to: url, atomically: true, encoding: .utf8)
                Issue.record("rewrote \(example.path) from what the commands did: read its diff before committing")
            }
            return
        }
        for (index, (command, outcome)) in zip(example.commands, result.commands).enumerated() {
            let which = example.commands.count == 1 ? example.path : "\(example.path), command \(index + 1)"
            #expect(outcome.stdout == command.stdout, "stdout of \(which)")
            #expect(outcome.stderr == command.stderr, "stderr of \(which)")
            #expect(outcome.status == command.status, "exit status of \(which)")
        }
        for (file, content) in zip(example.expectedFiles, result.files) {
            #expect(content == file.content, "bytes of \(file.path) after \(example.path)\(content == nil ? " (there is no such file)" : "")")
        }
    }

    @Test func thereAreCases() {
        #expect(CaseFile.all.count > 50)
    }

    /// `UPDATE_CASES=1` (the old spelling) or a mistyped path must not pass for a recording run.
    @Test func updateCasesNamesCases() {
        let paths = CaseFile.all.map(\.path)
        for pattern in CaseFile.updatePatterns {
            #expect(paths.contains { CaseFile.isNamed($0, by: [pattern]) },
                    "UPDATE_CASES names no case with \(pattern); name paths under Cases/, e.g. UPDATE_CASES=done/today.case,ru/done/*.case")
        }
    }
}
