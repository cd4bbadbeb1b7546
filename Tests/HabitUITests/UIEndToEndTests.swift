import Foundation
import HabitKit
import HabitStore
import Testing
import TestSupport

/// `habit ui` on a real pseudo-terminal (tmux) under an interactive bash, waiting for text after
/// every key: a mark made with Space is a line in the file and a commit; a `habit done` from
/// another process appears by itself; a file broken by hand is named and left alone; `q` gives
/// the terminal back as it was.
@Suite("habit ui end to end", .serialized,
       .enabled(if: TerminalSession.tmux != nil && BuiltProduct.path("habit") != nil, "tmux or habit is missing"))
struct UIEndToEndTests {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples").path

    @Test func spaceMarksAnOutsideChangeAppearsAndQRestoresTheTerminal() throws {
        let scratch = try ScratchDirectory("habit-ui")
        let data = scratch.sub("data")
        try FileManager.default.copyItem(atPath: Self.examples, toPath: data)
        #expect(try Habits(directory: DataDirectory(path: data), cache: nil, clock: { 1_795_000_000 }).enableHistory())
        try writeFile("PS1='shell\\076 '\n", to: scratch.sub("bashrc"))
        let habit = try #require(BuiltProduct.path("habit"))
        // Monday 23 November: the examples' data ends the day before.
        let environment = ["PATH": "/usr/bin:/bin", "HOME": scratch.path, "LANG": "C.UTF-8", "HABIT_DIR": data,
                           "HABIT_NOW": "2026-11-23T12:00", "XDG_CACHE_HOME": scratch.sub("cache"),
                           "SWIFT_BACKTRACE": "interactive=no,color=no"]
        var terminal: TerminalSession? = try TerminalSession(["/bin/bash", "--rcfile", scratch.sub("bashrc"), "--noprofile", "-i"],
                                                             environment: environment, scratch: scratch.path, width: 80, height: 24)
        defer { terminal = nil }
        let tmux = try #require(terminal)
        try tmux.waitFor("shell>")
        try tmux.type("stty -a > \(scratch.sub("before.txt")); '\(habit)' ui; echo \"status=$?\"; stty -a > \(scratch.sub("after.txt")); echo done-$((999+1))")
        try tmux.press("Enter", thenWaitFor: "Monday, 23 November 2026")
        #expect(try tmux.query("#{alternate_on}") == "1")

        // Space on the only card the search keeps: the file gains its line, and a commit is made.
        try tmux.type("/read")
        try tmux.press("Enter", thenWaitFor: "/ read")
        #expect(try !tmux.screen().contains("Morning run"))
        try tmux.press("Space", thenWaitFor: "✓")
        #expect(readFile(data + "/trackers/read-20-pages.toml").contains("2026-11-23 = true\n"))
        #expect(try GitCommandLine.run(["log", "-1", "--format=%s"], in: data) == "done: Read 20 pages 2026-11-23\n")

        // A `habit done` elsewhere shows without a key.
        try tmux.press("Escape", thenWaitFor: "/ Search")  // Esc and a key at once would be Alt and the key
        try tmux.type("/run")
        try tmux.press("Enter", thenWaitFor: "/ run")
        #expect(try !tmux.screen().contains("✓"))
        try runTool(habit, ["done", "run"], scratch: scratch.path, environment: environment)
        try tmux.waitFor("✓")

        // A hand edit that breaks a file is named at the top as file:line:column and never written.
        let broken = "name = \"Spanish lesson\"\ncategory = = \"Study\"\n"
        try writeFile(broken, to: data + "/trackers/spanish.toml")
        try tmux.waitFor("trackers/spanish.toml:2:")
        try tmux.press("Space", thenWaitFor: "○")

        // The command line holds `done-$((999+1))`, so only the shell's output says "done-1000":
        // habit has exited and the status and the terminal's settings are written.
        try tmux.press("q", thenWaitFor: "done-1000")
        #expect(readFile(data + "/trackers/spanish.toml") == broken)
        #expect(try tmux.transcript().contains("status=0"))
        #expect(try tmux.query("#{alternate_on}") == "0", "the alternate screen is off")
        #expect(try tmux.query("#{cursor_flag}") == "1", "the cursor is shown")
        let before = readFile(scratch.sub("before.txt")), after = readFile(scratch.sub("after.txt"))
        #expect(!before.isEmpty && before == after, "stty -a before and after differ:\n\(before)\n---\n\(after)")
    }
}
