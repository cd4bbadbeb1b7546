/// Turns frames into bytes for the terminal: only the cells that changed since the previous frame,
/// with the shortest cursor moves and style changes, the whole frame as one buffer wrapped in
/// synchronized output so the terminal shows it at once. Work and output are O(cells) per frame;
/// the buffer is reused between frames.
public struct FrameRenderer {
    private var previous: Grid?
    private var output: [UInt8] = []
    /// Where the terminal's cursor is, when known; unknown after a glyph terminals disagree on.
    private var cursorX = 0, cursorY = 0, cursorKnown = false
    private var pen = Style.plain
    private var cursorVisible = false

    public init() {
        output.reserveCapacity(16 * 1024)
    }

    /// Forgets what the terminal shows, so the next frame is painted whole: after a resize, a
    /// resume from Ctrl-Z, or anything else that may have drawn on the terminal.
    public mutating func invalidate() {
        previous = nil
    }

    /// The bytes that turn the previous frame into `next` (the whole screen after `invalidate()`
    /// or a size change); empty when nothing changed.
    public mutating func render(_ next: Grid) -> [UInt8] {
        output.removeAll(keepingCapacity: true)
        output.append(contentsOf: ControlSequence.synchronizedBegin)
        let base: Grid
        if let previous, previous.size == next.size {
            base = previous
        } else {
            output.append(contentsOf: ControlSequence.resetStyle)
            output.append(contentsOf: ControlSequence.clearScreen)
            pen = .plain
            cursorX = 0; cursorY = 0; cursorKnown = true
            base = Grid(size: next.size, colorMode: next.colorMode)
            // The opposite of what the frame wants, so the caret's state is written below: after a
            // clear (or whatever happened before a repaint) it is not known.
            cursorVisible = next.cursor == nil
        }
        let before = output.count
        paintChanges(from: base, to: next)
        let changedCells = output.count != before
        finishCursor(next)
        previous = next
        if !changedCells && output.count == ControlSequence.synchronizedBegin.count { return [] }
        output.append(contentsOf: ControlSequence.synchronizedEnd)
        return output
    }

    private mutating func paintChanges(from old: Grid, to new: Grid) {
        let width = new.width
        old.cells.withUnsafeBufferPointer { oldCells in
            new.cells.withUnsafeBufferPointer { newCells in
                for y in 0..<new.height {
                    let row = y * width
                    // Cells up to here are rewritten even if unchanged: a glyph terminals disagree on
                    // may have spilled over them.
                    var forceUntil = -1
                    var x = 0
                    while x < width {
                        let cell = newCells[row + x]
                        if cell.isContinuation || (x >= forceUntil && cell == oldCells[row + x]) {
                            x += 1
                            continue
                        }
                        moveCursor(to: x, y)
                        setPen(cell.style)
                        if cell.isAmbiguous {
                            // Blanks first: a terminal that gives the glyph fewer columns than we
                            // do shows a blank after it, not what was there before.
                            for _ in 0..<max(1, Int(cell.width)) { output.append(0x20) }
                            cursorX = x + max(1, Int(cell.width))
                            if cursorX >= width { cursorKnown = false }
                            moveCursor(to: x, y)
                        }
                        for byte in cell.grapheme.utf8 { output.append(byte) }
                        let advance = Int(cell.width)
                        if cell.isAmbiguous {
                            cursorKnown = false
                            forceUntil = max(forceUntil, x + advance + 2)
                        } else {
                            cursorX = x + advance
                            // At the right margin the terminal waits to wrap: the column is unreliable.
                            if cursorX >= width { cursorKnown = false }
                        }
                        x += max(1, advance)
                    }
                }
            }
        }
    }

    private mutating func finishCursor(_ next: Grid) {
        if let caret = next.cursor, caret.x >= 0, caret.x < next.width, caret.y >= 0, caret.y < next.height {
            if !(cursorKnown && cursorX == caret.x && cursorY == caret.y) || !cursorVisible {
                moveCursor(to: caret.x, caret.y)
            }
            if !cursorVisible { output.append(contentsOf: ControlSequence.showCursor); cursorVisible = true }
        } else if cursorVisible {
            output.append(contentsOf: ControlSequence.hideCursor)
            cursorVisible = false
        }
    }

    /// Writes a move of `steps` cells (CSI n `forward`, or `back` for a negative count, n left out
    /// for one) when that is shorter than CUP's `absoluteLength` bytes; false, writing nothing, when not.
    private mutating func moveRelatively(by steps: Int, forward: UInt8, back: UInt8, cheaperThan absoluteLength: Int) -> Bool {
        let distance = abs(steps)
        guard 3 + (distance == 1 ? 0 : decimalLength(distance)) < absoluteLength else { return false }
        output.appendCSI()
        if distance != 1 { output.appendDecimal(distance) }
        output.append(steps > 0 ? forward : back)
        return true
    }

    /// The shortest of: nothing, CR, CR LF, relative moves in the row or column, or CUP.
    private mutating func moveCursor(to x: Int, _ y: Int) {
        if cursorKnown && cursorX == x && cursorY == y { return }
        let absoluteLength = 4 + decimalLength(y + 1) + decimalLength(x + 1)
        if cursorKnown {
            if y == cursorY {
                if x == 0 { output.append(0x0D); cursorX = 0; return }
                if moveRelatively(by: x - cursorX, forward: 0x43, back: 0x44, cheaperThan: absoluteLength) {  // C forward, D back
                    cursorX = x
                    return
                }
            } else if y == cursorY + 1 && x == 0 {
                output.append(0x0D); output.append(0x0A)
                cursorX = 0; cursorY = y
                return
            } else if x == cursorX {
                if moveRelatively(by: y - cursorY, forward: 0x42, back: 0x41, cheaperThan: absoluteLength) {  // B down, A up
                    cursorY = y
                    return
                }
            }
        }
        output.appendCSI()
        if y != 0 || x != 0 {
            output.appendDecimal(y + 1)
            if x != 0 { output.append(0x3B); output.appendDecimal(x + 1) }
        }
        output.append(0x48)
        cursorX = x; cursorY = y; cursorKnown = true
    }

    /// One SGR sequence from the current pen to `style`: only what changed, or a reset and the
    /// new style when that is shorter.
    private mutating func setPen(_ style: Style) {
        guard style != pen else { return }
        let start = output.count
        output.appendCSI()
        var first = true
        func parameter(_ value: Int, into output: inout [UInt8]) {
            if !first { output.append(0x3B) }
            output.appendDecimal(value)
            first = false
        }
        // Incremental: attributes turned off, then on, then colours.
        let removed = pen.attributes.subtracting(style.attributes)
        var added = style.attributes.subtracting(pen.attributes)
        if removed.contains(.bold) || removed.contains(.dim) {
            parameter(22, into: &output)
            // 22 ends both bold and dim; the one that stays is set again.
            added.formUnion(style.attributes.intersection([.bold, .dim]))
        }
        if removed.contains(.italic) { parameter(23, into: &output) }
        if removed.contains(.underline) { parameter(24, into: &output) }
        if removed.contains(.reverse) { parameter(27, into: &output) }
        Self.appendAttributes(added, parameter: { parameter($0, into: &output) })
        if style.foreground != pen.foreground { parameter(Self.foregroundCode(style.foreground), into: &output) }
        if style.background != pen.background { parameter(Self.backgroundCode(style.background), into: &output) }
        output.append(0x6D)
        let incremental = output.count - start
        // From a reset: ESC [ 0 ; the style's parameters m (ESC [ m alone for the plain style).
        var resetLength = 3
        var resetParameters = 0
        var resetDigits = 0
        for (attribute, code) in Self.attributeCodes where style.attributes.contains(attribute) { resetParameters += 1; resetDigits += decimalLength(code) }
        if !style.foreground.isDefault { resetParameters += 1; resetDigits += 2 }
        if !style.background.isDefault { resetParameters += 1; resetDigits += style.background.index >= 8 ? 3 : 2 }
        if resetParameters > 0 { resetLength += 1 + resetParameters + resetDigits }
        if resetLength < incremental {
            output.removeSubrange(start...)
            output.appendCSI()
            first = true
            if resetParameters > 0 {
                output.append(0x30)
                first = false
                Self.appendAttributes(style.attributes, parameter: { parameter($0, into: &output) })
                if !style.foreground.isDefault { parameter(Self.foregroundCode(style.foreground), into: &output) }
                if !style.background.isDefault { parameter(Self.backgroundCode(style.background), into: &output) }
            }
            output.append(0x6D)
        }
        pen = style
    }

    private static let attributeCodes: [(Attributes, Int)] = [(.bold, 1), (.dim, 2), (.italic, 3), (.underline, 4), (.reverse, 7)]

    @inline(__always)
    private static func appendAttributes(_ attributes: Attributes, parameter: (Int) -> Void) {
        guard !attributes.isEmpty else { return }
        for (attribute, code) in attributeCodes where attributes.contains(attribute) { parameter(code) }
    }

    static func foregroundCode(_ color: Color) -> Int {
        color.isDefault ? 39 : color.index < 8 ? 30 + Int(color.index) : 90 + Int(color.index) - 8
    }

    static func backgroundCode(_ color: Color) -> Int {
        color.isDefault ? 49 : color.index < 8 ? 40 + Int(color.index) : 100 + Int(color.index) - 8
    }
}
