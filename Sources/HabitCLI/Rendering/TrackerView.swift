import HabitCore
import HabitLocalization
import HabitScreens

/// Everything about one tracker (`habit show`): its fields, HabitScreens' `TrackerFigures` (the
/// figures the web app's and `habit ui`'s details show too), the recent weeks, charts and notes.
struct TrackerView: SessionView {
    let session: Session
    let today: CivilDate
    /// The first day of the weeks the trends count in (`week_starts_on`).
    let weekStartsOn: Weekday
    /// The first column of the recent weeks (the reader's language's first day unless habit.toml says).
    let calendarWeekStart: Weekday
    /// The habit strength of the tracker shown, computed once.
    let strengthCache: HabitStrength?
    /// The period of the completion trend (`--by`); nil picks one by the tracker's age.
    var trendPeriod: TrendPeriod? = nil

    init(session: Session, today: CivilDate, settings: Settings, tracker: Tracker? = nil) {
        self.session = session
        self.today = today
        weekStartsOn = settings.weekStartsOn
        calendarWeekStart = settings.calendarWeekStart(in: session.t.language)
        strengthCache = tracker.flatMap { HabitStrength(tracker: $0, through: today, today: today) }
    }

    /// Weeks shown at a glance, the current one last.
    static let glanceWeeks = 5

    /// "🏃 Morning run" in bold, with the tracker's colour as a swatch when colour is on.
    static func heading(_ tracker: Tracker, session: Session) -> String {
        let style = session.style
        let swatch = style.isEnabled && tracker.color != nil ? style.color("▌", tracker.color) : ""
        let emoji = tracker.emoji.map { TerminalText.safe($0) + " " } ?? ""
        return swatch + emoji + style.bold(session.name(tracker))
    }

    /// The days at a glance: from the first day of the week `glanceWeeks - 1` weeks before today's.
    func glanceDays(_ tracker: Tracker, startingOn weekStart: Weekday) -> [TrackerDay] {
        let first = WeekGrid.weekStart(containing: today, weekStartsOn: weekStart).adding(days: -7 * (TrackerView.glanceWeeks - 1))
        return TrackerDay.days(of: tracker, from: first, through: first.adding(days: 7 * TrackerView.glanceWeeks - 1), today: today)
    }

    /// The schedule, with where the current period stands ("3 times a week · 1/3 this week") or
    /// when an "every N days" habit is next due.
    func scheduleLine(_ tracker: Tracker) -> String {
        let summary = t.scheduleSummary(tracker.schedule)
        let status = tracker.status(on: today, today: today)
        // A period that asks for nothing (it began long before the start, or is all vacation) has
        // no progress worth showing: "0/0 this month" only puzzles.
        if let period = status.period, period.required > 0 {
            return summary + style.dim(" · " + t.periodProgress(period, tracker.schedule.period ?? .week, today: today))
        }
        if let next = status.nextDue, case .interval = tracker.schedule {
            return summary + style.dim(" · " + t.text(.nextDueBy, dayLabel(next)))
        }
        return summary
    }

    /// "today", "tomorrow"-free short form: the weekday within a week, else the short date.
    func dayLabel(_ day: CivilDate) -> String {
        if day == today { return t[.today] }
        let distance = day.days(since: today)
        return (1...6).contains(distance) ? t.weekdayShort(day.weekday) : t.shortDate(day)
    }

    /// The tracker's habit strength up to today (nil for an event).
    var strength: HabitStrength? { strengthCache }

    func render(_ tracker: Tracker, progress: TrackerProgress) -> String {
        var lines = [TrackerView.heading(tracker, session: session), ""]
        var fields: [(String, String)] = [
            (t[.fieldCategory], TerminalText.safe(tracker.category)),
            (t[.fieldKind], tracker.isEvent ? t[.kindEvent] : tracker.isQuit ? t[.kindQuit] : t[.kindHabit]),
        ]
        if tracker.isEvent {
            let status = tracker.eventDoneDay.map { t.text(.eventDoneOn, t.dayPhrase($0, today: today)) } ?? t[.eventNotDone]
            fields.append((t[.fieldStatus], status))
        } else {
            fields.append((t[.fieldSchedule], scheduleLine(tracker)))
        }
        if let measure = tracker.measure { fields.append((t[.fieldTarget], t.target(measure))) }
        if let allowance = tracker.allowance {
            fields.append((t[.fieldAllowance], t.allowance(allowance)))
        }
        let colour = tracker.color.map { style.color("●", $0) + " " + $0.description } ?? t[.notSet]
        fields.append((t[.fieldColor], colour))
        fields.append((t[.fieldPinned], tracker.isPinned ? t[.yes] : t[.no]))
        fields.append((t[.fieldStart], t.longDate(tracker.effectiveStart(today: today))))
        if let description = tracker.description, !description.isEmpty {
            fields.append((t[.fieldDescription], TerminalText.safe(description)))
        }
        if !tracker.reminders.isEmpty {
            fields.append((t[.fieldReminders], t.list(tracker.reminders.map(\.description))))
        }

        let figures = TrackerFigures(progress: progress, strength: strength?.last,
                                     forgivesMisses: tracker.effectiveAllowance != nil, today: today)
        let numbers = figures.words(t).map { ($0.label, styled($0.parts)) }

        let labelWidth = (fields + numbers).map { TerminalText.width($0.0) }.max() ?? 0
        // A value too long for the terminal continues under itself, broken between words.
        let valueIndent = String(repeating: " ", count: 4 + labelWidth)
        func row(_ label: String, _ value: String) -> String {
            let wrapped = ProseWrapping.wrap(value, width: max(20, session.width - valueIndent.count))
            return "  " + style.dim(TerminalText.pad(label, to: labelWidth)) + "  " + wrapped.replacing("\n", with: "\n" + valueIndent)
        }
        for (label, value) in fields { lines.append(row(label, value)) }
        lines.append("")
        for (label, value) in numbers { lines.append(row(label, value)) }
        lines.append("")
        lines += glance(glanceDays(tracker, startingOn: calendarWeekStart), forgiven: tracker.effectiveAllowance != nil)
        lines += charts(tracker)
        let trends = trends(tracker)
        lines += TrendView(session: session).render(trends.trend, trends.profile, color: tracker.color)
        let notes = recentNotes(tracker)
        if !notes.isEmpty {
            lines.append("")
            lines.append("  " + style.bold(t[.notesTitle]))
            let width = notes.map { TerminalText.width(t.shortDate($0.day)) }.max() ?? 0
            for (day, note) in notes {
                lines.append("  " + style.dim(TerminalText.padLeft(t.shortDate(day), to: width)) + "  " + TerminalText.safe(note))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A figure's value with the figure itself in bold, a missing one dim, good news green.
    func styled(_ parts: [FigureWords.Part]) -> String {
        parts.map { part in
            switch part.emphasis {
            case .plain: part.text
            case .strong: style.bold(part.text)
            case .quiet: style.dim(part.text)
            case .good: style.green(part.text)
            }
        }.joined()
    }

    /// Notes up to today, the latest last, at most `noteCount`.
    static let noteCount = 5

    func recentNotes(_ tracker: Tracker) -> [(day: CivilDate, note: String)] {
        tracker.log.notes.filter { $0.key <= today }.sorted { $0.key < $1.key }.suffix(TrackerView.noteCount).map { ($0.key, $0.value) }
    }

    /// Weeks the charts cover: as many whole weeks as fit the terminal, at most `chartWeeks`.
    static let chartWeeks = 12

    func chartWeeks() -> Int {
        max(1, min(TrackerView.chartWeeks, (session.context.terminalWidth - 9) / 7))
    }

    /// The strength over the last weeks and, for a numeric habit, its daily totals against the target.
    func charts(_ tracker: Tracker) -> [String] {
        var lines: [String] = []
        let paint = { (text: String) in style.color(text, tracker.color ?? .palette(.green)) }
        if let strength {
            // Whole weeks back to the start, as many as fit.
            let weeks = max(1, min(chartWeeks(), (today.days(since: strength.first) + 7) / 7))
            let days = (0..<(weeks * 7)).map { today.adding(days: $0 - weeks * 7 + 1) }
            let chart = BarChart(values: days.map { strength.score(on: $0) }, maximum: 1)
            lines.append("")
            lines.append("  " + style.bold(t.text(.strengthChart, weeks)))
            lines += chart.render(labels: [t.text(.percent, 100), "", "", t.text(.percent, 0)], first: t.shortDate(days[0]),
                                  last: t.shortDate(today), style: style) { _, text in paint(text) }
        }
        if let measure = tracker.measure {
            let start = tracker.effectiveStart(today: today)
            let weeks = max(1, min(TrackerView.glanceWeeks, chartWeeks(), (today.days(since: start) + 7) / 7))
            let days = (0..<(weeks * 7)).map { today.adding(days: $0 - weeks * 7 + 1) }
            let totals: [Double?] = days.map { day in
                guard day >= start else { return nil }
                return tracker.log.amount(on: day) ?? (tracker.log.entry(on: day)?.mark == .done ? measure.target : 0)
            }
            let top = max(totals.compactMap { $0 }.max() ?? 0, measure.target, measure.target == 0 ? 1 : 0)
            let chart = BarChart(values: totals, maximum: top, reference: measure.target)
            lines.append("")
            lines.append("  " + style.bold(t.text(.totalsChart, weeks, t.quantity(measure.target, unit: measure.unit))))
            lines += chart.render(labels: [t.number(top), "", "", "0"], first: t.shortDate(days[0]), last: t.shortDate(today),
                                  style: style) { column, text in
                guard let total = totals[column] else { return text }
                return measure.isMet(total) ? style.green(text) : measure.direction == .atMost ? style.red(text) : style.yellow(text)
            }
        }
        return lines
    }

    /// Weeks in rows, aligned by weekday, a symbol per day; runs joined by a line.
    func glance(_ days: [TrackerDay], forgiven: Bool = false) -> [String] {
        let joined = streakConnectors(isRunDay: days.map { $0.state == .done }, continuesRun: days.map(\.continuesRun))
        let labels = stride(from: 0, to: days.count, by: 7).map { t.shortDate(days[$0].day) }
        let labelWidth = 4 + (labels.map(TerminalText.width).max() ?? 0)
        var lines = ["  " + style.bold(t.text(.lastWeeks, TrackerView.glanceWeeks)),
                     String(repeating: " ", count: labelWidth)
                        + Weekday.week(startingOn: calendarWeekStart).map { " " + style.dim(TerminalText.pad(t.weekdayMini($0), to: 2)) }.joined()]
        for (row, label) in labels.enumerated() {
            var line = style.dim(TerminalText.padLeft(label, to: labelWidth - 1)) + " "
            for index in (row * 7)..<min(days.count, row * 7 + 7) {
                let day = days[index]
                let lead = joined[index] ? style.green(Glyph.connector + Glyph.connector) : "  "
                var symbol = style.paint(Glyph.symbol(day.state), day.state)
                if day.day == today { symbol = style.underline(symbol) }
                line += lead + symbol
            }
            lines.append(line.trimmingTrailingSpaces())
        }
        lines.append("")
        let items = CalendarView.trackerLegend(t, style: style, forgiven: forgiven).map { "\($0.symbol) \($0.label)" }
        lines += CalendarView.wrap(items, limit: min(60, session.width - 2)).map { "  " + $0 }
        return lines
    }

    /// The completion per period and the weekday profile of the tracker.
    func trends(_ tracker: Tracker) -> (trend: CompletionTrend, profile: WeekdayProfile) {
        let period = trendPeriod ?? TrendPeriod.fitting(from: tracker.effectiveStart(today: today), through: today)
        return (CompletionTrend(tracker: tracker, today: today, period: period, weekStartsOn: weekStartsOn),
                WeekdayProfile(tracker: tracker, today: today, weekStartsOn: weekStartsOn))
    }

    // MARK: JSON

    func json(_ tracker: Tracker, progress: TrackerProgress) -> JSON {
        let schedule: JSON = tracker.schedule.weekdays.map { .array($0.days.map { .string($0.fileName) }) } ?? .null
        let goal: JSON = progress.goal.map { goal in
            .object([
                ("period", .string(goal.goal.description)), ("end", .string(goal.endDay.description)),
                ("done", .int(goal.doneDays)), ("required", .int(goal.requiredDays)),
                ("percent", .double((goal.percent * 10).rounded() / 10)),
                ("reached", .bool(goal.isReached)), ("over", .bool(goal.isOver(today: today))),
            ])
        } ?? .null
        return .object([
            ("id", .string(tracker.id)),
            ("name", .string(tracker.name)),
            ("emoji", .optional(tracker.emoji)),
            ("category", .string(tracker.category)),
            ("kind", .string(tracker.isEvent ? "event" : "habit")),
            ("schedule", schedule),
            ("color", .optional(tracker.color?.description)),
            ("pinned", .bool(tracker.isPinned)),
            ("start", .string(tracker.effectiveStart(today: today).description)),
            ("description", .optional(tracker.description)),
            ("event_done", .optional(tracker.eventDoneDay?.description)),
            ("today", .string(today.description)),
            ("current_streak", .int(progress.currentStreak)),
            ("best_streak", .int(progress.bestStreak)),
            ("done_days", .int(progress.doneDays)),
            ("skipped_days", .int(progress.skippedDays)),
            ("missed_days", .int(progress.missedDays)),
            ("completions", .int(progress.completions)),
            ("completion_rate", progress.completionRate.map { .double(($0 * 1000).rounded() / 1000) } ?? .null),
            ("goal", goal),
            ("recent", .array(glanceDays(tracker, startingOn: weekStartsOn).map { CalendarView.trackerDayJSON($0, log: tracker.log) })),
            ("remind", .array(tracker.reminders.map { .string($0.description) })),
        ] + TrackerView.extraJSON(tracker, progress: progress, status: tracker.status(on: today, today: today), score: strength?.last)
          + trendJSON(tracker))
    }

    /// The fields `show --json` gained with trends (issue 25).
    func trendJSON(_ tracker: Tracker) -> [(String, JSON)] {
        let trends = trends(tracker)
        return [("trend", TrendView.json(trends.trend)), ("weekdays", TrendView.json(trends.profile))]
    }

    // MARK: schedules, numeric habits, notes, strength

    /// The fields `show --json` gained with periodic and numeric trackers, notes and strength.
    static func extraJSON(_ tracker: Tracker, progress: TrackerProgress, status: DayStatus, score: Double?) -> [(String, JSON)] {
        [
            ("schedule_kind", .string(scheduleKind(tracker.schedule))),
            ("quota", tracker.schedule.quota.map { .int($0) } ?? .null),
            ("period", .optional(tracker.schedule.period?.rawValue)),
            ("every_days", tracker.schedule.intervalDays.map { .int($0) } ?? .null),
            ("target", tracker.measure.map { .double($0.target) } ?? .null),
            ("target_type", .optional(tracker.measure?.direction.rawValue)),
            ("unit", .optional(tracker.measure?.unit)),
            ("score", scoreJSON(score)),
            ("streak_unit", .string(progress.streakUnit.rawValue)),
            ("met_periods", .int(progress.metPeriods)),
            ("missed_periods", .int(progress.missedPeriods)),
            ("current_period", status.period.map(periodJSON) ?? .null),
            ("next_due", .optional(status.nextDue?.description)),
            ("notes", .array(tracker.log.notes.sorted { $0.key < $1.key }.map { .object([("date", .string($0.key.description)), ("note", .string($0.value))]) })),
        ] + quitJSON(tracker, progress: progress)
    }

    /// The fields `show --json` gained with habits to quit and forgiven misses.
    static func quitJSON(_ tracker: Tracker, progress: TrackerProgress) -> [(String, JSON)] {
        let record = progress.quit
        let rate = { (value: Double?) in value.map { JSON.double(($0 * 100).rounded() / 100) } ?? .null }
        return [
            ("quit", .bool(tracker.isQuit)),
            ("allow", .optional(tracker.allowance?.description)),
            ("forgiven_days", .int(progress.forgivenDays)),
            ("clean_days", record.map { .int($0.currentClean) } ?? .null),
            ("best_clean_days", record.map { .int($0.bestClean) } ?? .null),
            ("slips", record.map { .int($0.slips) } ?? .null),
            ("slips_per_week", rate(record?.slipsPerWeek)),
            ("slips_per_month", rate(record?.slipsPerMonth)),
        ]
    }

    static func scheduleKind(_ schedule: Schedule) -> String {
        switch schedule {
        case .weekly: "weekdays"
        case .event: "event"
        case .periodic: "periodic"
        case .interval: "interval"
        }
    }

    /// A score rounded to three decimals.
    static func scoreJSON(_ score: Double?) -> JSON {
        score.map { .double(($0 * 1000).rounded() / 1000) } ?? .null
    }

    static func periodJSON(_ period: PeriodTally) -> JSON {
        .object([
            ("first", .string(period.first.description)), ("last", .string(period.last.description)),
            ("done", .int(period.done)), ("required", .int(period.required)), ("met", .bool(period.isMet)),
        ])
    }
}
