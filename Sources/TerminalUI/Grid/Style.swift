/// A colour of the terminal's own 16-colour palette, or its default foreground/background, so the
/// user's theme (light or dark) decides what the colours look like.
public struct Color: Hashable, Sendable {
    /// 0–15 for the palette, 255 for the terminal's default.
    public let index: UInt8

    public init(palette index: UInt8) {
        precondition(index < 16, "the palette has 16 colours")
        self.index = index
    }

    private init(raw: UInt8) { index = raw }

    public static let `default` = Color(raw: 255)
    public static let black = Color(palette: 0), red = Color(palette: 1), green = Color(palette: 2), yellow = Color(palette: 3)
    public static let blue = Color(palette: 4), magenta = Color(palette: 5), cyan = Color(palette: 6), white = Color(palette: 7)
    public static let brightBlack = Color(palette: 8), brightRed = Color(palette: 9), brightGreen = Color(palette: 10)
    public static let brightYellow = Color(palette: 11), brightBlue = Color(palette: 12), brightMagenta = Color(palette: 13)
    public static let brightCyan = Color(palette: 14), brightWhite = Color(palette: 15)

    public var isDefault: Bool { index == 255 }
}

/// Text attributes that work without colour, so state stays visible under `NO_COLOR`.
public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = Attributes(rawValue: 1)
    public static let dim = Attributes(rawValue: 2)
    public static let italic = Attributes(rawValue: 4)
    public static let underline = Attributes(rawValue: 8)
    public static let reverse = Attributes(rawValue: 16)
}

public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var attributes: Attributes

    public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = Style()

    public static func attributes(_ attributes: Attributes) -> Style { Style(attributes: attributes) }

    /// The same style with the colours dropped (`NO_COLOR`); attributes stay.
    public var withoutColors: Style { Style(attributes: attributes) }
}

/// Whether colours are drawn. `NO_COLOR` (any non-empty value, see no-color.org) turns them off;
/// bold, dim, reverse, italic and underline stay.
public enum ColorMode: Sendable {
    case palette
    case none

    public init(environment: [String: String]) {
        if let value = environment["NO_COLOR"], !value.isEmpty { self = .none } else { self = .palette }
    }
}
