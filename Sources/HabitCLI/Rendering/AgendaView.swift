import HabitCore

/// The main screen as text.
struct AgendaView {
    let session: Session
    let today: CivilDate

    var t: Messages { session.t }
    var style: Style { session.style }

    func render(_ agenda: Agenda, isSearching: Bool) -> String {
        var lines: [String] = []
        let heading = t.longDate(agenda.day)
        let relative = t.relativeDay(agenda.day, today: today).map { " (\($0))" } ?? ""
        lines.append(style.bold(heading) + style.dim(relative))
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
        let countWidth = rows.map { TerminalText.width(t.days($0.tracker.log.doneCount)) }.max() ?? 0
        for group in agenda.groups {
            lines.append("")
            lines.append(style.bold(group.category.map(TerminalText.safe) ?? t[.pinned]))
            for row in group.rows {
                lines.append(render(row, nameWidth: nameWidth, countWidth: countWidth))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func render(_ row: Agenda.Row, nameWidth: Int, countWidth: Int) -> String {
        let tracker = row.tracker
        let emoji = TerminalText.pad(tracker.emoji.map(TerminalText.safe) ?? "", to: 2)
        let swatch = style.isEnabled ? style.color("▌", tracker.color ?? nil) : ""
        let name = TerminalText.pad(TerminalText.truncate(TerminalText.safe(tracker.name), to: 40), to: nameWidth)
        let count = TerminalText.padLeft(t.days(tracker.log.doneCount), to: countWidth)
        let mark: String
        switch row.mark {
        case .done: mark = style.green("✓")
        case .skipped: mark = style.yellow("–")
        case nil: mark = style.dim("○")
        }
        return "  \(swatch)\(emoji) \(row.mark == .done ? style.dim(name) : name)  \(style.dim(count))  \(mark)"
    }

    static func json(_ agenda: Agenda) -> JSON {
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
                            ("done_days", .int(row.tracker.log.doneCount)),
                            ("status", .string(row.mark.map { $0 == .done ? "done" : "skipped" } ?? "todo")),
                        ])
                    })),
                ])
            })),
        ])
    }
}
