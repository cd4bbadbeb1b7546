import HabitCore

/// The main screen as text.
struct AgendaView: SessionView {
    let session: Session
    let today: CivilDate
    /// `habit list --spark`: each row ends with the tracker's last days as a sparkline.
    var spark = false

    func render(_ agenda: Agenda, isSearching: Bool) -> String {
        var lines: [String] = []
        let heading = t.longDate(agenda.day)
        let relative = t.relativeDay(agenda.day, today: today).map { " (\($0))" } ?? ""
        lines.append(style.bold(heading) + style.dim(relative))
        if let vacation = agenda.vacation {
            lines.append(style.dim(t.text(.onVacation, t.longDate(vacation.upperBound))))
        }
        guard !agenda.isEmpty else {
            lines.append("")
            if isSearching && agenda.hasTrackersDue {
                lines.append("  " + t[.nothingFound])
                lines.append("  " + style.dim(t[.nothingFoundHint]))
            } else {
                lines.append("  " + t[.nothingToTrack])
                lines.append("  " + style.dim(t[.nothingToTrackHint]))
            }
            return lines.joined(separator: "\n") + "\n"
        }
        let rows = agenda.groups.flatMap(\.rows)
        let nameWidth = min(40, rows.map { TerminalText.width(TerminalText.safe($0.tracker.name)) }.max() ?? 0)
        let countWidth = rows.map { TerminalText.width(t.days(AgendaView.completions($0, today: today))) }.max() ?? 0
        let detailWidth = rows.map { TerminalText.width(detail($0)) }.max() ?? 0
        for group in agenda.groups {
            lines.append("")
            lines.append(style.bold(group.category.map(TerminalText.safe) ?? t[.pinned]))
            for row in group.rows {
                lines.append(render(row, nameWidth: nameWidth, countWidth: countWidth, detailWidth: detailWidth))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Completed days shown beside a tracker: its done marks, or for an `at_most` habit every day
    /// within the target.
    static func completions(_ row: Agenda.Row, today: CivilDate) -> Int {
        row.tracker.unmarkedIsDone ? TrackerProgress(tracker: row.tracker, today: today).completions : row.tracker.log.doneCount
    }

    /// What a row says besides its mark: a numeric day's total against the target, a periodic
    /// tracker's progress through its period, when an "every N days" habit is next due.
    func detail(_ row: Agenda.Row) -> String {
        let status = row.status
        if row.tracker.isQuit, let record = TrackerProgress(tracker: row.tracker, today: today).quit {
            return t.text(.daysClean, record.currentClean)
        }
        if let measure = row.tracker.measure, status.mark != .skipped {
            return t.total(status.amount ?? (row.tracker.log.entry(on: status.day)?.mark == .done ? measure.target : 0), measure)
        }
        if let period = status.period, period.required > 0, let kind = row.tracker.schedule.period {
            return view.periodText(period, kind)
        }
        if let next = status.nextDue, status.mark == .done, status.state != .done {
            return t.text(.nextDueBy, view.dayLabel(next))
        }
        return ""
    }

    var view: TrackerView { TrackerView(session: session, today: today, weekStartsOn: .monday) }

    private func render(_ row: Agenda.Row, nameWidth: Int, countWidth: Int, detailWidth: Int) -> String {
        let tracker = row.tracker
        let emoji = TerminalText.pad(tracker.emoji.map(TerminalText.safe) ?? "", to: 2)
        let swatch = style.isEnabled ? style.color("▌", tracker.color ?? nil) : ""
        var name = TerminalText.pad(TerminalText.truncate(TerminalText.safe(tracker.name), to: 40), to: nameWidth)
        if detailWidth > 0 { name += "  " + style.dim(TerminalText.pad(detail(row), to: detailWidth)) }
        let count = TerminalText.padLeft(t.days(AgendaView.completions(row, today: today)), to: countWidth)
        let mark: String
        switch row.mark {
        case .done: mark = style.green("✓")
        case .skipped: mark = style.yellow("–")
        case .slipped: mark = style.red("✗")
        case nil: mark = style.dim("○")
        }
        let line = "  \(swatch)\(emoji) \(row.mark == .done ? style.dim(name) : name)  \(style.dim(count))  \(mark)"
        guard spark else { return line }
        // As many of the last days as the width leaves, none rather than a line that wraps.
        let room = session.width - AgendaView.visibleWidth(line) - 2
        guard room > 0 else { return line }
        return line + "  " + style.green(TrendView.sparkline(RecentDays.heights(of: tracker, through: today), room: room))
    }

    /// A day's mark in `list --json`.
    static func statusName(_ mark: Mark) -> String {
        switch mark {
        case .done: "done"
        case .skipped: "skipped"
        case .slipped: "slipped"
        }
    }

    /// The columns a styled line takes: its text without the escape sequences of `Style`.
    static func visibleWidth(_ line: String) -> Int {
        var width = 0
        var inEscape = false
        for character in line {
            if inEscape {
                if character == "m" { inEscape = false }
                continue
            }
            if character == "\u{1B}" { inEscape = true; continue }
            width += TerminalText.width(of: character)
        }
        return width
    }

    static func json(_ agenda: Agenda, today: CivilDate, spark: Bool = false) -> JSON {
        .object([
            ("date", .string(agenda.day.description)),
            ("groups", .array(agenda.groups.map { group in
                .object([
                    ("category", .optional(group.category)),
                    ("pinned", .bool(group.isPinned)),
                    ("trackers", .array(group.rows.map { row in
                        .object([
                            ("id", .string(row.tracker.id)),
                            ("name", .string(row.tracker.name)),
                            ("category", .string(row.tracker.category)),
                            ("emoji", .optional(row.tracker.emoji)),
                            ("color", .optional(row.tracker.color?.description)),
                            ("kind", .string(row.tracker.isEvent ? "event" : "habit")),
                            ("done_days", .int(completions(row, today: today))),
                            ("status", .string(row.mark.map(AgendaView.statusName) ?? "todo")),
                            ("score", TrackerView.scoreJSON(HabitStrength(tracker: row.tracker, through: today, today: today)?.last)),
                            ("amount", row.status.amount.map { .double($0) } ?? .null),
                            ("target", row.tracker.measure.map { .double($0.target) } ?? .null),
                            ("target_type", .optional(row.tracker.measure?.direction.rawValue)),
                            ("unit", .optional(row.tracker.measure?.unit)),
                            ("note", .optional(row.status.note)),
                            ("period", row.status.period.map(TrackerView.periodJSON) ?? .null),
                            ("next_due", .optional(row.status.nextDue?.description)),
                            ("clean_days", row.tracker.isQuit
                                ? TrackerProgress(tracker: row.tracker, today: today).quit.map { .int($0.currentClean) } ?? .null : .null),
                        ] + (spark ? [("spark", .array(RecentDays.heights(of: row.tracker, through: today).map(TrendView.rounded)))] : []))
                    })),
                ])
            })),
            ("vacation", agenda.vacation.map { .object([("from", .string($0.lowerBound.description)), ("to", .string($0.upperBound.description))]) } ?? .null),
        ])
    }
}
