import Foundation
import HabitKit
import HabitStore
import Testing
import TestSupport

/// More of `habit ui` on a real pseudo-terminal (tmux) under an interactive bash, waiting for text
/// after every key: the first run's pages on a fresh account, search, filter, calendar and
/// statistics, the `$EDITOR` round trip, Ctrl-Z and `fg`, a resize, a crash, `S`. After each
/// exit `stty -a` shows the terminal as before and the alternate screen is off.
@Suite("habit ui end to end: first run, screens, editor, job control, crash", .serialized,
       .enabled(if: TerminalSession.tmux != nil && BuiltProduct.path("habit") != nil, "tmux or habit is missing"))
struct UILiveEndToEndTests {
    /// A shell in tmux, `habit ui` started from it between two `stty -a`.
    struct Run {
        let scratch: ScratchDirectory
        let tmux: TerminalSession
        let environment: [String: String]
        let habit: String
        let marker: String

        /// What runs after the app: its status, `stty -a`, the marker.
        let afterwards: String

        /// `alone`: the app is the command line's only job, so that after Ctrl-Z the rest of the
        /// line does not run; `afterwards` is then typed after `fg`.
        /// `program`: the command line that starts the app, `habit ui` by default.
        init(_ name: String, environment extra: [String: String] = [:], examples: Bool = true, arguments: String = "",
             program: String? = nil, alone: Bool = false, width: Int = 80, height: Int = 24) throws {
            scratch = try ScratchDirectory(name)
            habit = try #require(BuiltProduct.path("habit"))
            var environment = ["PATH": "/usr/bin:/bin", "HOME": scratch.path, "LANG": "C.UTF-8",
                               "SWIFT_BACKTRACE": "interactive=no,color=no"]
            if examples {
                let data = scratch.sub("data")
                try FileManager.default.copyItem(atPath: UIEndToEndTests.examples, toPath: data)
                #expect(try Habits(directory: DataDirectory(path: data), cache: nil, clock: { 1_795_000_000 }).enableHistory())
                environment["HABIT_DIR"] = data
                environment["HABIT_NOW"] = "2026-11-23T12:00"
                environment["XDG_CACHE_HOME"] = scratch.sub("cache")
            }
            environment.merge(extra) { $1 }
            self.environment = environment
            try writeFile("PS1='shell\\076 '\n", to: scratch.sub("bashrc"))
            tmux = try TerminalSession(["/bin/bash", "--rcfile", scratch.sub("bashrc"), "--noprofile", "-i"],
                                       environment: environment, scratch: scratch.path, width: width, height: height)
            // Printed by arithmetic, so the command line itself does not show it.
            marker = "ended-\(name.count * 7919)"
            try tmux.waitFor("shell>")
            afterwards = "echo \"status=$?\"; stty -a > \(scratch.sub("after.txt")); echo ended-$((\(name.count) * 7919))"
            let app = program ?? "'\(habit)' ui \(arguments)"
            try tmux.type("stty -a > \(scratch.sub("before.txt")); \(app)" + (alone ? "" : "; " + afterwards))
            try tmux.press("Enter")
        }

        var data: String { environment["HABIT_DIR"] ?? scratch.path + "/.local/share/habit" }

        /// Waits for the shell after the app, and checks the terminal is as it was.
        func expectRestored(status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation) throws {
            try tmux.waitFor(marker)
            #expect(try tmux.transcript().contains("status=\(status)"), sourceLocation: sourceLocation)
            #expect(try tmux.query("#{alternate_on}") == "0", "the alternate screen is off", sourceLocation: sourceLocation)
            #expect(try tmux.query("#{cursor_flag}") == "1", "the cursor is shown", sourceLocation: sourceLocation)
            let before = readFile(scratch.sub("before.txt")), after = readFile(scratch.sub("after.txt"))
            #expect(!before.isEmpty && before == after, "stty -a before and after differ:\n\(before)\n---\n\(after)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test func theFirstRunShowsThePagesAndTheButtonCreatesTheDirectory() throws {
        // A fresh account: an empty HOME, no XDG variables, no HABIT_DIR.
        let run = try Run("habit-ui-first", examples: false)
        let tmux = run.tmux
        try tmux.waitFor("Welcome to habit")
        #expect(try tmux.screen().contains("● ○ ○"))
        #expect(try tmux.screen().contains("Awesome tech!"))
        #expect(try tmux.query("#{alternate_on}") == "1")
        try tmux.press("Right", thenWaitFor: "○ ● ○")
        #expect(try tmux.screen().contains("Your data is plain text"))
        try tmux.press("Right", thenWaitFor: "History and sync")
        try tmux.press("Left", thenWaitFor: "Your data is plain text")
        #expect(!FileManager.default.fileExists(atPath: run.data), "nothing is created before the button")
        try tmux.press("Enter", thenWaitFor: "What shall we track?")
        #expect(try tmux.screen().contains(" Trackers "))
        #expect(FileManager.default.fileExists(atPath: run.data + "/habit.toml"))
        #expect(FileManager.default.fileExists(atPath: run.data + "/trackers"))
        #expect(try GitCommandLine.run(["log", "--format=%s"], in: run.data).hasPrefix("init: habit data directory"), "history is on, as habit init makes it")
        try tmux.press("q")
        try run.expectRestored()
    }

    @Test func theFirstRunInRussianAndQLeavesWithoutCreating() throws {
        let run = try Run("habit-ui-first-ru", environment: ["LANG": "ru_RU.UTF-8"], examples: false)
        let tmux = run.tmux
        try tmux.waitFor("Добро пожаловать в habit")
        #expect(try tmux.screen().contains("Вот это технологии"))
        try tmux.press("q")
        try run.expectRestored()
        #expect(!FileManager.default.fileExists(atPath: run.data))
    }

    @Test func searchFilterCalendarAndStatistics() throws {
        let run = try Run("habit-ui-screens")
        let tmux = run.tmux
        try tmux.waitFor("Monday, 23 November 2026")
        try tmux.type("/spanish", thenWaitFor: "/ spanish")
        #expect(try !tmux.screen().contains("Morning run"))
        try tmux.type("zz", thenWaitFor: "Nothing found")
        try tmux.press("Escape", thenWaitFor: "Morning run")

        // The filter sheet: the current filter checked; Completed keeps no card on a day with none done.
        try tmux.press("f", thenWaitFor: "✓ All trackers")
        try tmux.press("j", "j", "Enter", thenWaitFor: "Nothing found")
        try tmux.press("f", thenWaitFor: "✓ Completed")
        try tmux.press("k", "k", "Enter", thenWaitFor: "Morning run")

        // The calendar picks a day: two days back, then Enter shows it.
        try tmux.press("g", thenWaitFor: "November 2026")
        try tmux.press("h", "h", "Enter", thenWaitFor: "Saturday, 21 November 2026")
        try tmux.press("t", thenWaitFor: "Monday, 23 November 2026")

        // The statistics tab, with its columns' header row.
        try tmux.press("Tab", thenWaitFor: "Best streak")
        let statistics = try tmux.screen()
        #expect(statistics.contains("strength") && statistics.contains("current / best"), "the columns' header row:\n\(statistics)")
        try tmux.press("Tab", thenWaitFor: "Monday, 23 November 2026")
        try tmux.press("q")
        try run.expectRestored()
    }

    @Test func eEditsTheFileInTheEditorAndComesBack() throws {
        let scratch = try ScratchDirectory("habit-ui-editor-script")
        // An editor that adds a comment to the file it is given.
        let editor = scratch.sub("editor.sh")
        try writeFile("#!/bin/sh\nprintf '# edited in the editor\\n' >> \"$1\"\n", to: editor)
        #expect(chmod(editor, 0o755) == 0)
        let run = try Run("habit-ui-editor", environment: ["EDITOR": editor, "VISUAL": editor])
        let tmux = run.tmux
        try tmux.waitFor("Monday, 23 November 2026")
        try tmux.type("/read")
        try tmux.press("Enter", thenWaitFor: "/ read")
        try tmux.press("e")
        var edited = false
        for _ in 0..<100 where !edited {
            edited = readFile(run.data + "/trackers/read-20-pages.toml").hasSuffix("# edited in the editor\n")
            if !edited { usleep(100_000) }
        }
        #expect(edited, "the editor's change is in the file")
        try tmux.waitFor("Read 20 pages")
        #expect(try tmux.query("#{alternate_on}") == "1", "back on the app's screen")
        #expect(try GitCommandLine.run(["log", "-1", "--format=%s"], in: run.data).contains("Read 20 pages"))
        try tmux.press("q")
        try run.expectRestored()
    }

    /// Reported: an editor that changes nothing left "No change; nothing was written." on the
    /// normal screen while the app was away, where nobody saw it. It is the app's status line
    /// now, until the next key, and the normal screen gets nothing.
    @Test func anEditorThatChangesNothingIsSaidOnTheAppsStatusLine() throws {
        let scratch = try ScratchDirectory("habit-ui-editor-unchanged")
        let editor = scratch.sub("editor.sh")
        try writeFile("#!/bin/sh\nexit 0\n", to: editor)
        #expect(chmod(editor, 0o755) == 0)
        let run = try Run("habit-ui-editor-unchanged", environment: ["EDITOR": editor, "VISUAL": editor])
        let tmux = run.tmux
        try tmux.waitFor("Monday, 23 November 2026")
        let before = readFile(run.data + "/trackers/read-20-pages.toml")
        try tmux.type("/read")
        try tmux.press("Enter", thenWaitFor: "/ read")
        try tmux.press("e", thenWaitFor: "No change; nothing was written.")
        #expect(try tmux.query("#{alternate_on}") == "1", "said on the app's screen")
        #expect(readFile(run.data + "/trackers/read-20-pages.toml") == before)
        try tmux.press("j")
        let deadline = Date().addingTimeInterval(10)
        while try tmux.screen().contains("No change"), Date() < deadline { usleep(50_000) }
        #expect(try !tmux.screen().contains("No change"), "until the next key")
        try tmux.press("q")
        try run.expectRestored()
        #expect(try !tmux.transcript().contains("No change"), "nothing on the normal screen")
    }

    @Test func ctrlZSuspendsFgRepaintsAndAResizeLaysOutAgain() throws {
        let run = try Run("habit-ui-job", alone: true)
        let tmux = run.tmux
        try tmux.waitFor("Monday, 23 November 2026")
        try tmux.press("C-z", thenWaitFor: "Stopped")
        #expect(try tmux.query("#{alternate_on}") == "0", "the shell gets the normal screen")
        try tmux.type("stty -a > \(run.scratch.sub("suspended.txt")); echo saved-$((6 * 7))")
        try tmux.press("Enter", thenWaitFor: "saved-42")
        #expect(readFile(run.scratch.sub("suspended.txt")) == readFile(run.scratch.sub("before.txt")),
                "while suspended the terminal is as it was")
        try tmux.type("clear; fg; " + run.afterwards)
        try tmux.press("Enter", thenWaitFor: "Monday, 23 November 2026")
        let screen = try tmux.screen()
        #expect(screen.contains(" Trackers ") && screen.contains("? help"), "a full repaint:\n\(screen)")
        #expect(try tmux.query("#{alternate_on}") == "1")

        try tmux.resize(width: 20, height: 8)
        try tmux.waitFor("30×10")
        try tmux.resize(width: 40, height: 15)
        let narrow = try tmux.waitFor("Monday, 23 November 2026")
        #expect(!narrow.contains("too small") && !narrow.contains("Mo 23"), "laid out for 40 columns:\n\(narrow)")
        #expect(narrow.split(separator: "\n").count <= 15)
        try tmux.resize(width: 80, height: 24)
        try tmux.waitFor("Mo 23")
        try tmux.press("q")
        try run.expectRestored()
    }

    @Test func withMouseAClickSelectsACardAndASecondClickMarksIt() throws {
        let run = try Run("habit-ui-mouse", arguments: "--mouse")
        let tmux = run.tmux
        let screen = try tmux.waitFor("Read 20 pages")
        #expect(try tmux.query("#{mouse_sgr_flag}") == "1", "the app asked for SGR mouse reports")
        let row = try #require(screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("Read 20 pages") })
        // A left click as the terminal reports it (SGR 1006: 1-based column and row, M press, m release).
        let click = "\u{1B}[<0;10;\(row + 1)M\u{1B}[<0;10;\(row + 1)m"
        try tmux.type(click, thenWaitFor: "› 📚 Read 20 pages")
        #expect(!readFile(run.data + "/trackers/read-20-pages.toml").contains("2026-11-23 = true"), "one click only selects")
        try tmux.type(click, thenWaitFor: "29 days  ✓")
        #expect(readFile(run.data + "/trackers/read-20-pages.toml").contains("2026-11-23 = true\n"))
        try tmux.press("q")
        try run.expectRestored()
        #expect(try tmux.query("#{mouse_any_flag}") == "0" && tmux.query("#{mouse_sgr_flag}") == "0", "mouse reports are off again")
    }

    /// The app with its test hook set (`App.Setup.trapKey`, by the habit-ui-crash test program):
    /// `!` traps; `habit ui` itself has no such key and reads no switch for it.
    @Test(.enabled(if: BuiltProduct.path("habit-ui-crash") != nil, "habit-ui-crash is missing"))
    func aCrashGivesTheTerminalBackWithTheErrorOnTheNormalScreen() throws {
        let program = try #require(BuiltProduct.path("habit-ui-crash"))
        let run = try Run("habit-ui-crash", program: "'\(program)' \"$HABIT_DIR\" 2026-11-23 '!'")
        let tmux = run.tmux
        try tmux.waitFor("Monday, 23 November 2026")
        try tmux.type("!")
        try run.expectRestored(status: 132)
        #expect(try tmux.transcript().contains("Fatal error: habit ui test trap"))
    }

    @Test func capitalSSyncsWithAProgressLineAndTheOfflineNoteShowsWhatWaits() throws {
        let run = try Run("habit-ui-sync")
        let tmux = run.tmux
        try tmux.waitFor("Monday, 23 November 2026")
        try tmux.type("S", thenWaitFor: "No remote is set.")
        try tmux.press("q")
        try run.expectRestored()

        // A remote that has every commit but the next one: the note counts what waits, S sends it.
        let remote = run.scratch.sub("remote.git")
        _ = try GitCommandLine.run(["init", "-q", "--bare", remote], in: run.scratch.path)
        _ = try runTool(run.habit, ["remote", "set", remote], scratch: run.scratch.path, environment: run.environment)
        _ = try runTool(run.habit, ["sync"], scratch: run.scratch.path, environment: run.environment)
        _ = try runTool(run.habit, ["done", "run"], scratch: run.scratch.path, environment: run.environment)
        try tmux.type("clear; '\(run.habit)' ui")
        try tmux.press("Enter", thenWaitFor: "1 change not synced yet; press S to sync")
        try tmux.type("S", thenWaitFor: "Sent 1")
        #expect(try !tmux.screen().contains("not synced yet"))
        try tmux.press("q", thenWaitFor: "shell>")
        #expect(try tmux.query("#{alternate_on}") == "0")
    }
}
