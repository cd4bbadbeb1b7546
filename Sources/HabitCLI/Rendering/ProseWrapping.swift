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
        for word in words(of: line) {
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

    /// The line's words, where a span in ASCII double quotes ("3 per week", a command to type)
    /// counts as one word, so an example is never split across two lines; a short aside in
    /// parentheses, up to `shortAside` words, makes one word with the word before it ("-3 (days ago)").
    static func words(of line: String) -> [String] {
        var words: [String] = []
        var group: [Substring] = []
        var closer: Character?
        func flush(keepingTogether: Bool) {
            let together = group.joined(separator: " ")
            if !keepingTogether {
                words += group.map(String.init)
            } else if closer == ")", let last = words.popLast() {
                // An aside stays with what it explains: "-3 (days ago)".
                words.append(last + " " + together)
            } else {
                words.append(together)
            }
            group = []
            closer = nil
        }
        for piece in line.split(separator: " ", omittingEmptySubsequences: false) {
            let quotes = piece.reduce(0) { $1 == "\"" ? $0 + 1 : $0 }
            if let ending = closer {
                group.append(piece)
                if ending == "\"" ? quotes % 2 == 1 : piece.contains(")") {
                    flush(keepingTogether: ending == "\"" || group.count <= shortAside)
                }
            } else if quotes % 2 == 1 {
                group = [piece]
                closer = "\""
            } else if piece.hasPrefix("("), !piece.contains(")") {
                group = [piece]
                closer = ")"
            } else {
                words.append(String(piece))
            }
        }
        // An unclosed quote or parenthesis: its words go back to being words.
        flush(keepingTogether: false)
        return words
    }

    static let shortAside = 3
}
