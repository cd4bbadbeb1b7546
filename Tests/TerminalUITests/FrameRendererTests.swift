import Testing
import TerminalUI
import TestSupport

@Suite("TerminalUI: frame renderer")
struct FrameRendererTests {
    static let palette: [Color] = [.default, .red, .green, .blue, .brightYellow, .brightBlack]
    static let samples: [String] = ["a", "b", "Z", " ", "é", "中", "文", "🙂", "🧑‍🌾", "❤️", "👍🏽", "ж", "─", "e\u{301}"]

    static func randomGrid(_ size: Size, _ random: inout SeededGenerator, from base: Grid? = nil, changes: Int? = nil) -> Grid {
        var grid = base ?? Grid(size: size)
        let count = changes ?? size.width * size.height / 2
        for _ in 0..<count {
            var text = ""
            for _ in 0..<Int.random(in: 1...6, using: &random) { text += samples.randomElement(using: &random)! }
            let style = Style(foreground: palette.randomElement(using: &random)!, background: palette.randomElement(using: &random)!,
                              attributes: Attributes(rawValue: UInt8.random(in: 0...31, using: &random)))
            grid.draw(text, x: Int.random(in: -2..<size.width, using: &random), y: Int.random(in: 0..<size.height, using: &random), style: style)
        }
        return grid
    }

    @Test("applying each frame's bytes to a terminal reproduces the frame, over many random frames")
    func randomFramesAreReproduced() {
        let size = Size(width: 23, height: 7)
        var terminal = TerminalModel(width: size.width, height: size.height)
        Self.playRandomFrames(size, seed: 22, steps: 300, freshEvery: 50, changes: 0...6, on: &terminal, lenient: false) { terminal in
            #expect(terminal.wraps == 0, "the renderer never relies on auto-wrap")
        }
    }

    /// Renders `steps` random frames (a new one every `freshEvery`, else up to `changes` cells
    /// changed) onto `terminal`, expecting each frame reproduced; `check` runs after each.
    static func playRandomFrames(_ size: Size, seed: UInt64, steps: Int, freshEvery: Int, changes: ClosedRange<Int>,
                                 on terminal: inout TerminalModel, lenient: Bool, check: (TerminalModel) -> Void = { _ in }) {
        var random = SeededGenerator(seed: seed)
        var renderer = FrameRenderer()
        var grid = Grid(size: size)
        for step in 0..<steps {
            grid = randomGrid(size, &random, from: step % freshEvery == 0 ? nil : grid, changes: Int.random(in: changes, using: &random))
            terminal.apply(renderer.render(grid))
            let differences = terminal.differences(from: grid, lenient: lenient)
            #expect(differences.isEmpty, "step \(step): \(differences.prefix(5))")
            check(terminal)
            if !differences.isEmpty { break }
        }
    }

    @Test("a terminal that measures ❤️ as 1 column and 👍🏽 as 4 still shows every other cell right")
    func ambiguousGlyphsAreFollowedByAbsolutePositions() {
        let size = Size(width: 19, height: 5)
        var terminal = TerminalModel(width: size.width, height: size.height)
        terminal.advance = { character in
            switch character {
            case "❤️": return 1
            case "👍🏽": return 4
            case "🧑‍🌾": return 2
            default: return TextWidth.width(of: character)
            }
        }
        Self.playRandomFrames(size, seed: 7, steps: 200, freshEvery: 40, changes: 0...5, on: &terminal, lenient: true)
    }

    @Test("one changed cell writes tens of bytes, not a screen; an unchanged frame writes nothing")
    func smallChangesWriteLittle() {
        var renderer = FrameRenderer()
        var grid = Grid(width: 80, height: 24)
        for row in 0..<24 { grid.draw(String(repeating: "habit ", count: 14), x: 0, y: row, style: Style(foreground: .cyan)) }
        let first = renderer.render(grid)
        #expect(first.count > 80 * 24)
        #expect(renderer.render(grid).isEmpty)
        grid.draw("X", x: 40, y: 12, style: Style(foreground: .red, attributes: .bold))
        let change = renderer.render(grid)
        #expect(change.count < 50, "\(change.count) bytes: \(String(decoding: change, as: UTF8.self).debugDescription)")
        var terminal = TerminalModel(width: 80, height: 24)
        terminal.apply(first)
        terminal.apply(change)
        #expect(terminal.differences(from: grid).isEmpty)
    }

    @Test("a frame is one buffer inside synchronized output; a new size or invalidate() repaints everything")
    func framesAreSynchronizedAndRepaintable() {
        var renderer = FrameRenderer()
        var grid = Grid(width: 10, height: 3)
        grid.draw("hi", x: 0, y: 0)
        let bytes = renderer.render(grid)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[?2026h") && text.hasSuffix("\u{1B}[?2026l"))
        #expect(text.contains("\u{1B}[2J"))
        renderer.invalidate()
        let again = String(decoding: renderer.render(grid), as: UTF8.self)
        #expect(again.contains("\u{1B}[2J") && again.contains("hi"))
        var bigger = Grid(width: 12, height: 3)
        bigger.draw("hi", x: 0, y: 0)
        var terminal = TerminalModel(width: 12, height: 3)
        terminal.apply(renderer.render(bigger))
        #expect(terminal.differences(from: bigger).isEmpty)
    }

    @Test("style changes are minimal SGR sequences")
    func minimalStyleChanges() {
        var renderer = FrameRenderer()
        var grid = Grid(width: 6, height: 1)
        grid.draw("a", x: 0, y: 0, style: .attributes(.bold))
        grid.draw("b", x: 1, y: 0, style: .attributes([.bold, .underline]))
        grid.draw("c", x: 2, y: 0, style: Style(foreground: .brightRed, attributes: [.underline]))
        grid.draw("d", x: 3, y: 0)
        let text = String(decoding: renderer.render(grid), as: UTF8.self)
        #expect(text.contains("\u{1B}[1ma\u{1B}[4mb\u{1B}[22;91mc\u{1B}[mdd") == false)  // guards the literal below
        #expect(text.contains("\u{1B}[1ma\u{1B}[4mb\u{1B}[22;91mc\u{1B}[md"), "\(text.debugDescription)")
    }

    @Test("the caret is shown where the grid asks and hidden otherwise")
    func caret() {
        var renderer = FrameRenderer()
        var grid = Grid(width: 10, height: 2)
        grid.cursor = Position(x: 3, y: 1)
        let shown = String(decoding: renderer.render(grid), as: UTF8.self)
        #expect(shown.contains("\u{1B}[2;4H\u{1B}[?25h"), "\(shown.debugDescription)")
        grid.cursor = nil
        #expect(String(decoding: renderer.render(grid), as: UTF8.self).contains("\u{1B}[?25l"))
    }
}
