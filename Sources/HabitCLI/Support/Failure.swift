import HabitStore

/// An error a command reports to the user: what went wrong, and what to do about it.
public struct Failure: Error, Sendable {
    public var message: String
    public var hint: String?
    public var diagnostics: [Diagnostic]
    public var exitCode: Int32

    public init(_ message: String, hint: String? = nil, diagnostics: [Diagnostic] = [], exitCode: Int32 = 1) {
        self.message = message
        self.hint = hint
        self.diagnostics = diagnostics
        self.exitCode = exitCode
    }
}
