import Foundation
import Testing
import TestSupport

/// A new user's account: an empty home, no XDG variables, no git identity. The README's session is
/// replayed there command by command and must print what the README shows; and the README's first
/// command, run on the checkout's `examples/`, must leave nothing behind in it (issue 11).
@Suite("A fresh account", .serialized)
struct FreshAccountTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The "A short session" transcript: each `$ command` with the lines it prints.
    static func readmeSession() throws -> [(command: String, expected: [String])] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        guard let section = readme.range(of: "## A short session"),
              let open = readme.range(of: "```\n", range: section.upperBound..<readme.endIndex),
              let close = readme.range(of: "\n```", range: open.upperBound..<readme.endIndex) else {
            throw Failure("README.md has no \"A short session\" block")
        }
        var steps: [(command: String, expected: [String])] = []
        for line in readme[open.upperBound..<close.lowerBound].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("$ ") {
                steps.append((String(line.dropFirst(2)), []))
            } else if !steps.isEmpty {
                steps[steps.count - 1].expected.append(String(line))
            }
        }
        return steps
    }

    /// Whether `actual` is `expected`, where a line "…" in `expected` stands for any lines.
    static func matches(_ actual: [String], _ expected: [String]) -> Bool {
        guard let gap = expected.firstIndex(of: "…") else { return actual == expected }
        let head = Array(expected[..<gap]), tail = Array(expected[(gap + 1)...])
        return actual.count >= head.count + tail.count && Array(actual.prefix(head.count)) == head && Array(actual.suffix(tail.count)) == tail
    }

    /// Shell-like words of a README command (double quotes only, as the README uses).
    static func words(_ command: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        for character in command {
            if character == "\"" { quoted.toggle(); continue }
            if character == " " && !quoted {
                if !current.isEmpty { words.append(current); current = "" }
                continue
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    @Test("bare habit prints the guide, init creates every missing folder, and the README session prints what the README shows")
    func readmeSessionOnAFreshAccount() throws {
        let scratch = try ScratchDirectory("fresh")
        let home = scratch.sub("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        // Nothing but what a login gives: no XDG variables, no git identity, no HABIT_DIR.
        let environment = ["HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HABIT_NOW": "2026-11-22T10:00"]
        func habit(_ arguments: [String]) throws -> ProcessOutcome {
            try ChildProcess(BuiltProduct.habit!, arguments, environment: environment, scratch: scratch.path).wait()
        }

        let guide = try habit([])
        #expect(guide.succeeded, "\(guide.all)")
        #expect(guide.out.contains("habit init"), "without a terminal, bare habit prints the guide: \(guide.out)")
        #expect(!FileManager.default.fileExists(atPath: home + "/.local"), "and creates nothing")

        for step in try Self.readmeSession() {
            let actual: String
            if step.command.hasPrefix("cat ~/") {
                actual = (try? String(contentsOfFile: home + "/" + step.command.dropFirst(6), encoding: .utf8)) ?? "(missing)"
            } else {
                let words = Self.words(step.command)
                try #require(words.first == "habit", "README commands run habit: \(step.command)")
                let outcome = try habit(Array(words.dropFirst()))
                actual = outcome.out + outcome.err
            }
            var lines = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            let expected = step.expected.map { $0.replacingOccurrences(of: "/home/me", with: home) }
            #expect(Self.matches(lines, expected), "$ \(step.command)\nREADME:\n\(expected.joined(separator: "\n"))\nactual:\n\(actual)")
        }
        let data = home + "/.local/share/habit"
        let status = try GitCommandLine.run(["status", "--porcelain", "--ignored"], in: data)
        #expect(status.isEmpty, "nothing is left beside the data, not even the lock: \(status)")
        let log = try GitCommandLine.run(["log", "--format=%an <%ae>"], in: data)
        #expect(!log.isEmpty, "commits were made without a git identity")
    }

    @Test("the README's first command writes nothing into the checkout's examples/", arguments: [
        [], ["list"], ["stats"], ["show", "read"], ["cal"], ["week"], ["check"], ["log"], ["status"], ["list", "--json"],
    ])
    func readOnlyCommandsLeaveExamplesAlone(_ arguments: [String]) throws {
        let examples = Self.root.appendingPathComponent("examples").path
        let scratch = try ScratchDirectory("examples")
        let environment = ["HOME": scratch.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HABIT_NOW": "2026-11-22T10:00"]
        let before = try GitCommandLine.run(["status", "--porcelain", "--ignored", "--untracked-files=all", "--", "examples"],
                                            in: Self.root.path)
        let outcome = try ChildProcess(BuiltProduct.habit!, ["--dir", examples] + arguments, environment: environment, scratch: scratch.path).wait()
        #expect(outcome.signal == nil, "\(outcome.all)")
        let after = try GitCommandLine.run(["status", "--porcelain", "--ignored", "--untracked-files=all", "--", "examples"],
                                           in: Self.root.path)
        #expect(after == before, "habit \(arguments.joined(separator: " ")) left files in examples/: \(after)")
        #expect(after.isEmpty, "examples/ holds tracked files only: \(after)")
    }
}
