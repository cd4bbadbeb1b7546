import HabitCore
import HabitLocalization

/// The week grid (`habit week`): trackers × seven days, grouped by category, with a row for
/// the day across all trackers.
struct WeekView: SessionView {
    let session: Session
    let today: CivilDate

    /// Trackers in display order: categories in the settings' order (others after, by name),
    /// then by name.
    static func ordered(_ trackers: [Tracker], categories: [String]) -> [Tracker] {
        NameOrder.sorted(trackers, categoryOrder: categories)
    }

    /// - Parameter categories: the directory's categories, in order: the empty week's hint names one.
    func render(_ grid: WeekGrid, trackers: [Tracker], categories: [String]) -> String {
        var lines = [style.bold(t.weekRange(grid.days[0], grid.days[6]))]
        guard !trackers.isEmpty else {
            lines.append("")
            lines.append("  " + t[.nothingToTrack])
            lines.append("  " + style.dim(t.nothingToTrackHint(categories: categories)))
            return lines.joined(separator: "\n") + "\n"
        }
        let byID = Dictionary(trackers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // On a narrow terminal the day columns close up, then the names are cut short with "…".
        let longest = trackers.map { TerminalText.width(TerminalText.truncate(session.name($0), to: 40)) }.max() ?? 0
        let wanted = max(TerminalText.width(t[.allTrackers]), longest + 3)
        let gap = 2 + wanted + 7 * 4 <= session.width ? 2 : 1
        let nameWidth = max(8, min(wanted, session.width - 2 - 7 * (gap + 2)))
        let nameRoom = nameWidth - 3
        let indent = String(repeating: " ", count: 2 + nameWidth)
        let spacing = String(repeating: " ", count: gap)
        lines.append("")
        lines.append(indent + grid.days.map { spacing + style.dim(TerminalText.pad(t.weekdayMini($0.weekday), to: 2)) }.joined())
        lines.append(indent + grid.days.map { day in
            let number = TerminalText.padLeft(String(day.day), to: 2)
            return spacing + (day == today ? style.today(number) : day > today ? style.dim(number) : number)
        }.joined())
        var category: String? = nil
        for row in grid.rows {
            guard let tracker = byID[row.trackerID] else { continue }
            if tracker.category != category {
                category = tracker.category
                lines.append(style.bold(TerminalText.safe(tracker.category)))
            }
            let emoji = TerminalText.pad(tracker.emoji.map(TerminalText.safe) ?? "", to: 2)
            let name = TerminalText.pad(emoji + " " + TerminalText.truncate(session.name(tracker), to: min(40, nameRoom)), to: nameWidth)
            let cells = row.cells.map { spacing + " " + style.paint(Glyph.symbol($0.state), $0.state) }.joined()
            lines.append(("  " + name + cells).trimmingTrailingSpaces())
        }
        lines.append("")
        let summary = grid.summary.map { spacing + " " + style.paint(Glyph.symbol($0.state), $0.state) }.joined()
        lines.append(("  " + TerminalText.pad(TerminalText.truncate(t[.allTrackers], to: nameWidth - 1), to: nameWidth) + summary)
            .trimmingTrailingSpaces())
        lines.append("")
        // One legend: the tracker symbols, then the two the summary row adds (✗ – · ○ mean the same there).
        let forgiven = grid.rows.contains { $0.cells.contains { $0.state == .forgiven } }
        let legend = CalendarView.trackerLegend(t, style: style, streak: false, forgiven: forgiven)
            + [LegendItem(symbol: style.paint(Glyph.symbol(DayState.perfect), .perfect), label: t[.legendPerfect]),
               LegendItem(symbol: style.paint(Glyph.symbol(DayState.partial), .partial), label: t[.legendPartial])]
        lines += CalendarView.wrap(legend.map { "\($0.symbol) \($0.label)" }, limit: min(60, session.width))
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ grid: WeekGrid, trackers: [Tracker], today: CivilDate, weekStartsOn: Weekday) -> JSON {
        let byID = Dictionary(trackers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return .object([
            ("first_day", .string(grid.days[0].description)), ("last_day", .string(grid.days[6].description)),
            ("today", .string(today.description)), ("week_starts_on", .string(weekStartsOn.fileName)),
            ("trackers", .array(grid.rows.compactMap { row in
                guard let tracker = byID[row.trackerID] else { return nil }
                return .object([
                    ("id", .string(tracker.id)), ("name", .string(tracker.name)), ("category", .string(tracker.category)),
                    ("days", .array(row.cells.map { CalendarView.trackerDayJSON($0, log: tracker.log) })),
                ])
            })),
            ("summary", .array(grid.summary.map(CalendarView.summaryJSON))),
        ])
    }
}
