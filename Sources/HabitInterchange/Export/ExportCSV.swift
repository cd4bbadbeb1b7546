import HabitCore

/// `habit export csv`: `date,tracker,category,value,note`, one row per tracker per day with a line
/// or a note, by date then tracker name (`NameOrder`). `value` is the day's amount when the line holds one, else
/// `done`, `skipped` or `slipped`; empty for a day with a note only.
enum ExportCSV {
    static let header = ["date", "tracker", "category", "value", "note"]

    static func result(trackers: [Tracker]) -> ExportResult {
        let rank = Dictionary(NameOrder.sorted(trackers).enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var rows: [(date: CivilDate, rank: Int, fields: [String])] = []
        for tracker in trackers {
            for day in ExportJSON.days(tracker.log) {
                let value: String
                if let amount = day.entry?.amount {
                    value = Export.number(amount)
                } else if let mark = day.entry?.mark {
                    value = Export.markName(mark)
                } else {
                    value = ""
                }
                rows.append((day.date, rank[tracker.id] ?? 0,
                             [day.date.description, tracker.name, tracker.category, value, day.note ?? ""]))
            }
        }
        rows.sort { lhs, rhs in
            if lhs.date != rhs.date { return lhs.date < rhs.date }
            return lhs.rank < rhs.rank
        }
        var text = CSVLine.line(header)
        for row in rows { text += CSVLine.line(row.fields) }
        return ExportResult(bytes: Array(text.utf8), trackers: 0, days: 0, notes: 0, losses: [])
    }
}
