import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `terminal-demo` on a real pseudo-terminal (tmux) under an interactive bash, the way a person
/// runs it: the terminal must be given back exactly as it was on every way out, and the program
/// must follow suspensions and resizes. Every step waits for text, never for a fixed time.
@Suite("TerminalUI: end to end on a real terminal", .serialized,
       .enabled(if: TerminalSession.tmux != nil && BuiltProduct.path("terminal-demo") != nil, "tmux or terminal-demo is missing"))
struct EndToEndTests {
    /// bash in a tmux pane, recording `stty -a` before and after each run of the demo.
    final class Shell {
        let scratch: ScratchDirectory
        private(set) var terminal: TerminalSession!
        private var runs = 0

        // The tmux server is stopped while the scratch directory it reports through still exists.
        deinit { terminal = nil }

        init(width: Int = 60, height: Int = 20, environment extra: [String: String] = [:]) throws {
            scratch = try ScratchDirectory("terminal-ui")
            // bash takes its prompt from an rc file only; \076 is ">", so the typed line never matches.
            try writeFile("PS1='shell\\076 '\n", to: scratch.sub("bashrc"))
            var environment = ["PATH": "/usr/bin:/bin", "HOME": scratch.path, "LANG": "C.UTF-8",
                               // The runtime's backtracer would otherwise wait for a key after a crash.
                               "SWIFT_BACKTRACE": "interactive=no,color=no"]
            environment.merge(extra) { $1 }
            terminal = try TerminalSession(["/bin/bash", "--rcfile", scratch.sub("bashrc"), "--noprofile", "-i"], environment: environment,
                                           scratch: scratch.path, width: width, height: height)
            try terminal.waitFor("shell>")
        }

        var pidFile: String { scratch.sub("demo-\(runs).pid") }

        /// Starts the demo and waits for its first frame. Unless `alone`, the same command line
        /// then prints the exit status and saves `stty -a` again (`finish()` reads both).
        func start(_ arguments: [String] = [], waitFor text: String = "Count: 0", alone: Bool = false) throws {
            runs += 1
            let demo = BuiltProduct.path("terminal-demo")!
            try terminal.type("stty -a > \(scratch.sub("before-\(runs).txt")); '\(demo)' \(arguments.joined(separator: " ")) --pid-file \(pidFile)"
                              + (alone ? "" : "; " + afterwards))
            try terminal.press("Enter", thenWaitFor: text)
        }

        /// The commands that follow the demo on the command line.
        var afterwards: String {
            "echo \"status-\(runs)=$?\"; stty -a > \(scratch.sub("after-\(runs).txt")); echo done-$((\(runs) * 1000))"
        }

        var pid: pid_t {
            get throws {
                let text = readFile(pidFile).trimmingCharacters(in: .whitespacesAndNewlines)
                guard let pid = pid_t(text) else { throw TerminalSession.Failed("no pid in \(pidFile)") }
                return pid
            }
        }

        /// Waits for the demo to end; checks the terminal is as it was; returns its exit status.
        func finish(timeout: Double = 15) throws -> Int32 {
            try terminal.waitFor("done-\(runs * 1000)", timeout: timeout)
            let transcript = try terminal.transcript()
            let marker = "status-\(runs)="
            guard let line = transcript.split(separator: "\n").last(where: { $0.hasPrefix(marker) }),
                  let status = Int32(line.dropFirst(marker.count)) else { throw TerminalSession.Failed("no status in \(transcript)") }
            #expect(try terminal.query("#{alternate_on}") == "0", "the alternate screen is off")
            #expect(try terminal.query("#{cursor_flag}") == "1", "the cursor is shown")
            // The window's size is not a mode: a resize changes it, rightly.
            func modes(_ file: String) -> String {
                readFile(scratch.sub(file)).replacingOccurrences(of: #"rows \d+; columns \d+;"#, with: "", options: .regularExpression)
            }
            let before = modes("before-\(runs).txt"), after = modes("after-\(runs).txt")
            #expect(!before.isEmpty && before == after, "stty -a before and after differ:\n\(before)\n---\n\(after)")
            return status
        }
    }

    @Test("q leaves the alternate screen and restores the terminal; keys are drawn as they come")
    func quitWithQ() throws {
        let shell = try Shell()
        try shell.start()
        #expect(try shell.terminal.query("#{alternate_on}") == "1")
        #expect(try shell.terminal.query("#{cursor_flag}") == "0", "the cursor is hidden")
        try shell.terminal.press("Space", thenWaitFor: "Count: 1")
        for (key, shown) in [("F5", "Key: F5"), ("C-Right", "Key: ctrl-right"), ("PageDown", "Key: pageDown"), ("M-x", "Key: alt-x"),
                             ("Escape", "Key: escape"), ("BTab", "Key: shift-tab"), ("C-a", "Key: ctrl-a")] {
            try shell.terminal.press(key, thenWaitFor: shown)
        }
        try shell.terminal.type("ж", thenWaitFor: "Key: ж")
        let screen = try shell.terminal.screen()
        #expect(screen.contains("╭─ terminal-demo ─"), "\(screen)")
        try shell.terminal.press("q")
        #expect(try shell.finish() == 0)
        #expect(try shell.terminal.transcript().contains("terminal-demo: bye after 1"))
    }

    @Test("a paste arrives as one paste; with --mouse the mouse is captured, and released on leaving; ticks and wake-ups come without keys")
    func pasteMouseAndTicks() throws {
        let shell = try Shell()
        try shell.start(["--mouse", "--tick"])
        #expect(try shell.terminal.query("#{mouse_sgr_flag}") == "1")
        try shell.terminal.paste("q ж🙂")  // 5 columns; its q does not quit
        try shell.terminal.waitFor("Key: paste(5 columns)")
        try shell.terminal.waitFor("Ticks: 3")
        try shell.terminal.press("w", thenWaitFor: "w wake 1")
        try shell.terminal.press("q")
        #expect(try shell.finish() == 0)
        #expect(try shell.terminal.query("#{mouse_sgr_flag}") == "0")
        #expect(try shell.terminal.query("#{mouse_any_flag}") == "0")
    }

    @Test("Ctrl-C quits with 130 and restores the terminal")
    func controlC() throws {
        let shell = try Shell()
        try shell.start()
        try shell.terminal.press("C-c")
        #expect(try shell.finish() == 130)
    }

    @Test("SIGTERM and SIGHUP end it by the signal, with the terminal restored", arguments: [SIGTERM, SIGHUP])
    func terminatingSignal(_ signal: Int32) throws {
        let shell = try Shell()
        try shell.start()
        #expect(kill(try shell.pid, signal) == 0)
        #expect(try shell.finish() == 128 + signal)
    }

    @Test("a crash (a Swift trap) restores the terminal first; the error and the backtrace are on the normal screen",
          arguments: [true, false])
    func crash(backtracer: Bool) throws {
        // Without the runtime's backtracer the previous handler is the default action, re-raised.
        let shell = try Shell(width: 100, height: 40, environment: backtracer ? [:] : ["SWIFT_BACKTRACE": "enable=no"])
        try shell.start(["--crash"])
        try shell.terminal.press("x")
        #expect(try shell.finish(timeout: 60) == 128 + SIGILL)
        let transcript = try shell.terminal.transcript()
        #expect(transcript.contains("Fatal error: Index out of range"), "\(transcript)")
        #expect(transcript.contains("Program crashed") == backtracer, "\(transcript)")
    }

    @Test("a stack overflow (SIGSEGV on the guard page) still restores the terminal: the handler has a stack of its own")
    func stackOverflow() throws {
        let shell = try Shell(width: 100, height: 40, environment: ["SWIFT_BACKTRACE": "enable=no"])
        try shell.start(["--crash"])
        try shell.terminal.press("o")
        #expect(try shell.finish(timeout: 60) == 128 + SIGSEGV)
    }

    @Test("Ctrl-Z gives the shell a restored terminal; fg comes back with a full repaint")
    func suspendAndResume() throws {
        let shell = try Shell()
        try shell.start(alone: true)
        try shell.terminal.press("Space", thenWaitFor: "Count: 1")
        try shell.terminal.press("C-z", thenWaitFor: "Stopped")
        #expect(try shell.terminal.query("#{alternate_on}") == "0")
        try shell.terminal.type("stty -a > \(shell.scratch.sub("suspended.txt")); echo saved-$((6 * 7))")
        try shell.terminal.press("Enter", thenWaitFor: "saved-42")
        #expect(readFile(shell.scratch.sub("suspended.txt")) == readFile(shell.scratch.sub("before-1.txt")),
                "while suspended the terminal is as it was")
        try shell.terminal.type("fg; " + shell.afterwards)
        let screen = try shell.terminal.press("Enter", thenWaitFor: "Resumed: 1")
        #expect(screen.contains("Count: 1") && screen.contains("╰──") && screen.contains("Emoji:"), "everything was painted again: \(screen)")
        #expect(try shell.terminal.query("#{alternate_on}") == "1")
        try shell.terminal.press("q")
        #expect(try shell.finish() == 0)
    }

    @Test("a resize lays out again at once; a tiny window gets a message, not garbage")
    func resize() throws {
        let shell = try Shell()
        try shell.start(waitFor: "Size: 60x20")
        try shell.terminal.resize(width: 44, height: 12)
        let screen = try shell.terminal.waitFor("Size: 44x12")
        let lines = screen.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix(" ╰") && $0.hasSuffix("╯") && $0.count == 43 }, "the box follows the width: \(screen)")
        try shell.terminal.resize(width: 20, height: 5)
        try shell.terminal.waitFor("Terminal too small")
        try shell.terminal.resize(width: 50, height: 15)
        try shell.terminal.waitFor("Size: 50x15")
        try shell.terminal.press("q")
        #expect(try shell.finish() == 0)
    }

    @Test("it refuses to start on TERM=dumb or without a terminal, saying why, with exit status 2")
    func refusesWithoutATerminal() throws {
        let shell = try Shell()
        try shell.terminal.type("TERM=dumb '\(BuiltProduct.path("terminal-demo")!)'; echo code=$((0))$?")
        try shell.terminal.press("Enter", thenWaitFor: "code=02")
        #expect(try shell.terminal.screen().contains("cannot run full-screen: TERM is dumb"))
        let scratch = try ScratchDirectory("terminal-ui-pipe")
        let outcome = try ChildProcess(BuiltProduct.path("terminal-demo")!, [], environment: ["TERM": "xterm"], scratch: scratch.path).wait()
        #expect(outcome.status == 2 && outcome.err.contains("standard input is not a terminal"), "\(outcome.all)")
    }
}
