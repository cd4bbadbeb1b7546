import Foundation
import Testing
import TestSupport

/// The real `habit` on a real pseudo-terminal (tmux), with the system's real `vi`: what a person
/// sees and types at the first steps (issue 11). In CI tmux and vi are installed by
/// `scripts/test`; elsewhere a missing one is named in the skip.
@Suite("On a real terminal", .serialized, .enabled(if: TerminalSession.tmux != nil, "tmux is not installed"))
struct TerminalTests {
    static let vi: String? = ["/usr/bin/vi", "/bin/vi"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static func session(_ directory: HabitDirectory, _ arguments: [String], environment extra: [String: String] = [:],
                        width: Int = 80) throws -> TerminalSession {
        var environment = directory.environment
        environment["TMPDIR"] = directory.scratch.sub("tmp")
        try FileManager.default.createDirectory(atPath: environment["TMPDIR"]!, withIntermediateDirectories: true)
        environment.merge(extra) { $1 }
        return try TerminalSession([BuiltProduct.habit!] + arguments, environment: environment, scratch: directory.scratch.path, width: width)
    }

    static func tracker() throws -> HabitDirectory {
        let directory = try HabitDirectory(label: "pty")
        #expect(directory.run(["category", "add", "Health"]).succeeded)
        #expect(directory.run(["add", "Run", "--category", "Health", "--daily", "--start", "2026-11-01"]).succeeded)
        return directory
    }

    @Test("habit edit opens the system's vi in the foreground; the saved change is checked and committed",
          .enabled(if: vi != nil, "vi is not installed"))
    func editWithRealVi() throws {
        let directory = try Self.tracker()
        let terminal = try Self.session(directory, ["edit", "run"])
        try terminal.waitFor("schedule = \"daily\"")
        try terminal.enter(":%s/\"daily\"/[\"mon\", \"thu\"]/")
        try terminal.enter(":wq")
        let status = try terminal.waitForExit()
        let screen = try terminal.transcript()
        #expect(status == 0, "\(screen)")
        #expect(screen.contains("Updated “Run”"), "\(screen)")
        #expect(directory.text("trackers/run.toml").contains("schedule = [\"mon\", \"thu\"]"))
        #expect(try directory.git(["log", "-1", "--format=%s"]).hasPrefix("edit: Run"))
        #expect(try directory.git(["status", "--porcelain"]).isEmpty, "the edit is committed")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.scratch.sub("tmp"))
        #expect(leftovers.isEmpty, "the editor's temporary copy is gone: \(leftovers)")
    }

    @Test("a broken save in vi is shown with its line and offered again; declining writes nothing",
          .enabled(if: vi != nil, "vi is not installed"))
    func brokenEditInRealVi() throws {
        let directory = try Self.tracker()
        let before = directory.snapshot()
        let terminal = try Self.session(directory, ["edit", "run"])
        try terminal.waitFor("pinned = false")
        try terminal.enter(":%s/pinned = false/pinned = maybe/")
        try terminal.enter(":wq")
        try terminal.waitFor("Edit again?")
        let shown = try terminal.screen()
        #expect(shown.contains("trackers/run.toml:4:"), "the error names file and line: \(shown)")
        try terminal.enter("n")
        #expect(try terminal.waitForExit() == 0, "declining is a choice, as with every confirmation")
        #expect(try terminal.transcript().contains("Cancelled; nothing was changed."))
        #expect(directory.snapshot() == before, "nothing was written")
    }

    @Test("interactive add asks again after each wrong answer and keeps the answers given")
    func interactiveAddAsksAgain() throws {
        let directory = try HabitDirectory(label: "pty")
        #expect(directory.run(["category", "add", "Health"]).succeeded)
        let terminal = try Self.session(directory, ["add"])
        try terminal.waitFor("Name:")
        for (answer, next) in [("A name that is far too long for any habit tracker", "Try again."), ("Run", "Category"),
                               ("9", "is not one of the numbers shown"), ("Helth", "Create it?"), ("n", "Category (number or name): "),
                               ("1", "(h/e)"), ("x", "Answer h (habit) or e (event)"), ("h", "Schedule"), ("mon,wed,frx", "is not a schedule"),
                               ("mon,wed,fri", "Emoji"), ("", "Colour"), ("", "Description"), ("", "Start"), ("", "Goal")] {
            try terminal.enter(answer)
            try terminal.waitFor(next)
        }
        try terminal.press("Enter")
        let status = try terminal.waitForExit()
        let screen = try terminal.screen()
        #expect(status == 0, "\(screen)")
        #expect(screen.contains("Added “Run” to Health."), "\(screen)")
        let file = directory.text("trackers/run.toml")
        #expect(file.contains("category = \"Health\"") && file.contains("schedule = [\"mon\", \"wed\", \"fri\"]"), "\(file)")
        #expect(try directory.git(["log", "-1", "--format=%s"]).hasPrefix("add: Run"))
        #expect(!directory.text("habit.toml").contains("Helth"), "a typo did not become a category")
    }

    @Test("Ctrl-C at a prompt writes nothing and exits 130")
    func interruptWritesNothing() throws {
        let directory = try HabitDirectory(label: "pty")
        #expect(directory.run(["category", "add", "Health"]).succeeded)
        let before = directory.snapshot()
        let head = try directory.git(["rev-parse", "HEAD"])
        let terminal = try Self.session(directory, ["add"])
        try terminal.waitFor("Name:")
        try terminal.enter("Run")
        try terminal.waitFor("Category")
        try terminal.press("C-c")
        #expect(try terminal.waitForExit() == 130)
        #expect(directory.snapshot() == before)
        #expect(try directory.git(["rev-parse", "HEAD"]) == head)
    }

    @Test("the first run on a fresh account shows the welcome pages, then makes the directory and the categories")
    func onboardingPages() throws {
        let scratch = try ScratchDirectory("pty-fresh")
        let home = scratch.sub("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let environment = ["HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HABIT_NOW": "2026-11-22T10:00",
                           "GIT_CONFIG_NOSYSTEM": "1"]
        let terminal = try TerminalSession([BuiltProduct.habit!], environment: environment, scratch: scratch.path)
        try terminal.waitFor("(1/3)")
        #expect(try terminal.screen().contains("Welcome to habit"))
        try terminal.press("Enter", thenWaitFor: "(2/3)")
        try terminal.press("Right", thenWaitFor: "(3/3)")
        try terminal.press("Enter", thenWaitFor: "Create the data directory")
        try terminal.press("Enter", thenWaitFor: "Start with the categories")
        try terminal.press("Enter")
        let status = try terminal.waitForExit()
        let screen = try terminal.screen()
        #expect(status == 0, "\(screen)")
        let settings = (try? String(contentsOfFile: home + "/.local/share/habit/habit.toml", encoding: .utf8)) ?? ""
        #expect(settings.contains("\"Quit a bad habit\""), "\(settings)")
        #expect(!FileManager.default.fileExists(atPath: home + "/.local/share/habit/.habit-cache"))
        for line in screen.split(separator: "\n") { #expect(line.count <= 80, "fits the terminal: \(line)") }
    }

    @Test("q on the first page skips the rest of the welcome")
    func onboardingSkipped() throws {
        let scratch = try ScratchDirectory("pty-skip")
        let home = scratch.sub("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let terminal = try TerminalSession([BuiltProduct.habit!], environment: ["HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"],
                                           scratch: scratch.path)
        try terminal.waitFor("(1/3)")
        try terminal.press("q", thenWaitFor: "Create the data directory")
        #expect(!(try terminal.screen()).contains("(2/3)"))
        try terminal.enter("n")
        #expect(try terminal.waitForExit() == 0)
        #expect(!FileManager.default.fileExists(atPath: home + "/.local/share/habit"), "declining creates nothing")
    }
}
