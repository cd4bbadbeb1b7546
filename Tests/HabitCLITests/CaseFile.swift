import Foundation
import Testing
import TestSupport
@testable import HabitCLI

/// A plain-text CLI case, as hledger keeps them: one file per case under `Cases/<command>/`, with
/// the set-up, the command, its standard input, and the expected standard output, standard error
/// and exit status.
///
/// ```
/// # What the case shows.
/// @fixture examples          examples (default), empty (a new plain directory), git (a new
///                            directory with history) or none
/// @now 2026-11-22T10:00      the clock (default)
/// @env LANG=ru_RU.UTF-8      more environment (repeatable)
/// @terminal                  standard output is a terminal (colour, progress)
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
/// $ habit ARGS
/// <                          standard input, one answer per line (stdin is then a terminal)
/// >                          expected standard output
/// >2                         expected standard error
/// >= 0                       expected exit status
/// ```
///
/// `$DIR` stands for the data directory and `$ROOT` for the scratch folder around it, in the
/// arguments and in the expected output; `$FIXTURES` for Tests/HabitCLITests/Fixtures (binary
/// inputs such as a SQLite database, which an `@file` cannot hold). `UPDATE_CASES=1` rewrites the expectations from what the
/// command did, for a new case to be read and checked once.
struct CaseFile: CustomTestStringConvertible, Sendable {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Cases")

    var path: String
    var comments: [String] = []
    var fixture = "examples"
    var now = "2026-11-22T10:00"
    var environment: [String: String] = [:]
    var terminal = false
    /// Set-up steps in the order written: files to write, links to make, commands to run.
    enum Step: Sendable {
        case file(String, String)
        case executable(String, String)
        case link(String, String)
        case command([String], mayFail: Bool)
    }

    var steps: [Step] = []
    var arguments: [String] = []
    var input: [String]?
    var stdout = ""
    var stderr = ""
    var status: Int32 = 0
    /// The header lines, kept as written when the expectations are rewritten.
    var header: [String] = []

    var testDescription: String { path }

    static var all: [CaseFile] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".case") }.sorted().compactMap { try? CaseFile(path: $0) }
    }

    var language: String { environment["LANG"]?.hasPrefix("ru") == true ? "ru" : "en" }

    init(path: String) throws {
        self.path = path
        let text = try String(contentsOf: CaseFile.folder.appendingPathComponent(path), encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        var index = 0
        var block: String? = nil
        var collected: [String] = []
        var sawCommand = false
        func flush() {
            guard let current = block else { return }
            let body = collected.isEmpty ? "" : collected.joined(separator: "\n") + "\n"
            switch current {
            case "<": input = collected
            case ">": stdout = body
            case ">2": stderr = body
            default: break
            }
            collected = []
            block = nil
        }
        while index < lines.count {
            let line = lines[index]
            index += 1
            if block == nil, !sawCommand {
                header.append(line)
                if line.hasPrefix("#") { comments.append(line); continue }
                let words = line.split(separator: " ", maxSplits: 1).map(String.init)
                switch words.first {
                case "@fixture": fixture = words.count > 1 ? words[1] : "examples"
                case "@now": now = words.count > 1 ? words[1] : now
                case "@env":
                    let pair = (words.count > 1 ? words[1] : "").split(separator: "=", maxSplits: 1).map(String.init)
                    environment[pair[0]] = pair.count > 1 ? pair[1] : ""
                case "@terminal": terminal = true
                case "@file", "@exec":
                    var content: [String] = []
                    while index < lines.count, lines[index] != "@end" {
                        content.append(lines[index])
                        header.append(lines[index])
                        index += 1
                    }
                    header.append("@end")
                    index += 1
                    let text = content.joined(separator: "\n") + (content.isEmpty ? "" : "\n")
                    steps.append(words[0] == "@exec" ? .executable(words.count > 1 ? words[1] : "", text) : .file(words.count > 1 ? words[1] : "", text))
                case "@link":
                    let parts = (words.count > 1 ? words[1] : "").split(separator: " ").map(String.init)
                    steps.append(.link(parts.first ?? "", parts.count > 1 ? parts[1] : ""))
                case "@setup": steps.append(.command(Harness.split(words.count > 1 ? words[1] : ""), mayFail: false))
                case "@try": steps.append(.command(Harness.split(words.count > 1 ? words[1] : ""), mayFail: true))
                case "$":
                    sawCommand = true
                    header.removeLast()
                    arguments = Array(Harness.split(words.count > 1 ? words[1] : "").dropFirst())
                default: break
                }
                continue
            }
            if line == "<" || line == ">" || line == ">2" {
                flush()
                block = line
            } else if line.hasPrefix(">= ") {
                flush()
                status = Int32(line.dropFirst(3)) ?? -1
            } else if block != nil {
                collected.append(line)
            }
        }
        flush()
    }

    /// Runs the case in a scratch directory; returns what the command printed and its status.
    func run() throws -> (out: String, err: String, status: Int32) {
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
        let result = habit.run(arguments.map { expand($0, habit) }, terminal: terminal, input: input)
        return (contract(result.out, habit), contract(result.err, habit), result.code)
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
        text.replacingOccurrences(of: "$DIR", with: habit.directory.path).replacingOccurrences(of: "$ROOT", with: habit.root.path)
            .replacingOccurrences(of: "$FIXTURES", with: CaseFile.fixtures)
    }

    func contract(_ text: String, _ habit: Harness) -> String {
        text.replacingOccurrences(of: habit.directory.path, with: "$DIR").replacingOccurrences(of: habit.root.path, with: "$ROOT")
            .replacingOccurrences(of: CaseFile.fixtures, with: "$FIXTURES")
    }

    /// The file with its expectations replaced by what the command did.
    func rewritten(out: String, err: String, status: Int32) -> String {
        var lines = header
        lines.append((["$ habit"] + arguments.map { $0.contains(" ") || $0.isEmpty ? "\"\($0)\"" : $0 }).joined(separator: " "))
        if let input { lines.append("<"); lines += input }
        func block(_ marker: String, _ text: String) {
            guard !text.isEmpty else { return }
            lines.append(marker)
            lines += text.hasSuffix("\n") ? text.dropLast().components(separatedBy: "\n") : text.components(separatedBy: "\n")
        }
        block(">", out)
        block(">2", err)
        lines.append(">= \(status)")
        return lines.joined(separator: "\n") + "\n"
    }
}

struct CaseFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

@Suite struct CaseTests {
    @Test(arguments: CaseFile.all)
    func runs(_ example: CaseFile) throws {
        let result = try example.run()
        if ProcessInfo.processInfo.environment["UPDATE_CASES"] == "1" {
            try example.rewritten(out: result.out, err: result.err, status: result.status)
                .write(to: CaseFile.folder.appendingPathComponent(example.path), atomically: true, encoding: .utf8)
            return
        }
        #expect(result.out == example.stdout, "stdout of \(example.path)")
        #expect(result.err == example.stderr, "stderr of \(example.path)")
        #expect(result.status == example.status, "exit status of \(example.path)")
    }

    @Test func thereAreCases() {
        #expect(CaseFile.all.count > 50)
    }
}
