#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a full-screen program can run here, and if not, why (so it can say so and exit).
public enum FullScreenSupport {
    public enum Problem: Hashable, Sendable {
        case inputNotTerminal
        case outputNotTerminal
        case noTerminalType
        case dumbTerminal
    }

    /// Nil when stdin and stdout are terminals and `TERM` names a terminal that is not `dumb`.
    public static func problem(environment: [String: String], input: Int32 = 0, output: Int32 = 1) -> Problem? {
        guard isatty(input) == 1 else { return .inputNotTerminal }
        guard isatty(output) == 1 else { return .outputNotTerminal }
        guard let term = environment["TERM"], !term.isEmpty else { return .noTerminalType }
        guard term != "dumb" else { return .dumbTerminal }
        return nil
    }
}
