import HabitCore

/// Everything about one tracker (`habit show`).
struct TrackerView {
    let session: Session
    let today: CivilDate
    let weekStartsOn: Weekday

    var t: Messages { session.t }
    var style: Style { session.style }

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
    func glanceDays(_ tracker: Tracker) -> [TrackerDay] {
        let first = WeekGrid.weekStart(containing: today, weekStartsOn: weekStartsOn).adding(days: -7 * (TrackerView.glanceWeeks - 1))
        return TrackerDay.days(of: tracker, from: first, through: first.adding(days: 7 * TrackerView.glanceWeeks - 1), today: today)
    }

    func render(_ tracker: Tracker, progress: TrackerProgress) -> String {
        var lines = [TrackerView.heading(tracker, session: session), ""]
        var fields: [(String, String)] = [
            (t[.fieldCategory], TerminalText.safe(tracker.category)),
            (t[.fieldKind], tracker.isEvent ? t[.kindEvent] : t[.kindHabit]),
        ]
        if tracker.isEvent {
            let status = tracker.eventDoneDay.map { t.text(.eventDoneOn, t.dayPhrase($0, today: today)) } ?? t[.eventNotDone]
            fields.append((t[.fieldStatus], status))
        } else {
            fields.append((t[.fieldSchedule], t.scheduleSummary(tracker.schedule)))
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

        var numbers: [(String, String)] = [
            (t[.currentStreak], t.days(progress.currentStreak)),
            (t[.bestStreak], t.days(progress.bestStreak)),
        ]
        if let rate = progress.completionRate {
            numbers.append((t[.fieldCompletionRate], style.bold(t.percent(rate * 100)) + " (" + t.ofDays(progress.doneDays, progress.dueDays) + ")"))
        } else {
            numbers.append((t[.fieldCompletionRate], style.dim(t[.nothingDueYet])))
        }
        numbers.append((t[.fieldCompletions], t.days(progress.completions)))
        if let goal = progress.goal {
            numbers.append((t[.fieldGoal], t.goalUntil(t.goalPeriod(goal.goal), end: goal.endDay)))
            var text = style.bold(t.percent(goal.percent)) + " (" + t.ofDays(goal.doneDays, goal.requiredDays) + ")"
            if goal.isReached { text += " · " + style.green(t[.goalReached]) } else if goal.isOver(today: today) { text += " · " + t[.goalOver] }
            numbers.append((t[.fieldProgress], text))
        } else {
            numbers.append((t[.fieldGoal], t[.goalForever]))
        }

        let labelWidth = (fields + numbers).map { TerminalText.width($0.0) }.max() ?? 0
        // A value too long for the terminal continues under itself, broken between words.
        let valueIndent = String(repeating: " ", count: 4 + labelWidth)
        func row(_ label: String, _ value: String) -> String {
            let wrapped = ProseWrapping.wrap(value, width: max(20, session.width - valueIndent.count))
            return "  " + style.dim(TerminalText.pad(label, to: labelWidth)) + "  " + wrapped.replacingOccurrences(of: "\n", with: "\n" + valueIndent)
        }
        for (label, value) in fields { lines.append(row(label, value)) }
        lines.append("")
        for (label, value) in numbers { lines.append(row(label, value)) }
        lines.append("")
        lines += glance(glanceDays(tracker))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Weeks in rows, aligned by weekday, a symbol per day; runs joined by a line.
    func glance(_ days: [TrackerDay]) -> [String] {
        let joined = streakConnectors(isRunDay: days.map { $0.state == .done }, continuesRun: days.map(\.continuesRun))
        let labels = stride(from: 0, to: days.count, by: 7).map { t.shortDate(days[$0].day) }
        let labelWidth = 4 + (labels.map(TerminalText.width).max() ?? 0)
        var lines = ["  " + style.bold(t.text(.lastWeeks, TrackerView.glanceWeeks)),
                     String(repeating: " ", count: labelWidth)
                        + Weekday.week(startingOn: weekStartsOn).map { " " + style.dim(TerminalText.pad(t.weekdayMini($0), to: 2)) }.joined()]
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
        let items = CalendarView.trackerLegend(t, style: style).map { "\($0.symbol) \($0.label)" }
        lines += CalendarView.wrap(items, limit: min(60, session.width - 2)).map { "  " + $0 }
        return lines
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
            ("recent", .array(glanceDays(tracker).map(CalendarView.trackerDayJSON))),
            ("remind", .array(tracker.reminders.map { .string($0.description) })),
        ])
    }
}
