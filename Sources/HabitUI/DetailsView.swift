import HabitCore
import HabitLocalization
import HabitScreens
import TerminalUI

/// A tracker's details over the main screen's body: HabitScreens' figures (`habit show`'s), the month calendar
/// (←/→ another month) and the last 53 weeks, each day a glyph so the states read without colour.
/// A page taller than the screen (40×15) is drawn whole off screen and shown from the part the
/// user asked for with ↑/↓: the figures, the month, the heatmap.
extension ScreenView {
    /// The parts ↑/↓ step through: the name and figures, the month, the heatmap.
    public static let detailsParts = 3

    func drawDetails(_ details: TrackerDetails, part: Int, into grid: inout Grid, in body: Rect) {
        grid.fill(body)
        var page = Grid(size: Size(width: body.width, height: 64), colorMode: grid.colorMode)
        let (starts, height) = drawDetailsPage(details, into: &page, in: Rect(x: 0, y: 0, width: body.width, height: page.height))
        let offset = min(starts[max(0, min(part, starts.count - 1))], max(0, height - body.height))
        grid.paste(page, rows: offset..<(offset + body.height), at: body.y)
        // The last column is free of the page's content: an arrow there says more is above or below.
        if offset > 0 { _ = grid.put("↑", x: body.x + body.width - 1, y: body.y, style: .attributes(.bold)) }
        if offset + body.height < height { _ = grid.put("↓", x: body.x + body.width - 1, y: body.y + body.height - 1, style: .attributes(.bold)) }
    }

    /// The whole page from the top of `body`; the rows where its parts start, and its height.
    private func drawDetailsPage(_ details: TrackerDetails, into grid: inout Grid, in body: Rect) -> (starts: [Int], height: Int) {
        var y = body.y
        let emoji = details.emoji.map { DataText.safe($0) + " " } ?? ""
        var x = grid.draw(TextWidth.truncate(emoji + DataText.safe(details.name), to: body.width - 1), x: 1, y: y,
                          style: Style(foreground: color(details.color), attributes: .bold))
        x += 1
        if x + 3 < body.width {
            _ = grid.draw(TextWidth.truncate("· " + DataText.safe(details.category), to: body.width - x - 1), x: x + 1, y: y, style: .attributes(.dim))
        }
        y += 1
        let figures = figureLines(details)
        let calendarWidth = 2 + 7 * 4
        let monthY: Int
        let labelWidth = figures.map { TextWidth.width($0.label) }.max() ?? 0
        let valueWidth = figures.map { TextWidth.width($0.value) }.max() ?? 0
        // Side by side (the month on the left, the figures on the right) only when every figure
        // fits whole beside the month; else the figures above it.
        if body.width >= calendarWidth + 3 + labelWidth + 2 + valueWidth + 1 {
            monthY = y
            let monthHeight = drawMonth(details.month, into: &grid, x: 1, y: y + 1, bottom: body.y + body.height)
            for (index, figure) in figures.enumerated() where y + 1 + index < body.y + body.height {
                let fx = calendarWidth + 3
                _ = grid.draw(TextWidth.truncate(TextWidth.pad(figure.label, to: labelWidth) + "  ", to: body.width - fx), x: fx, y: y + 1 + index, style: .attributes(.dim))
                drawValue(figure.parts, into: &grid, x: fx + labelWidth + 2, y: y + 1 + index, clip: body)
            }
            y += max(monthHeight, figures.count) + 2
        } else {
            for figure in figures where y < body.y + body.height {
                let used = grid.draw(TextWidth.truncate(figure.label + ": ", to: body.width - 1), x: 1, y: y, style: .attributes(.dim))
                drawValue(figure.parts, into: &grid, x: 1 + used, y: y, clip: body)
                y += 1
            }
            y += 1
            monthY = y
            y += drawMonth(details.month, into: &grid, x: 1, y: y, bottom: body.y + body.height) + 1
        }
        drawHeatmap(details.heatmap, into: &grid, y: y, in: body)
        return ([body.y, monthY, y], y + 1 + details.heatmap.weekdays.count - body.y)
    }

    /// HabitScreens' figures, the ones `habit show` prints, in its words.
    func figureLines(_ details: TrackerDetails) -> [FigureWords] {
        details.figures.words(t)
    }

    /// A figure's value from `x`, the figure itself in bold, a missing one dim, good news green;
    /// nothing past `clip`.
    private func drawValue(_ parts: [FigureWords.Part], into grid: inout Grid, x: Int, y: Int, clip: Rect) {
        var x = x
        for part in parts {
            let style: Style = switch part.emphasis {
            case .plain: .plain
            case .strong: .attributes(.bold)
            case .quiet: .attributes(.dim)
            case .good: Style(foreground: .green, attributes: .bold)
            }
            x += grid.draw(part.text, x: x, y: y, style: style, clip: clip)
        }
    }

    /// A day's glyph and style: the same in the calendar and the heatmap.
    func look(_ state: TrackerDetails.DayState) -> (glyph: Character, style: Style) {
        switch state {
        case .done: ("✓", Style(foreground: .green, attributes: .bold))
        case .missed: ("✗", Style(foreground: .red))
        case .skipped: ("–", Style(foreground: .yellow))
        case .forgiven: ("~", Style(foreground: .cyan))
        case .slipped: ("!", Style(foreground: .red, attributes: .bold))
        case .pending: ("○", .plain)
        case .notDue: ("·", .attributes(.dim))
        case .beforeStart, .future: (" ", .attributes(.dim))
        }
    }

    /// A week strip's day: its calendar look, or `habit cal`'s partial glyph and colour (◐, yellow)
    /// for a numeric day that went part of the way.
    func look(_ mark: DayScreen.WeekMark) -> (glyph: Character, style: Style) {
        mark.isPartial ? ("◐", Style(foreground: .yellow)) : look(mark.state)
    }

    /// The month: its title, the weekdays, a row per week; returns the rows used.
    private func drawMonth(_ month: TrackerDetails.Month, into grid: inout Grid, x: Int, y: Int, bottom: Int) -> Int {
        guard y < bottom else { return 0 }
        _ = grid.draw("‹ " + t.monthYear(year: month.year, month: month.month) + " ›", x: x, y: y, style: .attributes(.bold))
        guard y + 1 < bottom else { return 1 }
        for (column, weekday) in month.weekdays.enumerated() {
            _ = grid.draw(TextWidth.padLeft(t.weekdayMini(weekday), to: 3), x: x + column * 4, y: y + 1, style: .attributes(.dim))
        }
        var rows = 2
        for (row, week) in month.weeks.enumerated() where y + 2 + row < bottom {
            for (column, day) in week.enumerated() {
                guard let day else { continue }
                let (glyph, style) = look(day.state)
                let cellX = x + column * 4
                var number: Style = day.state == .future || day.state == .beforeStart ? .attributes(.dim) : .plain
                if day.isToday { number.attributes.formUnion([.bold, .underline]) }
                _ = grid.draw(TextWidth.padLeft(String(day.date.day), to: 2), x: cellX, y: y + 2 + row, style: number)
                _ = grid.put(glyph, x: cellX + 2, y: y + 2 + row, style: style)
            }
            rows += 1
        }
        return rows
    }

    /// The last 53 weeks, a column a week (as many of the latest as the width holds).
    private func drawHeatmap(_ heatmap: TrackerDetails.Heatmap, into grid: inout Grid, y: Int, in body: Rect) {
        let bottom = body.y + body.height
        guard y + 1 < bottom else { return }
        _ = grid.draw(TextWidth.truncate(t[.uiDetailsLastYear], to: body.width - 1), x: 1, y: y, style: .attributes(.bold))
        let labelWidth = 3
        let columns = min(heatmap.weeks.count, max(0, body.width - labelWidth - 2))
        let weeks = heatmap.weeks.suffix(columns)
        for (row, weekday) in heatmap.weekdays.enumerated() where y + 1 + row < bottom {
            _ = grid.draw(TextWidth.padLeft(t.weekdayMini(weekday), to: 2), x: 1, y: y + 1 + row, style: .attributes(.dim))
            for (column, week) in weeks.enumerated() where week.indices.contains(row) {
                let day = week[row]
                var (glyph, style) = look(day.state)
                if day.isToday { style.attributes.insert(.reverse) }
                _ = grid.put(glyph, x: 1 + labelWidth + column, y: y + 1 + row, style: style)
            }
        }
    }
}
