import TerminalUI

/// Making data safe and measurable on a terminal.
///
/// Anything read from a data file may contain escape sequences; printed raw they could move the
/// cursor, recolour the screen or set the window title. Every piece of data goes through `safe`.
enum TerminalText {
    /// Control characters, DEL, C1 controls and bidirectional overrides shown as `\u{…}`.
    static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `safe`, line by line: newlines of our own multi-line messages stay.
    static func safeKeepingLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { safe(String($0)) }.joined(separator: "\n")
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true  // bidi marks and overrides
        default: return false
        }
    }

    /// Columns a string takes on a terminal: TerminalUI's one width rule (grapheme clusters;
    /// emoji and East Asian wide characters 2, combining marks and joiners 0).
    static func width(_ text: String) -> Int { TextWidth.width(text) }

    static func width(of character: Character) -> Int { TextWidth.width(of: character) }

    /// Pads with spaces on the right to `columns` (no-op when already wider).
    static func pad(_ text: String, to columns: Int) -> String { TextWidth.pad(text, to: columns) }

    static func padLeft(_ text: String, to columns: Int) -> String { TextWidth.padLeft(text, to: columns) }

    /// Cuts to at most `columns`, ending with `…` when something was cut; never inside a grapheme.
    static func truncate(_ text: String, to columns: Int) -> String { TextWidth.truncate(text, to: columns) }
}
