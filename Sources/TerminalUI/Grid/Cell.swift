/// One column of one row of the screen.
///
/// A wide glyph lives in its first cell; the cell to its right is a continuation that shows
/// nothing of its own and is never written to the terminal separately.
public struct Cell: Hashable, Sendable {
    public var grapheme: Character
    public var style: Style
    /// 1 or 2 for a glyph, 0 for the continuation of a wide glyph.
    public var width: UInt8
    /// Terminals disagree on this glyph's width (`TextWidth.isAmbiguous`): the renderer places
    /// the cursor absolutely after it.
    public var isAmbiguous: Bool

    public init(_ grapheme: Character, style: Style = .plain, width: UInt8 = 1, isAmbiguous: Bool = false) {
        self.grapheme = grapheme
        self.style = style
        self.width = width
        self.isAmbiguous = isAmbiguous
    }

    public static let blank = Cell(" ")

    public static func blank(_ style: Style) -> Cell { Cell(" ", style: style) }

    static func continuation(_ style: Style) -> Cell { Cell(" ", style: style, width: 0) }

    public var isContinuation: Bool { width == 0 }
}

public struct Position: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) { self.x = x; self.y = y }
}

public struct Size: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
}

/// A rectangle of cells; empty when either side is 0 or less.
public struct Rect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    public func contains(_ position: Position) -> Bool {
        position.x >= x && position.x < maxX && position.y >= y && position.y < maxY
    }

    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// Smaller by `amount` on every side (a box's inside).
    public func inset(by amount: Int) -> Rect {
        Rect(x: x + amount, y: y + amount, width: max(0, width - 2 * amount), height: max(0, height - 2 * amount))
    }
}
