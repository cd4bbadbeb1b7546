import HabitCore
import HabitErrorWords
import HabitLocalization
import HabitStore

/// Prints a diagnostic the way compilers do: location, message, the line, a caret, the hint.
enum DiagnosticPrinter {
    static func render(_ diagnostic: Diagnostic, messages t: Messages, style: Style) -> String {
        let severity = diagnostic.severity == .error ? style.red(t[.error]) : style.yellow(t[.warning])
        let (message, hint) = DiagnosticWords.words(diagnostic.problem, t)
        var lines = ["\(style.bold(TerminalText.safe(diagnostic.location))): \(severity): \(TerminalText.safe(message))"]
        if let source = diagnostic.sourceLine, diagnostic.line > 0 {
            let shown = TerminalText.safe(source)
            lines.append("    " + shown)
            // The caret sits under the column: count the display width of what precedes it.
            let prefix = String(source.unicodeScalars.prefix(max(0, diagnostic.column - 1)).map(Character.init))
            let padding = prefix.map { $0 == "\t" ? "\t" : String(repeating: " ", count: TerminalText.width(TerminalText.safe(String($0)))) }.joined()
            lines.append("    " + padding + style.green("^"))
        }
        if let hint { lines.append("    \(t[.hint]): \(TerminalText.safe(hint))") }
        return lines.joined(separator: "\n")
    }
}
