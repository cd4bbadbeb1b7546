import TerminalUI

/// A small terminal emulator for the renderer's tests: it interprets what the renderer writes
/// (text, CR, LF, CUP, relative moves, ED, SGR, private modes) into cells, the way an
/// xterm-family terminal does, including wide glyphs, overwritten halves and the pending wrap
/// at the right margin. `advance` lets a test play a terminal that disagrees on some glyphs.
struct TerminalModel {
    let width: Int
    let height: Int
    private(set) var cells: [Cell]
    private(set) var x = 0, y = 0
    private var pendingWrap = false
    private var pen = Style.plain
    private(set) var modes: [Int: Bool] = [:]
    private(set) var wraps = 0
    var advance: (Character) -> Int = { TextWidth.width(of: $0) }

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: .blank, count: width * height)
    }

    subscript(x: Int, y: Int) -> Cell { cells[y * width + x] }

    mutating func apply(_ bytes: [UInt8]) {
        var index = 0
        var text: [UInt8] = []
        func flush(_ model: inout TerminalModel) {
            guard !text.isEmpty else { return }
            for character in String(decoding: text, as: UTF8.self) { model.print(character) }
            text.removeAll()
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B {
                flush(&self)
                precondition(index + 1 < bytes.count && bytes[index + 1] == 0x5B, "only CSI sequences are expected")
                var end = index + 2
                while !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                control(Array(bytes[(index + 2)..<end]), final: bytes[end])
                index = end + 1
            } else if byte == 0x0D {
                flush(&self); x = 0; pendingWrap = false; index += 1
            } else if byte == 0x0A {
                flush(&self); y = min(height - 1, y + 1); pendingWrap = false; index += 1
            } else {
                text.append(byte); index += 1
            }
        }
        flush(&self)
    }

    private mutating func control(_ body: [UInt8], final: UInt8) {
        if body.first == 0x3F {  // ?: private mode
            let number = Int(String(decoding: body.dropFirst(), as: UTF8.self)) ?? -1
            modes[number] = final == 0x68
            return
        }
        let numbers = String(decoding: body, as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func number(_ at: Int, _ fallback: Int) -> Int { at < numbers.count ? (numbers[at] ?? fallback) : fallback }
        pendingWrap = false
        switch final {
        case 0x48: y = min(height, max(1, number(0, 1))) - 1; x = min(width, max(1, number(1, 1))) - 1
        case 0x41: y = max(0, y - max(1, number(0, 1)))
        case 0x42: y = min(height - 1, y + max(1, number(0, 1)))
        case 0x43: x = min(width - 1, x + max(1, number(0, 1)))
        case 0x44: x = max(0, x - max(1, number(0, 1)))
        case 0x4A: if number(0, 0) == 2 { cells = Array(repeating: .blank(Style(background: pen.background)), count: width * height) }
        case 0x6D: sgr(numbers.map { $0 ?? 0 })
        default: preconditionFailure("unexpected CSI final \(final)")
        }
    }

    private mutating func sgr(_ parameters: [Int]) {
        for parameter in parameters.isEmpty ? [0] : parameters {
            switch parameter {
            case 0: pen = .plain
            case 1: pen.attributes.insert(.bold)
            case 2: pen.attributes.insert(.dim)
            case 3: pen.attributes.insert(.italic)
            case 4: pen.attributes.insert(.underline)
            case 7: pen.attributes.insert(.reverse)
            case 22: pen.attributes.subtract([.bold, .dim])
            case 23: pen.attributes.remove(.italic)
            case 24: pen.attributes.remove(.underline)
            case 27: pen.attributes.remove(.reverse)
            case 30...37: pen.foreground = Color(palette: UInt8(parameter - 30))
            case 39: pen.foreground = .default
            case 40...47: pen.background = Color(palette: UInt8(parameter - 40))
            case 49: pen.background = .default
            case 90...97: pen.foreground = Color(palette: UInt8(parameter - 90 + 8))
            case 100...107: pen.background = Color(palette: UInt8(parameter - 100 + 8))
            default: preconditionFailure("unexpected SGR \(parameter)")
            }
        }
    }

    private mutating func print(_ character: Character) {
        let columns = advance(character)
        guard columns > 0 else { return }
        if pendingWrap || x + min(columns, 2) > width {
            wraps += 1
            x = 0
            y = min(height - 1, y + 1)
            pendingWrap = false
        }
        let glyphColumns = min(columns, 2)
        put(Cell(character, style: pen, width: UInt8(glyphColumns)), at: x)
        if glyphColumns == 2 { put(Cell(" ", style: pen, width: 0), at: x + 1) }
        // A terminal that advances further than the glyph's cells leaves garbage there.
        for spill in glyphColumns..<columns where x + spill < width { put(Cell("\u{FFFD}", style: pen), at: x + spill) }
        x += columns
        if x >= width { x = width - 1; pendingWrap = true }
    }

    private mutating func put(_ cell: Cell, at column: Int) {
        let index = y * width + column
        let old = cells[index]
        if old.isContinuation, cell.width != 0, column > 0 { cells[index - 1] = .blank(cells[index - 1].style) }
        if old.width == 2, column + 1 < width, cell.width != 2 { cells[index + 1] = .blank(cells[index + 1].style) }
        cells[index] = cell
    }

    /// Cells that differ from `grid`, described; empty when the terminal shows the grid. With
    /// `lenient`, a glyph this terminal measures differently may be followed by blanks.
    func differences(from grid: Grid, lenient: Bool = false) -> [String] {
        var found: [String] = []
        for row in 0..<height {
            for column in 0..<width {
                let want = grid[column, row], have = self[column, row]
                var same = want.grapheme == have.grapheme && want.style == have.style && want.width == have.width
                if !same && lenient && want.isContinuation {
                    same = have.grapheme == " " && have.style.background == want.style.background
                }
                if !same && lenient && want.width == 2 && want.isAmbiguous {
                    same = want.grapheme == have.grapheme && want.style == have.style
                }
                if !same { found.append("(\(column),\(row)): want \(want), have \(have)") }
            }
        }
        return found
    }
}
