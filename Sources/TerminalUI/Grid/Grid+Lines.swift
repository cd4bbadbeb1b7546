/// Box-drawing characters for frames and separators.
public struct LineStyle: Sendable {
    public let horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight: Character

    public static let single = LineStyle(horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘")
    public static let rounded = LineStyle(horizontal: "─", vertical: "│", topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯")
    public static let double = LineStyle(horizontal: "═", vertical: "║", topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝")
    public static let heavy = LineStyle(horizontal: "━", vertical: "┃", topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛")
    /// Plain ASCII, for terminals whose font lacks box drawing.
    public static let ascii = LineStyle(horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+")
}

extension Grid {
    public mutating func horizontalLine(x: Int, y: Int, length: Int, style: Style = .plain, line: LineStyle = .single, clip: Rect? = nil) {
        guard length > 0 else { return }
        for column in x..<(x + length) { put(line.horizontal, x: column, y: y, style: style, clip: clip) }
    }

    public mutating func verticalLine(x: Int, y: Int, length: Int, style: Style = .plain, line: LineStyle = .single, clip: Rect? = nil) {
        guard length > 0 else { return }
        for row in y..<(y + length) { put(line.vertical, x: x, y: row, style: style, clip: clip) }
    }

    /// A frame around `rect` (its outermost cells); a title, if any, in the top edge. Rectangles
    /// narrower or lower than 2 cells draw nothing.
    public mutating func box(_ rect: Rect, style: Style = .plain, line: LineStyle = .single, title: String? = nil, clip: Rect? = nil) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        horizontalLine(x: rect.x + 1, y: rect.y, length: rect.width - 2, style: style, line: line, clip: clip)
        horizontalLine(x: rect.x + 1, y: rect.maxY - 1, length: rect.width - 2, style: style, line: line, clip: clip)
        verticalLine(x: rect.x, y: rect.y + 1, length: rect.height - 2, style: style, line: line, clip: clip)
        verticalLine(x: rect.maxX - 1, y: rect.y + 1, length: rect.height - 2, style: style, line: line, clip: clip)
        put(line.topLeft, x: rect.x, y: rect.y, style: style, clip: clip)
        put(line.topRight, x: rect.maxX - 1, y: rect.y, style: style, clip: clip)
        put(line.bottomLeft, x: rect.x, y: rect.maxY - 1, style: style, clip: clip)
        put(line.bottomRight, x: rect.maxX - 1, y: rect.maxY - 1, style: style, clip: clip)
        if let title, rect.width > 4 {
            let room = Rect(x: rect.x + 2, y: rect.y, width: rect.width - 4, height: 1)
            draw(TextWidth.truncate(" " + title + " ", to: room.width), x: room.x, y: room.y, style: style,
                 clip: clip.map { $0.intersection(room) } ?? room)
        }
    }
}
