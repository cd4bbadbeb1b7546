import HabitCore
import HabitLocalization

/// A year as a contribution graph (`habit cal --year`): seven rows of weekdays, a column per
/// week, month names on top, a cell per day shaded by its level 0…4.
struct HeatmapView {
    let session: Session
    let today: CivilDate

    var t: Messages { session.t }
    var style: Style { session.style }

    /// Weekday labels take this many columns before the first week.
    static let labelWidth = 4

    func render(_ heatmap: YearHeatmap<DaySummary>) -> String {
        var lines = body(year: heatmap.year, weeks: heatmap.weeks.map { $0.map { $0.map(cell) } }, weekStartsOn: heatmap.weekStartsOn)
        lines.append("")
        lines.append(t.text(.perfectDaysCount, heatmap.cells.filter { $0.state == .perfect }.count))
        return lines.joined(separator: "\n") + "\n"
    }

    func render(_ heatmap: YearHeatmap<TrackerDay>, tracker: Tracker) -> String {
        var lines = [TrackerView.heading(tracker, session: session)]
        lines += body(year: heatmap.year, weeks: heatmap.weeks.map { $0.map { $0.map(cell) } }, weekStartsOn: heatmap.weekStartsOn)
        lines.append("")
        let count = { (state: TrackerDayState) in heatmap.cells.filter { $0.state == state }.count }
        lines.append(t.text(.trackerSummary, count(.done), count(.missed), count(.skipped)))
        return lines.joined(separator: "\n") + "\n"
    }

    private struct Cell {
        var day: CivilDate
        var level: Int
        var isFuture: Bool
    }

    private func cell(_ summary: DaySummary) -> Cell { Cell(day: summary.day, level: summary.level, isFuture: summary.state == .future) }
    private func cell(_ day: TrackerDay) -> Cell { Cell(day: day.day, level: day.level, isFuture: day.state == .future) }

    /// The weeks that fit the terminal: all of them when they do, else the latest ones up to
    /// today's week (or the year's end), so a narrow terminal shows the recent months.
    private func fitting(_ weeks: [[Cell?]]) -> [[Cell?]] {
        let room = max(8, session.width - HeatmapView.labelWidth)
        guard weeks.count > room else { return weeks }
        let todayWeek = weeks.firstIndex { $0.contains { $0?.day == today } } ?? weeks.count - 1
        let end = max(room, todayWeek + 1)
        return Array(weeks[(end - room)..<end])
    }

    private func body(year: Int, weeks allWeeks: [[Cell?]], weekStartsOn: Weekday) -> [String] {
        let weeks = fitting(allWeeks)
        var lines = [style.bold(String(year))]
        // Month names above the week holding the month's 1st, never closer than one column.
        var labels = Array(repeating: " ", count: weeks.count + 4)
        var nextFree = 0
        for (column, week) in weeks.enumerated() {
            guard let first = week.compactMap({ $0 }).first(where: { $0.day.day == 1 }) ?? (column == 0 ? week.compactMap({ $0 }).first : nil),
                  column >= nextFree else { continue }
            let name = Array(t.monthShort(first.day.month))
            guard column + name.count <= labels.count else { continue }
            for (offset, character) in name.enumerated() { labels[column + offset] = String(character) }
            nextFree = column + name.count + 1
        }
        let labelRow = String(repeating: " ", count: HeatmapView.labelWidth) + labels.joined()
        lines.append(style.dim(labelRow.trimmingTrailingSpaces()))
        for (row, weekday) in Weekday.week(startingOn: weekStartsOn).enumerated() {
            var line = style.dim(TerminalText.pad(t.weekdayMini(weekday), to: HeatmapView.labelWidth))
            // Neighbouring cells of one level share one styled run, keeping the output small.
            var run = ""
            var runLevel = -1
            func flush() {
                if !run.isEmpty { line += runLevel < 0 ? run : style.level(run, runLevel) }
                run = ""
            }
            for week in weeks {
                guard let cell = week[row], !cell.isFuture || cell.day == today else {
                    if runLevel != -1 { flush(); runLevel = -1 }
                    run += " "
                    continue
                }
                let level = max(0, min(4, cell.level))
                let glyph = cell.isFuture ? " " : Glyph.levels[level]
                if cell.day == today {
                    flush()
                    line += style.underline(cell.isFuture ? glyph : style.level(glyph, level))
                    runLevel = -1
                    continue
                }
                if level != runLevel { flush(); runLevel = level }
                run += glyph
            }
            flush()
            lines.append(line.trimmingTrailingSpaces())
        }
        lines.append("")
        let scale = Glyph.levels.enumerated().map { style.level($0.element, $0.offset) }.joined(separator: " ")
        lines.append(String(repeating: " ", count: HeatmapView.labelWidth) + "\(t[.less]) \(scale) \(t[.more])")
        return lines
    }

    // MARK: JSON

    static func json(_ heatmap: YearHeatmap<DaySummary>, today: CivilDate) -> JSON {
        .object([
            ("year", .int(heatmap.year)), ("today", .string(today.description)),
            ("week_starts_on", .string(heatmap.weekStartsOn.fileName)), ("tracker", .null),
            ("days", .array(heatmap.cells.map(CalendarView.summaryJSON))),
        ])
    }

    static func json(_ heatmap: YearHeatmap<TrackerDay>, tracker: Tracker, today: CivilDate) -> JSON {
        .object([
            ("year", .int(heatmap.year)), ("today", .string(today.description)),
            ("week_starts_on", .string(heatmap.weekStartsOn.fileName)), ("tracker", CalendarView.trackerReference(tracker)),
            ("days", .array(heatmap.cells.map { CalendarView.trackerDayJSON($0, log: tracker.log) })),
        ])
    }
}
