import Foundation
import Testing
import TestSupport

/// Names and text from arguments, data files and git history never reach the terminal raw: no
/// escape sequence, C1 control or bidirectional override comes out of any command, and no name can
/// place a file outside `trackers/`.
@Suite("Names and terminal output")
struct TerminalSafetyTests {
    static let hostileNames = [
        "../../../outside", "a/b", "/etc/passwd", "..", ".hidden", "\u{1B}[31mred\u{1B}[0m", "\u{1B}]0;pwned\u{07}",
        "\u{202E}evil\u{202C}", "\u{2066}iso\u{2069}", "\u{9B}31mcsi", "line\rback", "tab\there", "\u{200F}rlm",
        String(repeating: "x", count: 10_000), String(repeating: "🏃", count: 39),
    ]

    /// Scalars that must never appear raw in terminal output.
    static func unsafeScalars(_ text: String, allowBidi: Bool = false) -> [String] {
        text.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x0A, 0x09: return false  // newline and tab are how output is laid out
            case 0x00...0x1F, 0x7F...0x9F: return true
            case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return !allowBidi
            default: return false
            }
        }.map { String(format: "U+%04X", $0.value) }
    }

    static func expectSafe(_ outcome: ProcessOutcome, _ what: String, allowBidi: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(outcome.signal == nil, "\(what) crashed", sourceLocation: sourceLocation)
        let found = unsafeScalars(outcome.out, allowBidi: allowBidi) + unsafeScalars(outcome.err, allowBidi: allowBidi)
        #expect(found.isEmpty, "\(what) printed raw \(Set(found).sorted()): \(outcome.all.debugDescription.prefix(400))",
                sourceLocation: sourceLocation)
    }

    @Test("hostile names given as arguments are refused or stored safely inside trackers/")
    func namesFromArguments() throws {
        let directory = try HabitDirectory(label: "names")
        #expect(directory.run(["category", "add", "Health"]).succeeded)
        var accepted = 0
        for name in TerminalSafetyTests.hostileNames {
            let category = directory.run(["category", "add", name])
            TerminalSafetyTests.expectSafe(category, "category add \(name.debugDescription.prefix(40))")
            let add = directory.run(["add", name, "--category", "Health", "--daily"])
            TerminalSafetyTests.expectSafe(add, "add \(name.debugDescription.prefix(40))")
            if add.succeeded { accepted += 1 }
            let described = directory.run(["add", "Desc \(accepted)", "--category", "Health", "--daily", "--description", name])
            TerminalSafetyTests.expectSafe(described, "add --description")
        }
        // Every tracker file is a slug inside trackers/, and nothing appeared next to the data directory.
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/trackers")
        for file in files {
            #expect(file.range(of: "^[a-z0-9-]+\\.toml$", options: .regularExpression) != nil, "file name \(file.debugDescription)")
        }
        let siblings = try FileManager.default.contentsOfDirectory(atPath: directory.scratch.path).filter { !$0.hasPrefix(".") }
        #expect(Set(siblings) == ["data", "home"], "\(siblings)")
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/outside.toml"))
        #expect(accepted > 0)

        // Everything the directory now holds prints safely, including the commit messages.
        for arguments in [["list"], ["check"], ["category", "list"], ["log", "--limit", "100"], ["status"], ["stats"], ["week"], ["cal"]] {
            TerminalSafetyTests.expectSafe(directory.run(arguments), arguments.joined(separator: " "))
        }
        for id in files.map({ String($0.dropLast(5)) }) {
            TerminalSafetyTests.expectSafe(directory.run(["show", id]), "show \(id)")
        }
        #expect(directory.run(["check"]).succeeded)
    }

    @Test("hand-written files with escape sequences in every text field print escaped")
    func namesFromFiles() throws {
        let directory = try HabitDirectory(label: "files")
        let escape = "\\u001B]0;title\\u0007\\u001B[2J\\u009B1m\\u202Eevil"
        try directory.write("habit.toml", """
            categories = ["Health", "Ev\(escape)il", "\\u202Eright", "x\\u0000y", "\(String(repeating: "c", count: 10_000))"]
            week_starts_on = "mon\(escape)"

            """)
        try directory.write("trackers/esc.toml", """
            name = "Bad\(escape)"
            category = "Health"
            schedule = "daily"
            description = "desc\(escape)"

            """)
        try directory.write("trackers/bidi.toml", """
            name = "\\u202Ebidi\\u2066x"
            category = "Health"
            schedule = ["mon", "tue\(escape)"]
            emoji = "\\u001B[5m"
            color = "\\u001B[41m"
            goal = "\\u001B[1m30d"

            """)
        try directory.write("trackers/ok.toml", """
            name = "Fine \\u202E reversed"
            category = "Ev\(escape)il"
            schedule = "daily"
            description = "\(escape) and a NUL \\u0000 and DEL \\u007F"
            start = 2026-11-01
            unknown = "\(escape)"

            [log]
            2026-11-02 = true

            """)
        try directory.write("trackers/nul.toml", "name = \"N\u{1B}[31m\"\0\ncategory = \"Health\"\n")
        try directory.write("trackers/\u{1B}[31mfile.toml", "name = \"F\"\ncategory = \"Health\"\nschedule = \"daily\"\n")
        try directory.write("trackers/raw.toml", "name = \"raw \u{1B}[31m \u{9B}2J \u{202E}\"\n# \u{1B}]0;title\u{07}\ncategory = \"Health\"\nschedule = \"daily\"\n")
        try directory.git(["add", "-A"])
        try directory.git(["-c", "user.name=\u{1B}[2Jauthor", "-c", "user.email=e@x", "commit", "-q", "-m", "hand \u{1B}]0;title\u{07} \u{202E}edit"])

        let commands: [[String]] = [
            ["list"], ["list", "--date", "2026-11-02"], ["check"], ["category", "list"], ["log"], ["log", "--limit", "50"],
            ["status"], ["show", "fine"], ["show", "ok"], ["stats"], ["week"], ["cal"], ["done", "ok", "--date", "2026-11-03"],
            ["done", "esc"], ["edit", "ok", "--description", "x"], ["list", "--search", "\u{1B}[31m"],
        ]
        for arguments in commands {
            TerminalSafetyTests.expectSafe(directory.run(arguments), arguments.joined(separator: " ").debugDescription)
        }
        // JSON escapes controls its own way; what matters is that no raw control byte gets out.
        for arguments in [["list", "--json"], ["check", "--json"], ["category", "list", "--json"], ["log", "--json"], ["status", "--json"]] {
            TerminalSafetyTests.expectSafe(directory.run(arguments), arguments.joined(separator: " "), allowBidi: true)
        }
        let check = directory.run(["check"])
        #expect(check.status == 1)
        #expect(check.all.contains("\\u{1B}"), "escapes are shown escaped: \(check.all.prefix(600))")
    }
}
