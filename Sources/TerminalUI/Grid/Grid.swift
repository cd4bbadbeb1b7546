/// The screen as cells: what the application draws each frame, and what the renderer compares
/// with the previous frame. Coordinates are 0-based; drawing outside the grid is clipped, never a
/// crash, so a tiny terminal cannot take the program down.
public struct Grid: Equatable, Sendable {
    public let size: Size
    public let colorMode: ColorMode
    public private(set) var cells: [Cell]
    /// Where the terminal's cursor is shown after the frame (a text field's caret), or hidden.
    public var cursor: Position?

    public init(size: Size, colorMode: ColorMode = .palette, fill: Cell = .blank) {
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
        self.colorMode = colorMode
        cells = Array(repeating: fill, count: self.size.width * self.size.height)
    }

    public init(width: Int, height: Int, colorMode: ColorMode = .palette) {
        self.init(size: Size(width: width, height: height), colorMode: colorMode)
    }

    public var width: Int { size.width }
    public var height: Int { size.height }
    public var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    public subscript(x: Int, y: Int) -> Cell {
        cells[y * size.width + x]
    }

    func style(_ style: Style) -> Style {
        colorMode == .none ? style.withoutColors : style
    }

    /// Puts one glyph at (x, y) inside `clip`; returns the columns it took (0 when nothing fit).
    /// A wide glyph that does not fit before the clip's right edge leaves a blank instead, and a
    /// half of a wide glyph that is overwritten turns the other half blank.
    @discardableResult
    public mutating func put(_ grapheme: Character, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard area.contains(Position(x: x, y: y)) else { return 0 }
        let columns = TextWidth.width(of: grapheme)
        guard columns > 0 else { return 0 }
        let style = self.style(style)
        if columns == 2 && x + 1 >= area.maxX {
            set(Cell.blank(style), x: x, y: y)
            return 1
        }
        if columns == 2 {
            set(Cell(grapheme, style: style, width: 2, isAmbiguous: TextWidth.isAmbiguous(grapheme)), x: x, y: y)
            set(Cell.continuation(style), x: x + 1, y: y)
        } else {
            set(Cell(grapheme, style: style, width: 1, isAmbiguous: TextWidth.isAmbiguous(grapheme)), x: x, y: y)
        }
        return columns
    }

    /// Writes `cell` and repairs a wide glyph it cuts in half.
    private mutating func set(_ cell: Cell, x: Int, y: Int) {
        let index = y * size.width + x
        let old = cells[index]
        if old.isContinuation, cell.width != 0, x > 0 {
            cells[index - 1] = Cell.blank(cells[index - 1].style)
        } else if old.width == 2, x + 1 < size.width, !(cell.width == 2) {
            cells[index + 1] = Cell.blank(cells[index + 1].style)
        }
        cells[index] = cell
    }

    /// Draws `text` on one line from (x, y), clipped to `clip` (and the grid); returns the columns
    /// used. Zero-width graphemes are skipped.
    @discardableResult
    public mutating func draw(_ text: String, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard y >= area.y, y < area.maxY else { return 0 }
        var column = x
        for character in text {
            if column >= area.maxX { break }
            if column < area.x {
                column += TextWidth.width(of: character)
                // The right half of a wide glyph cut by the left edge shows as a blank.
                if column > area.x { put(" ", x: area.x, y: y, style: style, clip: area) }
                continue
            }
            column += put(character, x: column, y: y, style: style, clip: area)
        }
        return max(0, column - x)
    }

    /// Fills `rect` with `cell` (a blank of some background, usually). Only a one-column glyph
    /// can fill; any other fills with blanks of its style.
    public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let narrow = TextWidth.width(of: cell.grapheme) == 1 && !TextWidth.isAmbiguous(cell.grapheme)
        let cell = Cell(narrow ? cell.grapheme : " ", style: style(cell.style))
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { set(cell, x: x, y: y) }
        }
    }

    public mutating func clear() { fill(bounds) }

    /// `source`'s rows `rows` copied here from row `y` down, as many columns as both have: a part
    /// drawn off screen (a page taller than the terminal) shown scrolled.
    public mutating func paste(_ source: Grid, rows: Range<Int>, at y: Int) {
        let columns = min(width, source.width)
        for (offset, row) in rows.enumerated() where source.bounds.contains(Position(x: 0, y: row)) {
            let target = y + offset
            guard target >= 0, target < height else { continue }
            for x in 0..<columns { cells[target * width + x] = source.cells[row * source.width + x] }
        }
    }

    /// The grid as text, one line per row, continuation cells left out; for snapshot tests.
    public var text: String {
        var lines: [String] = []
        lines.reserveCapacity(size.height)
        for y in 0..<size.height {
            var line = ""
            for x in 0..<size.width where !self[x, y].isContinuation { line.append(self[x, y].grapheme) }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
