#if canImport(Glibc)
import Glibc
#endif
import HabitCore

/// A tracker's colour as a class of the style sheet: the Content-Security-Policy allows no inline
/// style, so every colour a card can have is a rule of `css`. A colour of a file that is neither a
/// named one takes the nearest named one.
enum CardColors {
    static let named: [(PaletteColor, red: UInt8, green: UInt8, blue: UInt8)] = [
        (.red, 0xF5, 0x6B, 0x6C), (.orange, 0xFF, 0x88, 0x1E), (.yellow, 0xF4, 0xC3, 0x1F), (.green, 0x33, 0xCF, 0x69),
        (.teal, 0x1F, 0xB5, 0xA8), (.blue, 0x34, 0xA7, 0xFE), (.purple, 0x8D, 0x72, 0xE6), (.pink, 0xF4, 0x72, 0xB6),
        (.gray, 0x8E, 0x8E, 0x93),
    ]

    /// " c-…" for a card's class list; "" for no colour (the accent).
    static func className(_ color: TrackerColor?) -> String {
        guard let color else { return "" }
        return " " + name(of: color)
    }

    static func name(of color: TrackerColor) -> String {
        switch color {
        case .palette(let named): return "c-" + named.rawValue
        case .rgb(let red, let green, let blue):
            let nearest = named.min { a, b in
                distance(a, red, green, blue) < distance(b, red, green, blue)
            }!
            return "c-" + nearest.0.rawValue
        }
    }

    private static func distance(_ entry: (PaletteColor, red: UInt8, green: UInt8, blue: UInt8), _ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
        let r = Int(entry.red) - Int(red), g = Int(entry.green) - Int(green), b = Int(entry.blue) - Int(blue)
        return r * r + g * g + b * b
    }

    static func hex(_ entry: (PaletteColor, red: UInt8, green: UInt8, blue: UInt8)) -> String {
        TrackerColor.rgb(red: entry.red, green: entry.green, blue: entry.blue).description
    }

    /// The rules: a card's face, and the swatch of the form's colour picker. White text stays
    /// readable on every face (WCAG AA, 4.5:1): a colour too light for it is darkened, keeping its hue.
    static var css: String {
        named.map { entry in
            let face = readable(entry)
            return ".c-\(entry.0.rawValue) .face, .c-\(entry.0.rawValue) .tick:not(.slip), .c-\(entry.0.rawValue) .save, .tracker-figures .c-\(entry.0.rawValue) .emoji, .swatch.c-\(entry.0.rawValue) { background: \(hex(face)); }\n"
        }.joined()
    }

    /// The colour scaled toward black until white on it reaches 4.5:1.
    static func readable(_ entry: (PaletteColor, red: UInt8, green: UInt8, blue: UInt8)) -> (PaletteColor, red: UInt8, green: UInt8, blue: UInt8) {
        var scale = 1.0
        while true {
            let scaled = (entry.0, red: UInt8(Double(entry.red) * scale), green: UInt8(Double(entry.green) * scale), blue: UInt8(Double(entry.blue) * scale))
            if contrastWithWhite(scaled) >= 4.5 || scale <= 0 { return scaled }
            scale -= 0.01
        }
    }

    /// WCAG 2's contrast ratio of white on the colour.
    static func contrastWithWhite(_ entry: (PaletteColor, red: UInt8, green: UInt8, blue: UInt8)) -> Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * linear(entry.red) + 0.7152 * linear(entry.green) + 0.0722 * linear(entry.blue)
        return 1.05 / (luminance + 0.05)
    }
}
