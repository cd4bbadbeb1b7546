import HabitLocalization
import HabitScreens
import TerminalUI

/// The statistics tab's per-tracker rows under a header row, in aligned columns: the name, its
/// strength, and its current / best streak.
extension ScreenView {
    /// The rows from `scroll` on (as many as fit); the header row shows which: "21–40/100".
    func drawTrackerColumns(_ statistics: StatisticsScreen, scroll: Int, into grid: inout Grid, in area: Rect) {
        let rows = statistics.trackers.map { figures in
            (figures, strength: figures.strength.map { t.percent($0 * 100) } ?? "–",
             streak: "\(t.streak(figures.currentStreak, figures.streakUnit)) / \(t.streak(figures.bestStreak, figures.streakUnit))")
        }
        guard !rows.isEmpty, area.height > 1 else { return }
        let strengthTitle = t[.uiColumnStrength], streakTitle = t[.uiColumnStreaks]
        let strengthWidth = max(TextWidth.width(strengthTitle), rows.map { TextWidth.width($0.strength) }.max() ?? 0)
        let streakWidth = max(TextWidth.width(streakTitle), rows.map { TextWidth.width($0.streak) }.max() ?? 0)
        let rightWidth = strengthWidth + 2 + streakWidth
        let rightX = max(5, area.x + area.width - rightWidth)
        func columns(_ strength: String, _ streak: String) -> String {
            TextWidth.padLeft(strength, to: strengthWidth) + "  " + TextWidth.padLeft(streak, to: streakWidth)
        }
        var y = area.y
        _ = grid.draw(columns(strengthTitle, streakTitle), x: rightX, y: y, style: .attributes([.bold, .dim]), clip: area)
        let shown = area.height - 1
        let first = max(0, min(scroll, rows.count - shown))
        if rows.count > shown {
            let position = "\(first + 1)–\(min(rows.count, first + shown))/\(rows.count)"
            if TextWidth.width(position) + 2 < rightX { _ = grid.draw(" " + position, x: area.x, y: y, style: .attributes(.dim)) }
        }
        y += 1
        for (figures, strength, streak) in rows.dropFirst(first) where y < area.y + area.height {
            let x = grid.draw(" " + TextWidth.pad(figures.emoji.map(DataText.safe) ?? "", to: 2) + " ", x: area.x, y: y)
            _ = grid.draw(TextWidth.truncate(DataText.safe(figures.name), to: max(1, rightX - x - 1)), x: x, y: y,
                          style: Style(foreground: color(figures.color)))
            _ = grid.draw(columns(strength, streak), x: rightX, y: y, style: .attributes(.dim), clip: area)
            y += 1
        }
    }
}
