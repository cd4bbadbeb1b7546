import HabitCore
import HabitLocalization

/// The heatmap's words from HabitLocalization, so `habit export svg`, `habit report` and the web
/// app say the same thing in the same language.
extension HeatmapLabels where Cell == TrackerDay {
    /// A tracker's year: "Run — 2026", each day "5 March 2026: done".
    public init(_ t: Messages, tracker: Tracker, year: Int) {
        self.init(t, title: "\(tracker.name) — \(year)") { t.dayTitle($0) }
    }
}

extension HeatmapLabels where Cell == DaySummary {
    /// Every tracker's year: "2026", each day "5 March 2026: partly done (2/3)".
    public init(_ t: Messages, year: Int) {
        self.init(t, title: String(year)) { t.dayTitle($0) }
    }
}

extension HeatmapLabels {
    init(_ t: Messages, title: String, dayTitle: @escaping @Sendable (Cell) -> String) {
        self.init(title: title, monthsShort: (1...12).map(t.monthShort), weekdaysShort: Weekday.allCases.map(t.weekdayMini),
                  less: t[.less], more: t[.more], dayTitle: dayTitle)
    }
}
