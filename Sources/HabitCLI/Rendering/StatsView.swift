import HabitCore
import HabitLocalization

/// The statistics screen: each metric as a big number, then its title.
struct StatsView: SessionView {
    let session: Session

    /// Habits to quit, each with its record (shown under the numbers).
    func quitLines(_ quitting: [(Tracker, QuitRecord)]) -> [String] {
        guard !quitting.isEmpty else { return [] }
        var lines = ["", style.bold(t[.quitTitle])]
        for (tracker, record) in quitting {
            lines.append("  " + t.text(.quitStatsLine, session.name(tracker), t.text(.daysClean, record.currentClean),
                                       t.days(record.bestClean), t.decimal(record.slipsPerWeek ?? 0)))
        }
        return lines
    }

    func render(_ statistics: OverallStatistics, trend: OverallTrend = OverallTrend(weeks: []),
                quitting: [(Tracker, QuitRecord)] = []) -> String {
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
        lines += quitLines(quitting)
        lines += TrendView(session: session).render(trend)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The average rounded to two decimals, so the JSON does not carry binary noise.
    static func json(_ statistics: OverallStatistics, today: CivilDate, trend: OverallTrend = OverallTrend(weeks: []),
                     quitting: [(Tracker, QuitRecord)] = []) -> JSON {
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
            ("quit", .array(quitting.map { tracker, record in
                .object([
                    ("id", .string(tracker.id)), ("name", .string(tracker.name)),
                    ("clean_days", .int(record.currentClean)), ("best_clean_days", .int(record.bestClean)),
                    ("slips", .int(record.slips)),
                    ("slips_per_week", record.slipsPerWeek.map { .double(($0 * 100).rounded() / 100) } ?? .null),
                    ("slips_per_month", record.slipsPerMonth.map { .double(($0 * 100).rounded() / 100) } ?? .null),
                ])
            })),
            ("weeks", TrendView.json(trend)),
        ])
    }
}
