import TOML

/// Text made safe for XML (SVG) and HTML alike: the one escaper of every page and image habit
/// writes (`habit report`, `habit export svg`, the web app).
public enum XMLText {
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        Escaping.append(text, to: &result, entity)
        return result
    }

    private static func entity(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        case "\"": "&quot;"
        case "'": "&#39;"
        // Control characters are not allowed in XML 1.0, even escaped (and HTML calls them errors).
        case _ where scalar.value < 0x20 && scalar != "\t" && scalar != "\n": "\u{FFFD}"
        default: nil
        }
    }
}
