import TerminalUI

/// `terminal-demo --bench`: the renderer's cost without a terminal. A full-screen list (a box, a
/// row of text, emoji and CJK per line) whose selection moves one row per key; each "key" builds
/// the grid and diffs it. Prints the median and worst time per key and the bytes written.
func runRenderBenchmark() {
    let clock = ContinuousClock()
    func frame(_ size: Size, selected: Int) -> Grid {
        var grid = Grid(size: size)
        grid.box(grid.bounds, style: Style(foreground: .cyan), line: .rounded, title: "Habits")
        for row in 1..<(size.height - 1) {
            grid.draw("🏃 Run every morning \(row) 中文 ❤️ 12/30 days", x: 2, y: row,
                      style: Style(foreground: row % 2 == 0 ? .green : .default, attributes: row == selected ? .reverse : []))
        }
        return grid
    }
    for size in [Size(width: 80, height: 24), Size(width: 200, height: 60)] {
        var renderer = FrameRenderer()
        let first = renderer.render(frame(size, selected: 1)).count
        var times: [Duration] = []
        var bytes: [Int] = []
        for key in 0..<500 {
            let start = clock.now
            let written = renderer.render(frame(size, selected: 1 + key % (size.height - 2))).count
            times.append(clock.now - start)
            bytes.append(written)
        }
        times.sort()
        bytes.sort()
        print("\(size.width)x\(size.height): first frame \(first) bytes; per key median \(times[times.count / 2]), "
              + "max \(times.last!); bytes per key median \(bytes[bytes.count / 2])")
    }
}
