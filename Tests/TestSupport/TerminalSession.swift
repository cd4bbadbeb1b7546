import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program on a real pseudo-terminal, driven the way a person would: tmux runs it in a pane of
/// its own server (own socket, no user configuration), the test types keys and reads the screen.
/// The pane stays after the program ends so its exit status can be read.
public final class TerminalSession {
    public static let tmux: String? = ["/usr/bin/tmux", "/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }

    public struct Failed: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    private let socket: String
    private let scratch: String
    private let environment: [String: String]
    private let statusFile: String

    /// Starts `command` (a program and its arguments) in a `width`×`height` terminal, with exactly
    /// `environment` (plus TERM, which tmux sets).
    public init(_ command: [String], environment: [String: String], scratch: String, width: Int = 80, height: Int = 24) throws {
        guard let tmux = Self.tmux else { throw Failed("tmux is not installed") }
        self.scratch = scratch
        socket = "habit-test-" + UUID().uuidString.prefix(8)
        var environment = environment
        environment["TMUX"] = nil
        self.environment = environment
        let configuration = scratch + "/tmux-\(socket).conf"
        try """
            set -g remain-on-exit on
            set -g status off
            set -g default-terminal "xterm-256color"
            set -g history-limit 10000
            set -sg escape-time 0

            """.write(toFile: configuration, atomically: true, encoding: .utf8)
        func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        statusFile = scratch + "/tmux-\(socket).status"
        // A shell around the program records its exit status (tmux's own pane status is sometimes
        // never filled in). Its `trap` keeps Ctrl-C for the program: a trapped signal is reset to
        // the default in children, where an ignored one would stay ignored.
        let script = "trap : INT; " + command.map(quote).joined(separator: " ") + "; echo $? > " + quote(statusFile)
        let started = try ChildProcess(tmux, ["-L", socket, "-f", configuration, "new-session", "-d", "-x", "\(width)", "-y", "\(height)",
                                             script], environment: environment, scratch: scratch).wait()
        guard started.succeeded else { throw Failed("tmux did not start: \(started.all)") }
    }

    deinit { _ = try? control(["kill-server"]) }

    @discardableResult
    private func control(_ arguments: [String]) throws -> String {
        let outcome = try ChildProcess(Self.tmux!, ["-L", socket] + arguments, environment: environment, scratch: scratch).wait()
        guard outcome.succeeded else { throw Failed("tmux \(arguments.joined(separator: " ")): \(outcome.all)") }
        return outcome.out
    }

    /// A tmux format evaluated for the pane: `#{alternate_on}`, `#{cursor_flag}`, `#{cursor_x}`…
    public func query(_ format: String) throws -> String {
        try control(["display-message", "-p", "-t", "0", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Resizes the window, which sends the program SIGWINCH.
    public func resize(width: Int, height: Int) throws {
        try control(["resize-window", "-t", "0", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Pastes `text` as a terminal does, in bracketed-paste markers if the program asked for them.
    public func paste(_ text: String) throws {
        try control(["set-buffer", "--", text])
        try control(["paste-buffer", "-p", "-d", "-t", "0"])
    }

    /// Types `text` literally.
    public func type(_ text: String) throws { try control(["send-keys", "-t", "0", "-l", text]) }

    /// Presses keys by tmux's names: `Enter`, `C-c`, `Escape`, `Right`, `q`, …
    public func press(_ keys: String...) throws { try control(["send-keys", "-t", "0"] + keys) }

    /// Presses `keys` one at a time, as a person would, then waits until the screen shows `text`;
    /// returns the screen.
    @discardableResult
    public func press(_ keys: String..., thenWaitFor text: String, timeout: Double = 15) throws -> String {
        for key in keys { try press(key) }
        return try waitFor(text, timeout: timeout)
    }

    /// Types `text` literally, then waits until the screen shows `shown`; returns the screen.
    @discardableResult
    public func type(_ text: String, thenWaitFor shown: String, timeout: Double = 15) throws -> String {
        try type(text)
        return try waitFor(shown, timeout: timeout)
    }

    /// Types a line and presses Enter: an answer to a prompt, a command to an editor.
    public func enter(_ line: String) throws {
        try type(line)
        try press("Enter")
    }

    /// What the terminal shows now, trailing blank lines removed.
    public func screen() throws -> String {
        var text = try control(["capture-pane", "-p", "-t", "0"])
        while text.hasSuffix("\n\n") { text.removeLast() }
        return text
    }

    /// Everything the program printed, scrolled off or not, trailing blank lines removed.
    public func transcript() throws -> String {
        var text = try control(["capture-pane", "-p", "-t", "0", "-S", "-"])
        while text.hasSuffix("\n\n") { text.removeLast() }
        return text
    }

    /// Waits until the screen shows `text`; returns the screen.
    @discardableResult
    public func waitFor(_ text: String, timeout: Double = 15) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var shown = ""
        while Date() < deadline {
            shown = try screen()
            if shown.contains(text) { return shown }
            usleep(50_000)
        }
        throw Failed("the terminal never showed “\(text)”; it shows:\n\(shown)")
    }

    /// Waits for the program to end; returns its exit status (128 + n for a signal n).
    public func waitForExit(timeout: Double = 15) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: statusFile, encoding: .utf8), text.hasSuffix("\n"),
               let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            usleep(50_000)
        }
        throw Failed("the program did not end; the terminal shows:\n\((try? transcript()) ?? "")")
    }
}
