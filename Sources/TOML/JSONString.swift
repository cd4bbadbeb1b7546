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
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value):
                out += "\\u" + hex4(scalar.value)
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
