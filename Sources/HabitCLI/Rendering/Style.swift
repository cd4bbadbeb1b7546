import HabitCore
import HabitSystem

/// ANSI styling that uses the terminal's own palette (the 16 theme colours and default
/// foreground), so output suits light and dark themes alike; a no-op when colour is off.
struct Style: Sendable {
    /// How many colours the terminal can show, for `#RRGGBB` tracker colours.
    enum Depth: Sendable {
        case basic, extended, trueColor

        init(environment: [String: String]) {
            let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
            let term = (environment["TERM"] ?? "").lowercased()
            if colorTerm == "truecolor" || colorTerm == "24bit" || term.hasSuffix("-direct") {
                self = .trueColor
            } else if term.containsBytes(of: "256color") {
                self = .extended
            } else {
                self = .basic
            }
        }
    }

    let isEnabled: Bool
    let depth: Depth

    init(isEnabled: Bool, depth: Depth = .basic) {
        self.isEnabled = isEnabled
        self.depth = depth
    }

    private func wrap(_ text: String, _ code: String) -> String {
        isEnabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func blue(_ text: String) -> String { wrap(text, "34") }
    func cyan(_ text: String) -> String { wrap(text, "36") }

    /// A tracker's colour: palette names map to the theme's colours; `#RRGGBB` is drawn as exactly
    /// as the terminal allows (24-bit, the 256-colour cube, or the nearest theme colour).
    func color(_ text: String, _ color: TrackerColor?) -> String {
        guard let color else { return text }
        switch color {
        case .palette(let name): return wrap(text, Style.code(for: name))
        case .rgb(let red, let green, let blue):
            switch depth {
            case .trueColor: return wrap(text, "38;2;\(red);\(green);\(blue)")
            case .extended:
                let level = { (value: UInt8) in (Int(value) * 5 + 127) / 255 }
                return wrap(text, "38;5;\(16 + 36 * level(red) + 6 * level(green) + level(blue))")
            case .basic:
                return wrap(text, Style.code(for: Style.nearest(red: red, green: green, blue: blue)))
            }
        }
    }

    static func code(for color: PaletteColor) -> String {
        switch color {
        case .red: "31"
        case .orange: "91"
        case .yellow: "33"
        case .green: "32"
        case .teal: "36"
        case .blue: "34"
        case .purple: "35"
        case .pink: "95"
        case .gray: "90"
        }
    }

    /// Typical sRGB values of the palette names, to pick the nearest for a `#RRGGBB` colour.
    static let paletteRGB: [(PaletteColor, Int, Int, Int)] = [
        (.red, 220, 50, 47), (.orange, 255, 140, 0), (.yellow, 230, 200, 0), (.green, 60, 170, 60),
        (.teal, 0, 150, 150), (.blue, 40, 100, 220), (.purple, 140, 70, 180), (.pink, 240, 110, 170), (.gray, 128, 128, 128),
    ]

    static func nearest(red: UInt8, green: UInt8, blue: UInt8) -> PaletteColor {
        paletteRGB.min { a, b in
            func distance(_ c: (PaletteColor, Int, Int, Int)) -> Int {
                let (dr, dg, db) = (c.1 - Int(red), c.2 - Int(green), c.3 - Int(blue))
                return 2 * dr * dr + 4 * dg * dg + 3 * db * db
            }
            return distance(a) < distance(b)
        }!.0
    }
}
