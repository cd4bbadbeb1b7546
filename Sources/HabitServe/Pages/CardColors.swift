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

    /// The rules: a card's face, and the swatch of the form's colour picker.
    static var css: String {
        named.map { entry in
            ".c-\(entry.0.rawValue) .face, .c-\(entry.0.rawValue) .tick:not(.slip), .c-\(entry.0.rawValue) .save, .tracker-figures .c-\(entry.0.rawValue) .emoji, .swatch.c-\(entry.0.rawValue) { background: \(hex(entry)); }\n"
        }.joined()
    }
}
