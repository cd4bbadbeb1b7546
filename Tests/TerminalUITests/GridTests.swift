import Testing
import TerminalUI

@Suite("TerminalUI: cell grid")
struct GridTests {
    @Test("a wide glyph takes its cell and a continuation; overwriting either half blanks the other")
    func wideGlyphs() {
        var grid = Grid(width: 8, height: 1)
        #expect(grid.draw("a中b", x: 0, y: 0) == 4)
        #expect(grid[1, 0].grapheme == "中" && grid[1, 0].width == 2 && grid[2, 0].isContinuation)
        #expect(grid.text == "a中b    ")
        grid.put("x", x: 2, y: 0)
        #expect(grid.text == "a xb    ", "the left half of 中 was blanked")
        grid.draw("文", x: 4, y: 0)
        grid.put("y", x: 4, y: 0)
        #expect(grid.text == "a xby   ", "the right half of 文 was blanked")
        #expect(!grid[5, 0].isContinuation)
    }

    @Test("text is clipped to a rect; a wide glyph that does not fit leaves a blank, never half a glyph")
    func clipping() {
        var grid = Grid(width: 10, height: 3)
        let area = Rect(x: 2, y: 1, width: 5, height: 1)
        #expect(grid.draw("ab中文cd", x: 2, y: 1, clip: area) == 5)
        #expect(grid.text == "          \n  ab中    \n          ")
        grid.draw("中文", x: 1, y: 2, clip: Rect(x: 2, y: 2, width: 4, height: 1))
        #expect(grid.text.split(separator: "\n").last == "   文     ", "the right half of 中 cut by the left edge is blank")
        grid.draw("outside", x: 0, y: 0, clip: area)
        #expect(grid.text.hasPrefix("          \n"))
        grid.draw("far", x: -5, y: 7)
        grid.draw("🙂🙂🙂🙂🙂🙂", x: 0, y: 0)
        #expect(grid.text.hasPrefix("🙂🙂🙂🙂🙂\n"))
    }

    @Test("paste copies a range of another grid's rows, clipped to both grids")
    func paste() {
        var page = Grid(width: 6, height: 4)
        for (row, text) in ["one", "two", "中国", "four"].enumerated() { _ = page.draw(text, x: 0, y: row) }
        var screen = Grid(width: 4, height: 3)
        _ = screen.draw("top", x: 0, y: 0)
        screen.paste(page, rows: 2..<6, at: 1)
        #expect(screen.text == "top \n中国\nfour")
        #expect(screen[0, 1].width == 2 && screen[1, 1].isContinuation, "a wide glyph keeps its continuation")
    }

    @Test("zero-width graphemes take no cell; combining marks stay with their base")
    func zeroWidth() {
        var grid = Grid(width: 4, height: 1)
        grid.draw("e\u{301}\u{200B}x", x: 0, y: 0)
        #expect(grid[0, 0].grapheme == "e\u{301}" && grid[1, 0].grapheme == "x")
    }

    @Test("boxes, lines and titles; a box in a tiny grid is clipped, not a crash")
    func boxes() {
        var grid = Grid(width: 12, height: 4)
        grid.box(Rect(x: 0, y: 0, width: 12, height: 4), line: .rounded, title: "Habits")
        grid.horizontalLine(x: 1, y: 2, length: 10)
        #expect(grid.text == """
            ╭─ Habits ─╮
            │          │
            │──────────│
            ╰──────────╯
            """)
        var tiny = Grid(width: 3, height: 2)
        tiny.box(Rect(x: -1, y: 0, width: 40, height: 9), title: "a long title")
        tiny.box(Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(tiny.text == "─ a\n   ", "the title starts two cells into the frame, which starts off-screen")
        var empty = Grid(width: 0, height: 0)
        empty.draw("x", x: 0, y: 0)
        empty.box(Rect(x: 0, y: 0, width: 5, height: 5))
        #expect(empty.text == "")
    }

    @Test("NO_COLOR drops colours and keeps bold, dim and reverse")
    func noColor() {
        #expect(ColorMode(environment: ["NO_COLOR": "1"]) == .none)
        #expect(ColorMode(environment: ["NO_COLOR": ""]) == .palette)
        #expect(ColorMode(environment: [:]) == .palette)
        var grid = Grid(width: 4, height: 1, colorMode: .none)
        grid.draw("a", x: 0, y: 0, style: Style(foreground: .red, background: .blue, attributes: [.bold, .reverse, .dim]))
        #expect(grid[0, 0].style == Style(attributes: [.bold, .reverse, .dim]))
        grid.fill(Rect(x: 1, y: 0, width: 3, height: 1), with: .blank(Style(background: .green, attributes: .reverse)))
        #expect(grid[2, 0].style == Style(attributes: .reverse))
    }

    @Test("fill takes one-column glyphs only, so it cannot leave half a wide glyph")
    func fillIsNarrow() {
        var grid = Grid(width: 3, height: 1)
        grid.fill(grid.bounds, with: Cell("中", width: 2))
        #expect(grid.text == "   " && (0..<3).allSatisfy { grid[$0, 0].width == 1 })
        grid.fill(grid.bounds, with: Cell("·"))
        #expect(grid.text == "···")
    }
}
