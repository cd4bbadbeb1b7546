/// A problem found in a file of the data directory, pinned to a line and column so the user can
/// go straight to it.
public struct Diagnostic: Hashable, Sendable, Error {
    public enum Severity: String, Sendable, Comparable {
        case warning, error
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
    }

    /// Path relative to the data directory (`trackers/run.toml`).
    public var file: String
    /// 1-based; 0 when the problem concerns the file as a whole.
    public var line: Int
    public var column: Int
    public var severity: Severity
    public var message: String
    /// What to do about it, when there is something better to say than the message.
    public var hint: String?
    /// The text of the offending line, for the caret display.
    public var sourceLine: String?

    public init(
        file: String, line: Int = 0, column: Int = 0, severity: Severity = .error, message: String,
        hint: String? = nil, sourceLine: String? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
        self.hint = hint
        self.sourceLine = sourceLine
    }

    public var location: String {
        line > 0 ? "\(file):\(line):\(column)" : file
    }
}
