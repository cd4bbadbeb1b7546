/// JSON string literals, shared by toml-test's tagged JSON and by programs that print JSON about
/// TOML data: the one place where text becomes a JSON string.
public enum JSONString {
    /// `text` as a JSON string literal. Besides what JSON requires (quote, backslash, C0
    /// controls), DEL, C1 controls and bidirectional overrides are escaped too, so the output is
    /// safe to show on a terminal and reads back as the same text.
    public static func quoted(_ text: String) -> String {
        var out = ""
        write(text, into: &out)
        return out
    }

    public static func write(_ text: String, into out: inout String) {
        out += "\""
        Escaping.append(text, to: &out) { scalar in
            if let escaped = Escaping.common(scalar) { return escaped }
            switch scalar.value {
            case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return "\\u" + hex4(scalar.value)
            default: return nil
            }
        }
        out += "\""
    }
}
