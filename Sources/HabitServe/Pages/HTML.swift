import HabitInterchange

/// Text made safe for HTML: everything from a data file or a request passes through `escape`
/// (HabitInterchange's `XMLText`, the one escaper of every page and image).
enum HTML {
    static func escape(_ text: String) -> String { XMLText.escape(text) }

    /// A query string's value.
    static func query(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF")
                result += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
            }
        }
        return result
    }
}
