import HabitCore
import HabitLocalization
import HabitScreens

/// The main screen as text.
struct AgendaView: SessionView {
    let session: Session
    let today: CivilDate
    /// `habit list --spark`: each row ends with the tracker's last days as a sparkline.
    var spark = false
    /// The directory's categories, in order: the empty screen's hint names one.
    var categories: [String] = []

    func render(_ screen: DayScreen) -> String {
        var lines: [String] = []
        let heading = t.longDate(screen.day)
        let relative = t.relativeDay(screen.day, today: today).map { " (\($0))" } ?? ""
        lines.append(style.bold(heading) + style.dim(relative))
        if let vacation = screen.vacation {
            lines.append(style.dim(t.text(.onVacation, t.longDate(vacation.upperBound))))
        }
        if let empty = screen.emptyState {
            lines.append("")
            switch empty {
            case .nothingFound:
                lines.append("  " + t[.nothingFound])
                lines.append("  " + style.dim(t[.nothingFoundHint]))
            case .nothingToTrack:
                lines.append("  " + t[.nothingToTrack])
                lines.append("  " + style.dim(t.nothingToTrackHint(categories: categories)))
            }
            return lines.joined(separator: "\n") + "\n"
        }
        let cards = screen.cards
        // Each card's count and detail, worded once: the widths need them all before the first
        // row, and a plural template is most of a row's cost.
        let counts = cards.map { t.days($0.doneDays) }
        let details = cards.map(detail(_:))
        let nameWidth = min(40, cards.map { TerminalText.width(TerminalText.safe($0.name)) }.max() ?? 0)
        let countWidth = counts.map(TerminalText.width(_:)).max() ?? 0
        let detailWidth = details.map(TerminalText.width(_:)).max() ?? 0
        var index = 0
        for (group, section) in zip(screen.agenda.groups, screen.sections) {
            lines.append("")
            lines.append(style.bold(section.category.map(TerminalText.safe) ?? t[.pinned]))
            for (row, card) in zip(group.rows, section.cards) {
                lines.append(render(card, of: row.tracker, count: counts[index], detail: details[index],
                                    nameWidth: nameWidth, countWidth: countWidth, detailWidth: detailWidth))
                index += 1
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a card says besides its mark: a quit habit's clean days, a numeric day's total against
    /// the target, a periodic tracker's progress through its period, when an "every N days" habit
    /// is next due.
    func detail(_ card: DayScreen.Card) -> String {
        switch card.progress {
        case .clean(let days): t.text(.daysClean, days)
        case .amount(let amount, let measure): t.total(amount, measure)
        case .period(let period, let kind): t.periodProgress(period, kind, today: today)
        case .nextDue(let next): t.text(.nextDueBy, view.dayLabel(next))
        case nil: ""
        }
    }

    var view: TrackerView { TrackerView(session: session, today: today, settings: Settings()) }

    private func render(_ card: DayScreen.Card, of tracker: Tracker, count: String, detail: String,
                        nameWidth: Int, countWidth: Int, detailWidth: Int) -> String {
        let emoji = TerminalText.pad(card.emoji.map(TerminalText.safe) ?? "", to: 2)
        // A tracker without a colour gets a blank in the swatch's column, which keeps the names
        // aligned with coloured ones without drawing an uncoloured bar.
        let swatch = !style.isEnabled ? "" : (card.color ?? nil).map { style.color("▌", $0) } ?? " "
        var name = TerminalText.pad(TerminalText.truncate(TerminalText.safe(card.name), to: 40), to: nameWidth)
        if detailWidth > 0 { name += "  " + style.dim(TerminalText.pad(detail, to: detailWidth)) }
        let count = TerminalText.padLeft(count, to: countWidth)
        let mark: String
        switch card.state {
        case .done: mark = style.green("✓")
        case .skipped: mark = style.yellow("–")
        case .slipped: mark = style.red("✗")
        case .toDo: mark = style.dim("○")
        }
        let line = "  \(swatch)\(emoji) \(card.state == .done ? style.dim(name) : name)  \(style.dim(count))  \(mark)"
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

    static func json(_ screen: DayScreen, today: CivilDate, spark: Bool = false) -> JSON {
        let agenda = screen.agenda
        let groups: [JSON] = zip(agenda.groups, screen.sections).map { group, section in
            let trackers: [JSON] = zip(group.rows, section.cards).map { row, card in json(row, card, today: today, spark: spark) }
            return .object([
                ("category", .optional(group.category)),
                ("pinned", .bool(group.isPinned)),
                ("trackers", .array(trackers)),
            ])
        }
        return .object([
            ("date", .string(agenda.day.description)),
            ("groups", .array(groups)),
            ("vacation", agenda.vacation.map { .object([("from", .string($0.lowerBound.description)), ("to", .string($0.upperBound.description))]) } ?? .null),
        ])
    }

    private static func json(_ row: Agenda.Row, _ card: DayScreen.Card, today: CivilDate, spark: Bool) -> JSON {
        var clean: JSON = .null
        if case .clean(let days)? = card.progress { clean = .int(days) }
        let fields: [(String, JSON)] = [
            ("id", .string(row.tracker.id)),
            ("name", .string(row.tracker.name)),
            ("category", .string(row.tracker.category)),
            ("emoji", .optional(row.tracker.emoji)),
            ("color", .optional(row.tracker.color?.description)),
            ("kind", .string(row.tracker.isEvent ? "event" : "habit")),
            ("done_days", .int(card.doneDays)),
            ("status", .string(row.mark.map(AgendaView.statusName) ?? "todo")),
            ("score", TrackerView.scoreJSON(HabitStrength(tracker: row.tracker, through: today, today: today)?.last)),
            ("amount", row.status.amount.map { .double($0) } ?? .null),
            ("target", row.tracker.measure.map { .double($0.target) } ?? .null),
            ("target_type", .optional(row.tracker.measure?.direction.rawValue)),
            ("unit", .optional(row.tracker.measure?.unit)),
            ("note", .optional(row.status.note)),
            ("period", row.status.period.map(TrackerView.periodJSON) ?? .null),
            ("next_due", .optional(row.status.nextDue?.description)),
            ("clean_days", clean),
        ]
        return .object(fields + (spark ? [("spark", .array(RecentDays.heights(of: row.tracker, through: today).map(TrendView.rounded)))] : []))
    }
}
