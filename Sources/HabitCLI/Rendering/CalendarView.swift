import HabitCore
import HabitLocalization

/// The symbols of day states: each state has its own symbol, so nothing depends on colour alone;
/// colour (the terminal's palette) only reinforces it.
enum Glyph {
    static let connector = "─"

    static func symbol(_ state: TrackerDayState) -> String {
        switch state {
        case .done: "✓"
        case .doneOffSchedule: "+"
        case .skipped: "–"
        case .missed: "✗"
        case .pending: "○"
        case .notScheduled: "·"
        case .future: " "
        }
    }

    static func symbol(_ state: DayState) -> String {
        switch state {
        case .perfect: "●"
        case .partial: "◐"
        case .missed: "✗"
        case .excused: "–"
        case .inProgress: "○"
        case .nothingScheduled: "·"
        case .future: " "
        }
    }

    /// Heatmap cells by level 0…4.
    static let levels = ["·", "░", "▒", "▓", "█"]
}

extension Style {
    func underline(_ text: String) -> String {
        isEnabled && !text.isEmpty ? "\u{1B}[4m\(text)\u{1B}[0m" : text
    }

    /// Today: bold and underlined.
    func today(_ text: String) -> String {
        isEnabled && !text.isEmpty ? "\u{1B}[1;4m\(text)\u{1B}[0m" : text
    }

    func paint(_ text: String, _ state: TrackerDayState) -> String {
        guard text != " " else { return text }
        return switch state {
        case .done: green(text)
        case .doneOffSchedule: cyan(text)
        case .skipped: yellow(text)
        case .missed: red(text)
        case .pending: bold(text)
        case .notScheduled, .future: dim(text)
        }
    }

    func paint(_ text: String, _ state: DayState) -> String {
        guard text != " " else { return text }
        return switch state {
        case .perfect: green(text)
        case .partial: yellow(text)
        case .missed: red(text)
        case .excused: cyan(text)
        case .inProgress: bold(text)
        case .nothingScheduled, .future: dim(text)
        }
    }

    /// Heatmap shading: dim for nothing, then green from faint to bold (the glyphs differ too).
    func level(_ text: String, _ level: Int) -> String {
        switch level {
        case ...0: dim(text)
        case 1: dim(green(text))
        case 2, 3: green(text)
        default: bold(green(text))
        }
    }
}

extension TrackerDayState {
    /// The name used in JSON output.
    var jsonName: String {
        switch self {
        case .future: "future"
        case .notScheduled: "not_scheduled"
        case .doneOffSchedule: "done_off_schedule"
        case .done: "done"
        case .skipped: "skipped"
        case .missed: "missed"
        case .pending: "pending"
        }
    }
}

extension DayState {
    /// The name used in JSON output.
    var jsonName: String {
        switch self {
        case .future: "future"
        case .nothingScheduled: "nothing_scheduled"
        case .excused: "excused"
        case .perfect: "perfect"
        case .partial: "partial"
        case .missed: "missed"
        case .inProgress: "in_progress"
        }
    }
}

/// Which cells of a row of days are joined to the previous cell by a streak line: every day from
/// a run day up to the next day that continues its run (excused days in between included).
/// A run day that continues a run begun before the first cell is joined from the first cell.
func streakConnectors(isRunDay: [Bool], continuesRun: [Bool]) -> [Bool] {
    var joined = Array(repeating: false, count: isRunDay.count)
    var lastRunDay: Int? = nil
    for index in isRunDay.indices where isRunDay[index] {
        if continuesRun[index] {
            for joinedIndex in ((lastRunDay ?? -1) + 1)...index { joined[joinedIndex] = true }
        }
        lastRunDay = index
    }
    return joined
}

/// What a cell of a calendar shows, whatever it describes (all trackers or one).
struct CalendarCell {
    var day: CivilDate
    /// The symbol, already styled.
    var symbol: String
    var isFuture: Bool
}

/// A legend entry: a styled symbol and its words.
struct LegendItem {
    var symbol: String
    var label: String
}

/// The month calendar (`habit cal`) and the parts other screens share with it.
struct CalendarView {
    let session: Session
    let today: CivilDate

    var t: Messages { session.t }
    var style: Style { session.style }

    static let cellWidth = 4

    /// One month, all trackers.
    func render(_ month: MonthCalendar<DaySummary>) -> String {
        let cells = month.cells.map { summary in
            CalendarCell(day: summary.day, symbol: style.paint(Glyph.symbol(summary.state), summary.state), isFuture: summary.state == .future)
        }
        let joined = streakConnectors(isRunDay: month.cells.map { $0.state == .perfect }, continuesRun: month.cells.map(\.continuesRun))
        var lines = grid(title: t.monthYear(year: month.year, month: month.month), weekdays: month.weekdays,
                         leadingBlanks: month.leadingBlanks, cells: cells, joined: joined)
        lines.append("")
        let perfect = month.cells.filter { $0.state == .perfect }.count
        var summary = t.text(.perfectDaysCount, perfect)
        if let current = month.cell(on: today), current.state == .inProgress || current.state == .perfect, current.due > 0 {
            summary += " · " + t.text(.todayProgress, current.done, current.due)
        }
        lines.append(summary)
        lines.append(contentsOf: legend(CalendarView.dayLegend(t, style: style), showsToday: month.cell(on: today) != nil))
        return lines.joined(separator: "\n") + "\n"
    }

    /// One month, one tracker, its streaks drawn as lines.
    func render(_ month: MonthCalendar<TrackerDay>, tracker: Tracker) -> String {
        let cells = month.cells.map { day in
            CalendarCell(day: day.day, symbol: style.paint(Glyph.symbol(day.state), day.state), isFuture: day.state == .future)
        }
        let joined = streakConnectors(isRunDay: month.cells.map { $0.state == .done }, continuesRun: month.cells.map(\.continuesRun))
        var lines = [TrackerView.heading(tracker, session: session)]
        lines += grid(title: t.monthYear(year: month.year, month: month.month), weekdays: month.weekdays,
                      leadingBlanks: month.leadingBlanks, cells: cells, joined: joined)
        lines.append("")
        let count = { (state: TrackerDayState) in month.cells.filter { $0.state == state }.count }
        lines.append(t.text(.trackerSummary, count(.done), count(.missed), count(.skipped)))
        lines.append(contentsOf: legend(CalendarView.trackerLegend(t, style: style), showsToday: month.cell(on: today) != nil))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The title centred over seven columns of cells, the weekday header and the weeks.
    func grid(title: String, weekdays: [Weekday], leadingBlanks: Int, cells: [CalendarCell], joined: [Bool]) -> [String] {
        let width = 7 * CalendarView.cellWidth
        let titleWidth = TerminalText.width(title)
        var lines = [String(repeating: " ", count: max(0, (width - titleWidth) / 2)) + style.bold(title)]
        lines.append(weekdays.map { " " + style.dim(TerminalText.pad(t.weekdayMini($0), to: 2)) + " " }.joined().trimmingTrailingSpaces())
        var row = String(repeating: " ", count: leadingBlanks * CalendarView.cellWidth)
        var column = leadingBlanks
        for (index, cell) in cells.enumerated() {
            row += render(cell, joined: joined[index])
            column += 1
            if column == 7 {
                lines.append(row.trimmingTrailingSpaces())
                row = ""
                column = 0
            }
        }
        if column > 0 { lines.append(row.trimmingTrailingSpaces()) }
        return lines
    }

    /// `sep + day + symbol`: four columns; a streak line replaces the spaces before the day.
    private func render(_ cell: CalendarCell, joined: Bool) -> String {
        let number = String(cell.day.day)
        let lead = (joined ? Glyph.connector : " ") + (number.count == 1 ? (joined ? Glyph.connector : " ") : "")
        var dayText = number
        if cell.day == today { dayText = style.today(dayText) } else if cell.isFuture { dayText = style.dim(dayText) }
        return (joined ? style.green(lead) : lead) + dayText + cell.symbol
    }

    static func dayLegend(_ t: Messages, style: Style) -> [LegendItem] {
        let states: [(DayState, String)] = [
            (.perfect, t[.legendPerfect]), (.partial, t[.legendPartial]), (.missed, t[.legendMissedDay]),
            (.excused, t[.legendExcused]), (.nothingScheduled, t[.legendNothingScheduled]), (.inProgress, t[.legendInProgress]),
        ]
        return states.map { LegendItem(symbol: style.paint(Glyph.symbol($0.0), $0.0), label: $0.1) }
            + [LegendItem(symbol: style.green(Glyph.connector), label: t[.legendStreak])]
    }

    static func trackerLegend(_ t: Messages, style: Style, streak: Bool = true) -> [LegendItem] {
        let states: [(TrackerDayState, String)] = [
            (.done, t[.legendDone]), (.missed, t[.legendMissed]), (.skipped, t[.legendSkipped]),
            (.doneOffSchedule, t[.legendDoneOffSchedule]), (.notScheduled, t[.legendNotScheduled]), (.pending, t[.legendPending]),
        ]
        return states.map { LegendItem(symbol: style.paint(Glyph.symbol($0.0), $0.0), label: $0.1) }
            + (streak ? [LegendItem(symbol: style.green(Glyph.connector), label: t[.legendStreak])] : [])
    }

    /// Legend entries joined by two spaces, wrapped at 60 columns (fewer on a narrow terminal); with colour, today's
    /// underlined number is explained too.
    func legend(_ items: [LegendItem], showsToday: Bool) -> [String] {
        var items = items
        if style.isEnabled && showsToday { items.append(LegendItem(symbol: style.today(String(today.day)), label: t[.legendToday])) }
        return CalendarView.wrap(items.map { "\($0.symbol) \($0.label)" }, limit: min(60, session.width))
    }

    /// Joins pieces with two spaces into lines of at most `limit` columns (escape codes not counted).
    static func wrap(_ pieces: [String], limit: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var used = 0
        for piece in pieces {
            let width = TerminalText.width(Self.plain(piece))
            if used > 0 && used + 2 + width > limit {
                lines.append(line)
                line = ""
                used = 0
            }
            if used > 0 {
                line += "  "
                used += 2
            }
            line += piece
            used += width
        }
        if used > 0 { lines.append(line) }
        return lines
    }

    /// The text without ANSI escape sequences (for measuring styled text).
    static func plain(_ text: String) -> String {
        guard text.contains("\u{1B}") else { return text }
        var result = ""
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    // MARK: JSON

    static func json(_ month: MonthCalendar<DaySummary>, today: CivilDate) -> JSON {
        .object([
            ("year", .int(month.year)), ("month", .int(month.month)), ("today", .string(today.description)),
            ("week_starts_on", .string(month.weekStartsOn.fileName)), ("tracker", .null),
            ("days", .array(month.cells.map(summaryJSON))),
        ])
    }

    static func json(_ month: MonthCalendar<TrackerDay>, tracker: Tracker, today: CivilDate) -> JSON {
        .object([
            ("year", .int(month.year)), ("month", .int(month.month)), ("today", .string(today.description)),
            ("week_starts_on", .string(month.weekStartsOn.fileName)), ("tracker", trackerReference(tracker)),
            ("days", .array(month.cells.map { trackerDayJSON($0, log: tracker.log) })),
        ])
    }

    static func trackerReference(_ tracker: Tracker) -> JSON {
        .object([("id", .string(tracker.id)), ("name", .string(tracker.name))])
    }

    static func summaryJSON(_ summary: DaySummary) -> JSON {
        .object([
            ("date", .string(summary.day.description)), ("state", .string(summary.state.jsonName)),
            ("scheduled", .int(summary.scheduled)), ("done", .int(summary.done)), ("skipped", .int(summary.skipped)),
            ("run", .int(summary.runLength)), ("level", .int(summary.level)),
        ])
    }

    /// One tracker's day; `amount` (a numeric habit's total) and `note` are null when absent.
    static func trackerDayJSON(_ day: TrackerDay, log: CompletionLog) -> JSON {
        .object([
            ("date", .string(day.day.description)), ("state", .string(day.state.jsonName)),
            ("run", .int(day.runLength)), ("level", .int(day.level)),
            ("amount", log.amount(on: day.day).map { .double($0) } ?? .null), ("note", .optional(log.note(on: day.day))),
        ])
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
