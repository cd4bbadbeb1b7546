/// A key as the terminal reports it.
public enum Key: Hashable, Sendable {
    /// A printable grapheme; with `.control` a Ctrl-letter (`character("c")` + `.control` is Ctrl-C).
    case character(Character)
    case enter, tab, backspace, escape
    case up, down, left, right, home, end, pageUp, pageDown, insert, delete
    /// F1–F12.
    case function(Int)
}

public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = Modifiers(rawValue: 1)
    public static let alt = Modifiers(rawValue: 2)
    public static let control = Modifiers(rawValue: 4)

    /// xterm's modifier parameter (`CSI 1 ; m A`): m − 1 is a bit set of shift, alt, control.
    init(xtermParameter: Int) {
        let bits = max(0, xtermParameter - 1)
        var result: Modifiers = []
        if bits & 1 != 0 { result.insert(.shift) }
        if bits & 2 != 0 { result.insert(.alt) }
        if bits & 4 != 0 { result.insert(.control) }
        self = result
    }
}

public struct KeyPress: Hashable, Sendable {
    public var key: Key
    public var modifiers: Modifiers

    public init(_ key: Key, _ modifiers: Modifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    public static func character(_ character: Character, _ modifiers: Modifiers = []) -> KeyPress {
        KeyPress(.character(character), modifiers)
    }

    /// Ctrl and a letter, as raw mode delivers it (Ctrl-C is byte 3: ISIG is off).
    public static func control(_ letter: Character) -> KeyPress { KeyPress(.character(letter), .control) }
}

public struct MouseEvent: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        case press(Int)
        case release(Int)
        /// Motion with a button held (1002 reports).
        case drag(Int)
        case motion
        case scrollUp, scrollDown, scrollLeft, scrollRight
    }

    public var action: Action
    /// 0-based cell.
    public var position: Position
    public var modifiers: Modifiers

    public init(_ action: Action, at position: Position, modifiers: Modifiers = []) {
        self.action = action
        self.position = position
        self.modifiers = modifiers
    }
}

public enum InputEvent: Hashable, Sendable {
    case key(KeyPress)
    /// Text pasted while bracketed paste (2004) is on: never taken for keys.
    case paste(String)
    case mouse(MouseEvent)
}
