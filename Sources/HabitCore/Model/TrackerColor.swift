/// A tracker's colour: a palette name (drawn with the terminal's own palette, so it suits light
/// and dark themes) or an exact `#RRGGBB`.
public enum TrackerColor: Hashable, Sendable, CustomStringConvertible {
    case palette(PaletteColor)
    case rgb(red: UInt8, green: UInt8, blue: UInt8)

    public init?(_ text: String) {
        let lower = text.lowercased()
        if let named = PaletteColor(rawValue: lower) {
            self = .palette(named)
            return
        }
        let bytes = Array(lower.utf8)
        guard bytes.count == 7, bytes[0] == UInt8(ascii: "#") else { return nil }
        func hex(_ index: Int) -> UInt8? {
            guard let high = Self.nibble(bytes[index]), let low = Self.nibble(bytes[index + 1]) else { return nil }
            return high << 4 | low
        }
        guard let red = hex(1), let green = hex(3), let blue = hex(5) else { return nil }
        self = .rgb(red: red, green: green, blue: blue)
    }

    public var description: String {
        switch self {
        case .palette(let color): return color.rawValue
        case .rgb(let red, let green, let blue):
            let digits = Array("0123456789abcdef")
            return "#" + [red, green, blue].map { String([digits[Int($0 >> 4)], digits[Int($0 & 15)]]) }.joined()
        }
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}

/// Names of the palette, matched to the terminal's 16 colours when drawn.
public enum PaletteColor: String, CaseIterable, Sendable {
    case red, orange, yellow, green, teal, blue, purple, pink, gray
}
