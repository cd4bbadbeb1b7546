import HabitCore
import HabitLocalization

/// Trends drawn as text: horizontal bars for a tracker's completion per period and its weekday
/// profile (`habit show`), sparklines for all trackers by week (`habit stats`) and a tracker's last
/// days (`habit list --spark`). Every glyph carries its meaning without colour, and every line keeps
/// to the width given.
struct TrendView: SessionView {
    let session: Session

    static let sparks = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    /// Drawn where a sparkline has no value (nothing was asked that day or week).
    static let gap = "·"
    /// Bars are at most this long, so a wide terminal does not stretch them.
    static let longestBar = 30
    /// Periods shown in `show`: the latest ones.
    static let shownPeriods = 12

    /// One cell of a sparkline for a height 0…1, or the gap for none.
    static func spark(_ height: Double?) -> String {
        guard let height, height.isFinite else { return gap }
        let level = Int((max(0, min(1, height)) * 7).rounded())
        return sparks[level]
    }

    /// A bar of `length` columns filled to `fraction`, in eighths; the rest blank.
    static func bar(_ fraction: Double, length: Int) -> String {
        let units = Int((max(0, min(1, fraction)) * Double(length * 8)).rounded())
        let full = units / 8
        let part = units % 8
        return String(repeating: "█", count: full) + eighths[part]
            + String(repeating: " ", count: max(0, length - full - (part > 0 ? 1 : 0)))
    }

    /// The label of a period: "16 Nov" for a week, "Nov 2026" for a month, "2026" for a year.
    func label(_ bucket: TrendBucket, _ period: TrendPeriod) -> String {
        switch period {
        case .week: t.shortDate(bucket.first)
        case .month: t.text(.monthYear, t.monthShort(bucket.first.month), bucket.first.year)
        case .year: String(bucket.first.year)
        }
    }

    /// Rows of `label  bar  value`, the bar as long as the width leaves (at most `longestBar`).
    func barRows(_ rows: [(label: String, fraction: Double?, value: String)], paint: (String) -> String) -> [String] {
        let labelWidth = rows.map { TerminalText.width($0.label) }.max() ?? 0
        let valueWidth = rows.map { TerminalText.width($0.value) }.max() ?? 0
        let length = min(TrendView.longestBar, session.width - 2 - labelWidth - 2 - 2 - valueWidth)
        return rows.map { row in
            var line = "  " + style.dim(TerminalText.pad(row.label, to: labelWidth)) + "  "
            if length >= 4 {
                line += row.fraction.map { paint(TrendView.bar($0, length: length)) } ?? String(repeating: " ", count: length)
                line += "  "
            }
            return (line + TerminalText.padLeft(row.value, to: valueWidth)).trimmingTrailingSpaces()
        }
    }

    /// `habit show`: completion per period, the latest `shownPeriods`, and the weekday profile.
    func render(_ trend: CompletionTrend, _ profile: WeekdayProfile, color: TrackerColor?) -> [String] {
        let paint = { (text: String) in style.color(text, color ?? .palette(.green)) }
        let title: MessageKey = switch trend.period {
        case .week: .trendByWeek
        case .month: .trendByMonth
        case .year: .trendByYear
        }
        var lines = ["", "  " + style.bold(t[title])]
        lines += barRows(trend.buckets.suffix(TrendView.shownPeriods).map { bucket in
            (label(bucket, trend.period), bucket.rate, bucket.rate.map { t.percent($0 * 100) } ?? "–")
        }, paint: paint)
        lines += ["", "  " + style.bold(t[.weekdayProfile])]
        lines += barRows(profile.entries.map { entry in
            (t.weekdayShort(entry.weekday), entry.share, t.text(.weekdayDone, entry.done, entry.days))
        }, paint: paint)
        return lines
    }

    /// `habit stats`: completion and perfect days per week, the latest weeks that fit.
    func render(_ trend: OverallTrend) -> [String] {
        guard !trend.weeks.isEmpty else { return [] }
        let labels = [t[.trendCompletion], t[.trendPerfectDays]]
        let labelWidth = labels.map(TerminalText.width).max() ?? 0
        let room = max(1, session.width - 2 - labelWidth - 2)
        let weeks = Array(trend.weeks.suffix(room))
        let completion = weeks.map { TrendView.spark($0.completion) }.joined()
        let perfect = weeks.map { TrendView.spark($0.due > 0 || $0.perfectDays > 0 ? Double($0.perfectDays) / Double($0.days) : nil) }.joined()
        var lines = ["", "  " + style.bold(t.text(.trendWeeks, weeks.count))]
        for (label, line) in zip(labels, [completion, perfect]) {
            lines.append("  " + style.dim(TerminalText.pad(label, to: labelWidth)) + "  " + style.green(line))
        }
        let first = t.shortDate(weeks[0].first)
        let indent = String(repeating: " ", count: 2 + labelWidth + 2)
        if TerminalText.width(first) <= weeks.count { lines.append(indent + style.dim(first)) }
        return lines
    }

    /// `habit list --spark`: a tracker's last days, as many as `room` columns hold.
    static func sparkline(_ heights: [Double?], room: Int) -> String {
        heights.suffix(max(0, room)).map(spark).joined()
    }

    // MARK: JSON

    static func json(_ trend: CompletionTrend) -> JSON {
        .object([
            ("by", .string(trend.period.rawValue)),
            ("periods", .array(trend.buckets.map { bucket in
                .object([
                    ("first", .string(bucket.first.description)), ("last", .string(bucket.last.description)),
                    ("done", .int(bucket.done)), ("due", .int(bucket.due)), ("rate", rounded(bucket.rate)),
                ])
            })),
        ])
    }

    static func json(_ profile: WeekdayProfile) -> JSON {
        .array(profile.entries.map { entry in
            .object([
                ("weekday", .string(entry.weekday.fileName)), ("done", .int(entry.done)), ("days", .int(entry.days)),
                ("share", rounded(entry.share)),
            ])
        })
    }

    static func json(_ trend: OverallTrend) -> JSON {
        .array(trend.weeks.map { week in
            .object([
                ("first", .string(week.first.description)), ("days", .int(week.days)), ("perfect_days", .int(week.perfectDays)),
                ("done", .int(week.done)), ("due", .int(week.due)), ("completion", rounded(week.completion)),
            ])
        })
    }

    static func rounded(_ value: Double?) -> JSON {
        value.map { .double(($0 * 1000).rounded() / 1000) } ?? .null
    }
}
