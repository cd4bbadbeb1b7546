import HabitLocalization
import HabitScreens
import TerminalUI

/// The statistics tab's per-tracker rows under a header row, in aligned columns: the name, its
/// strength, and its current / best streak.
extension ScreenView {
    func drawTrackerColumns(_ statistics: StatisticsScreen, into grid: inout Grid, in area: Rect) {
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
        y += 1
        for (figures, strength, streak) in rows where y < area.y + area.height {
            let x = grid.draw(" " + TextWidth.pad(figures.emoji.map(DataText.safe) ?? "", to: 2) + " ", x: area.x, y: y)
            _ = grid.draw(TextWidth.truncate(DataText.safe(figures.name), to: max(1, rightX - x - 1)), x: x, y: y,
                          style: Style(foreground: color(figures.color)))
            _ = grid.draw(columns(strength, streak), x: rightX, y: y, style: .attributes(.dim), clip: area)
            y += 1
        }
    }
}
