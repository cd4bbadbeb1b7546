import Foundation
import Testing

/// Processes and clocks enter the program in one module, HabitSystem: a reader finds every
/// child process and every reading of the time there, and a fixed clock (`HABIT_NOW`) cannot be
/// bypassed by a stray `Date()`.
@Suite struct SystemAccessTests {
    /// What starts a process or reads a clock, in Swift or C.
    static let forbidden: [(what: String, pattern: String)] = [
        ("starts a process", #"\bposix_spawnp?\b"#),
        ("starts a process", #"\b(v?fork|popen|system|exec[lv]p?e?|execvpe|fexecve)\s*\("#),
        ("reads the clock", #"\b(clock_gettime|gettimeofday|timespec_get|ftime)\s*\("#),
        ("reads the clock", #"(?<![\w.])time\s*\("#),
        ("reads the clock", #"\bDate\s*\(\s*\)"#),
        ("reads the clock", #"\b(Date|ContinuousClock|SuspendingClock)(\(\))?\.now\b"#),
        ("reads the clock", #"(?<![\w)\]])\.now\b"#),
        ("reads the clock", #"\b(timeIntervalSinceNow|CFAbsoluteTimeGetCurrent)\b"#),
        ("reads the clock", #"\b(ContinuousClock|SuspendingClock)\s*\(\s*\)"#),
    ]

    /// Targets that must stand alone and so cannot use HabitSystem: TerminalUI is publishable by
    /// itself like TOML (its own test allows it the C library only) and times its key escapes and
    /// ticks with a monotonic clock; terminal-demo is its test program.
    static let standalone: Set<String> = ["TerminalUI", "terminal-demo"]

    /// Source files outside HabitSystem (paths relative to Sources/), with comments removed.
    static func sources() throws -> [(file: String, code: String)] {
        let folder = DependencyTests.root.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [(String, String)] = []
        for case let relative as String in walker
        where [".swift", ".c", ".h"].contains(where: relative.hasSuffix) && !relative.hasPrefix("HabitSystem/")
            && !standalone.contains(String(relative.prefix { $0 != "/" })) {
            let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
            found.append((relative, withoutComments(text)))
        }
        return found
    }

    /// The text with `//` and `/* */` comments blanked (lines kept, so line numbers hold).
    static func withoutComments(_ text: String) -> String {
        let block = try! NSRegularExpression(pattern: #"/\*[\s\S]*?\*/"#)
        var result = text
        for match in block.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            let range = Range(match.range, in: result)!
            result.replaceSubrange(range, with: String(result[range].filter { $0 == "\n" }))
        }
        return result.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard let comment = line.range(of: "//") else { return String(line) }
            return String(line[..<comment.lowerBound])
        }.joined(separator: "\n")
    }

    static func violations(in files: [(file: String, code: String)]) -> [String] {
        var problems: [String] = []
        for (file, code) in files {
            for (number, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for (what, pattern) in forbidden where String(line).range(of: pattern, options: .regularExpression) != nil {
                    problems.append("Sources/\(file):\(number + 1): \(what); use HabitSystem (\(line.trimmingCharacters(in: .whitespaces)))")
                }
            }
        }
        return problems
    }

    @Test func onlyHabitSystemStartsProcessesOrReadsTheClock() throws {
        let problems = Self.violations(in: try Self.sources())
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// The CLI parses, asks and renders: a file it needs is read by HabitSystem (the clock file)
    /// or HabitStore and HabitKit (data, state), never opened by the CLI itself.
    static let opensAFile = #"(?<![\w.])(open|fopen|openat|creat)\s*\("#

    @Test func theCLIOpensNoFile() throws {
        let problems = try Self.sources().filter { $0.file.hasPrefix("HabitCLI/") || $0.file.hasPrefix("habit/") }.flatMap { file, code in
            code.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .filter { String($0.element).range(of: Self.opensAFile, options: .regularExpression) != nil }
                .map { "Sources/\(file):\($0.offset + 1): opens a file; use HabitSystem or HabitStore" }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect("let fd = open(path, O_RDONLY)".range(of: Self.opensAFile, options: .regularExpression) != nil)
        #expect("fopen(path, \"rb\")".range(of: Self.opensAFile, options: .regularExpression) != nil)
        #expect("try ImportFiles.open(path)".range(of: Self.opensAFile, options: .regularExpression) == nil)
        #expect("func reopen(x)".range(of: Self.opensAFile, options: .regularExpression) == nil)
    }

    @Test func theCheckSeesWhatItForbids() {
        // Each of these must be caught, or the check above proves nothing.
        let caught = ["posix_spawn(&pid, path, nil, nil, argv, envp)", "let pid = fork()", "execvp(argv[0], argv)",
                      "popen(\"ls\", \"r\")", "system(\"ls\")", "clock_gettime(CLOCK_REALTIME, &now)", "let t = time(nil)",
                      "gettimeofday(&now, nil)", "let now = Date()", "Date.now", "ContinuousClock.now", "deadline = .now + timeout",
                      "private let clock = ContinuousClock()"]
        for line in caught {
            #expect(Self.violations(in: [("X.swift", line)]).count >= 1, "not caught: \(line)")
        }
        let allowed = ["self.now = now", "context.now.timeIntervalSince1970", "var time = time_t(seconds)",
                       "// Date() is read in HabitSystem", "let deadline = SystemClock.continuousNow + timeout",
                       "Subprocess.run(git, [\"credential\"], environment: environment)"]
        for line in allowed {
            #expect(Self.violations(in: [("X.swift", Self.withoutComments(line))]).isEmpty, "wrongly caught: \(line)")
        }
        #expect(Self.withoutComments("a /* fork() */ b\n// system(x)\nc") == "a  b\n\nc")
    }
}
