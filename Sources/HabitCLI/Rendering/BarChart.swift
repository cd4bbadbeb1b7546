/// A small bar chart drawn with eighth blocks (▁▂▃▄▅▆▇█), one column per value, a few rows
/// high: habit strength over the last weeks, a numeric habit's daily totals against its target.
struct BarChart {
    static let blocks = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    static let referenceMark = "┈"

    /// One value per column; nil draws nothing (a day before the start).
    var values: [Double?]
    /// The value of a full column.
    var maximum: Double
    var height = 4
    /// A level drawn as a dotted line where the columns do not reach it (a target).
    var reference: Double? = nil

    /// Eighths of a row filled by `value`: at least one for any value above 0, so it shows.
    func filled(_ value: Double) -> Int {
        guard maximum > 0, value > 0 else { return 0 }
        let units = height * 8
        return min(units, max(1, Int((value / maximum * Double(units)).rounded())))
    }

    /// The rows, top first, each a cell per column; `paint(column, text)` colours a bar's cell.
    func rows(paint: (Int, String) -> String, dim: (String) -> String) -> [String] {
        let referenceRow: Int? = reference.map { level in
            let units = maximum > 0 ? Int((level / maximum * Double(height * 8)).rounded()) : 0
            return height - 1 - max(0, min(height * 8, units) - 1) / 8
        }
        return (0..<height).map { row in
            var line = ""
            for (column, value) in values.enumerated() {
                guard let value else {
                    line += row == referenceRow ? dim(Self.referenceMark) : " "
                    continue
                }
                let level = max(0, min(8, filled(value) - (height - 1 - row) * 8))
                if level == 0 {
                    line += row == referenceRow ? dim(Self.referenceMark) : " "
                } else {
                    line += paint(column, Self.blocks[level])
                }
            }
            return line
        }
    }

    /// The chart with labels on the left (`labels[row]`, empty for none) and, under it, the
    /// first and last column's labels.
    func render(labels: [String], first: String, last: String, style: Style, paint: (Int, String) -> String) -> [String] {
        let gutter = max(4, labels.map(TerminalText.width).max() ?? 0)
        var lines: [String] = []
        for (row, text) in rows(paint: paint, dim: style.dim).enumerated() {
            let label = row < labels.count ? labels[row] : ""
            let axis = label.isEmpty ? "│" : "┤"
            lines.append(("  " + style.dim(TerminalText.padLeft(label, to: gutter) + " " + axis) + text).trimmingTrailingSpaces())
        }
        let width = values.count
        let firstWidth = TerminalText.width(first)
        let lastWidth = TerminalText.width(last)
        let indent = String(repeating: " ", count: 2 + gutter + 2)
        if firstWidth + lastWidth + 2 <= width {
            let gap = String(repeating: " ", count: width - firstWidth - lastWidth)
            lines.append(indent + style.dim(first + gap + last))
        } else {
            lines.append(indent + String(repeating: " ", count: max(0, width - lastWidth)) + style.dim(last))
        }
        return lines
    }
}
