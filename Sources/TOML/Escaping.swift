/// Text between quotes with some scalars written as escapes: the one loop behind every quoted
/// format habit writes (TOML basic strings, JSON strings, systemd command lines, GVariant text);
/// each format gives only its table.
public enum Escaping {
    /// `text` between `quote`s, each scalar that `escape` names replaced by what it returns.
    public static func quoted(_ text: String, quote: String = "\"", _ escape: (Unicode.Scalar) -> String?) -> String {
        var out = quote
        out.reserveCapacity(text.utf8.count + 2 * quote.utf8.count)
        append(text, to: &out, escape)
        return out + quote
    }

    public static func append(_ text: String, to out: inout String, _ escape: (Unicode.Scalar) -> String?) {
        for scalar in text.unicodeScalars {
            if let escaped = escape(scalar) { out += escaped } else { out.unicodeScalars.append(scalar) }
        }
    }

    /// The backslash escapes of C that TOML, JSON, systemd and GVariant all read the same way:
    /// quote, backslash, newline, carriage return, tab.
    public static func common(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\"": "\\\""
        case "\\": "\\\\"
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        default: nil
        }
    }
}
