import ArgumentParser
import HabitCore
import HabitScreens
import HabitLocalization

struct CalendarCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "cal",
        abstract: "Show a month calendar of your progress, or a year as a heatmap.",
        discussion: """
            Each day shows whether it was perfect, partly done or missed across all trackers; with \
            --tracker, whether that tracker was done, missed or skipped, with its streaks drawn as \
            lines. Weeks start on week_starts_on from habit.toml, or else on the language's first day of the week. A legend follows the calendar.

            MONTH is 2026-10, or -1 / +1 for the month before or after this one (a year with --year: \
            2026, -1, +1).

            Examples:
              habit cal
              habit cal -1
              habit cal 2026-10 --tracker run
              habit cal --year
              habit cal --year 2025 --tracker "Drink water"
            """,
        aliases: ["calendar"])

    @OptionGroup var global: GlobalOptions

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The month: 2026-10, -1 or +1 (default: this month); with --year, the year: 2026, -1 or +1.", valueName: "month"))
    var when: [String] = []

    @Flag(name: .long, help: "Show the whole year as a heatmap, one cell per day.")
    var year = false

    @Option(name: .long, help: ArgumentHelp("Show one tracker: its name, file name, or a unique prefix.", valueName: "tracker"),
            completion: Completions.trackers)
    var tracker: String?

    @OptionGroup var json: JSONFlag<DocumentedShape>

    func run(in session: Session) throws {
        let json = self.json.isSet
        let t = session.t
        // Negative numbers reach `when` unparsed; so do unknown options, which are refused here.
        if let unexpected = when.first(where: { $0.hasPrefix("--") }) ?? (when.count > 1 ? when[1] : nil) {
            throw Failure.usage(t.text(.extraArgument, TerminalText.safe(unexpected)))
        }
        let (store, today) = try session.loadWithToday()
        // The text starts weeks on the reader's language's first day (unless habit.toml says);
        // the JSON, for scripts, on `week_starts_on` whatever the language.
        let weekStartsOn = json ? store.settings.weekStartsOn : store.settings.calendarWeekStart(in: t.language)
        let target = try tracker.map { try session.resolve($0, in: store) }
        let active = store.journal.trackers.filter { !$0.isArchived }
        let output = session.context.output
        func show(_ document: @autoclosure () -> JSON, _ text: @autoclosure () -> String) {
            output.write(json ? document().rendered() : text())
        }

        if year {
            let shown = try CalendarCommand.year(when.first, today: today, t)
            let view = HeatmapView(session: session, today: today)
            if let target {
                let heatmap = YearHeatmap(tracker: target, year: shown, today: today, weekStartsOn: weekStartsOn)
                show(HeatmapView.json(heatmap, tracker: target, today: today), view.render(heatmap, tracker: target))
            } else {
                let heatmap = YearHeatmap(trackers: active, year: shown, today: today, weekStartsOn: weekStartsOn)
                show(HeatmapView.json(heatmap, today: today), view.render(heatmap))
            }
            return
        }

        guard let first = CalendarCommand.month(when.first, today: today) else {
            throw Failure.usage(t.text(.badMonth, TerminalText.safe(when.first ?? "")))
        }
        let view = CalendarView(session: session, today: today)
        if let target {
            let month = MonthCalendar(tracker: target, containing: first, today: today, weekStartsOn: weekStartsOn)
            show(CalendarView.json(month, tracker: target, today: today), view.render(month, tracker: target))
        } else {
            let month = MonthCalendar(trackers: active, containing: first, today: today, weekStartsOn: weekStartsOn)
            show(CalendarView.json(month, today: today), view.render(month))
        }
    }

    /// Years the calendar accepts: enough for any real history, small enough for safe arithmetic.
    static let years = 1...9999

    /// The first day of the month meant by `text`: nil → this month; `-N` / `+N` → months before or
    /// after it; `YYYY-MM`.
    static func month(_ text: String?, today: CivilDate) -> CivilDate? {
        let current = today.firstOfMonth
        guard let text = text?.trimmingWhitespace() else { return current }
        if let offset = relative(text) {
            let total = current.year * 12 + current.month - 1 + offset
            guard years.contains(total / 12) else { return nil }
            return CivilDate(year: total / 12, month: total % 12 + 1, day: 1)
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), years.contains(year) else { return nil }
        return CivilDate(year: year, month: month, day: 1)
    }

    /// The year meant by `text`: nil → this year; `-N` / `+N`; `YYYY`.
    static func year(_ text: String?, today: CivilDate) -> Int? {
        guard let text = text?.trimmingWhitespace() else { return today.year }
        let year: Int
        if let offset = relative(text) {
            year = today.year + offset
        } else if text.count == 4, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text) {
            year = value
        } else {
            return nil
        }
        return years.contains(year) ? year : nil
    }

    /// The year meant by `text`, or the usage error that names it.
    static func year(_ text: String?, today: CivilDate, _ t: Messages) throws -> Int {
        guard let year = year(text, today: today) else { throw Failure.usage(t.text(.badYear, TerminalText.safe(text ?? ""))) }
        return year
    }

    /// `-N` or `+N` (N up to 120 000), else nil.
    private static func relative(_ text: String) -> Int? {
        guard let sign = text.first, sign == "-" || sign == "+" else { return nil }
        let digits = text.dropFirst()
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits),
              value <= 120_000 else { return nil }
        return sign == "-" ? -value : value
    }
}
