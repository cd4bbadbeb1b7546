/// Paragraph text fitted to a terminal's width: a line longer than the width breaks at the last
/// space that fits, so no word is cut in two by the terminal's own wrapping. Indented lines are
/// commands and paths to copy, and are never broken.
enum ProseWrapping {
    static func wrap(_ text: String, width: Int) -> String {
        guard width > 20 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { wrapLine(String($0), width: width) }
            .joined(separator: "\n")
    }

    /// Columns on screen: colour codes take none.
    static func visibleWidth(_ text: String) -> Int { TerminalText.width(CalendarView.plain(text)) }

    static func wrapLine(_ line: String, width: Int) -> String {
        guard visibleWidth(line) > width, !line.hasPrefix(" ") else { return line }
        var lines: [String] = []
        var current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if visibleWidth(candidate) > width, !current.isEmpty {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }
}
