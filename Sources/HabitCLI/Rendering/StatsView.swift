import HabitCore
import HabitLocalization

/// The statistics screen: each metric as a big number, then its title.
struct StatsView {
    let session: Session

    var t: Messages { session.t }
    var style: Style { session.style }

    func render(_ statistics: OverallStatistics) -> String {
        var lines = [style.bold(t[.statisticsTitle]), ""]
        guard !statistics.isEmpty else {
            lines.append("  " + t[.nothingToAnalyse])
            lines.append("  " + style.dim(t[.nothingToAnalyseHint]))
            return lines.joined(separator: "\n") + "\n"
        }
        let rows: [(String, String)] = [
            (String(statistics.bestStreak), t[.bestStreak]),
            (String(statistics.perfectDays), t[.perfectDays]),
            (String(statistics.trackersCompleted), t[.trackersCompleted]),
            (t.decimal(statistics.average), t[.average]),
        ]
        let width = rows.map { TerminalText.width($0.0) }.max() ?? 0
        for (value, title) in rows {
            lines.append("  " + style.bold(TerminalText.padLeft(value, to: width)) + "  " + title)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The average rounded to two decimals, so the JSON does not carry binary noise.
    static func json(_ statistics: OverallStatistics, today: CivilDate) -> JSON {
        .object([
            ("today", .string(today.description)),
            ("empty", .bool(statistics.isEmpty)),
            ("best_streak", .int(statistics.bestStreak)),
            ("current_streak", .int(statistics.currentStreak)),
            ("perfect_days", .int(statistics.perfectDays)),
            ("trackers_completed", .int(statistics.trackersCompleted)),
            ("average", .double((statistics.average * 100).rounded() / 100)),
            ("tracked_days", .int(statistics.trackedDays)),
            ("first_scheduled_day", .optional(statistics.firstScheduledDay?.description)),
        ])
    }
}
