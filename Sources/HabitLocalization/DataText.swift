/// Data as it may be shown to a person: a name or unit read from a file may hold escape
/// sequences or bidirectional overrides that would move a terminal's cursor or reorder a line, so
/// every front-end shows data through `safe`. The one rule of what is unsafe, for the catalogs'
/// own formatting (`Messages.quantity`) and for `TerminalText` alike.
public enum DataText {
    /// Control characters, DEL, C1 controls and bidirectional overrides shown as `\u{…}`.
    public static func safe(_ text: String) -> String {
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

    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true  // bidi marks and overrides
        default: return false
        }
    }
}
