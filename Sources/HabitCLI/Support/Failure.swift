import HabitErrorWords
import HabitLocalization
import HabitStore

/// The exit statuses of `habit` (docs/cli.md).
enum ExitStatus {
    static let success: Int32 = 0
    /// The data or the world refused: a file with errors, a rule, something not found, a
    /// conflict, an unreachable remote, a busy directory.
    static let refused: Int32 = 1
    /// The command line was wrong: an unknown command or option, a value that does not parse, a
    /// confirmation that needs a terminal or --yes.
    static let usage: Int32 = 2
    /// Interrupted by the user (Ctrl-C at a prompt or in the editor).
    static let interrupted: Int32 = 130
}

/// An error a command reports to the user: what went wrong, and what to do about it.
struct Failure: Error, Sendable {
    var message: String
    var hint: String?
    var diagnostics: [Diagnostic]
    var exitCode: Int32

    init(_ message: String, hint: String? = nil, diagnostics: [Diagnostic] = [], exitCode: Int32 = ExitStatus.refused) {
        self.message = message
        self.hint = hint
        self.diagnostics = diagnostics
        self.exitCode = exitCode
    }

    /// A refusal worded by HabitLocalization: a usage error exits 2, any other refusal 1.
    init(_ refusal: Refusal) {
        self.init(refusal.message, hint: refusal.hint, diagnostics: refusal.diagnostics,
                  exitCode: refusal.kind == .usage ? ExitStatus.usage : ExitStatus.refused)
    }

    /// A usage error (exit status 2).
    static func usage(_ message: String, hint: String? = nil) -> Failure {
        Failure(message, hint: hint, exitCode: ExitStatus.usage)
    }
}
