import HabitCore

/// ANSI styling that uses the terminal's own palette (the 16 theme colours and default
/// foreground), so output suits light and dark themes alike; a no-op when colour is off.
public struct Style: Sendable {
    public let isEnabled: Bool

    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    private func wrap(_ text: String, _ code: String) -> String {
        isEnabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func green(_ text: String) -> String { wrap(text, "32") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    public func blue(_ text: String) -> String { wrap(text, "34") }
    public func cyan(_ text: String) -> String { wrap(text, "36") }

    /// A tracker's colour: palette names map to the theme's colours; `#RRGGBB` is drawn in 24-bit.
    public func color(_ text: String, _ color: TrackerColor?) -> String {
        guard let color else { return text }
        switch color {
        case .palette(let name): return wrap(text, Style.code(for: name))
        case .rgb(let red, let green, let blue): return wrap(text, "38;2;\(red);\(green);\(blue)")
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
}
