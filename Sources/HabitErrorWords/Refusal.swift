import HabitLocalization
import HabitStore

/// A refusal in words: what went wrong, how to fix it, the file problems behind it, and whether
/// the request itself was malformed (a usage error) rather than refused.
public struct Refusal: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case refused, usage
    }

    public var message: String
    public var hint: String?
    public var diagnostics: [Diagnostic]
    public var kind: Kind

    public init(_ message: String, hint: String? = nil, diagnostics: [Diagnostic] = [], kind: Kind = .refused) {
        self.message = message
        self.hint = hint
        self.diagnostics = diagnostics
        self.kind = kind
    }

    public static func usage(_ message: String, hint: String? = nil) -> Refusal {
        Refusal(message, hint: hint, kind: .usage)
    }
}
