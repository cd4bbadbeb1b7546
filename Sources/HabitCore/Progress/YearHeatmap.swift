/// One calendar year, a cell per day (1 January first), each with a level 0…4: across all
/// trackers (`YearHeatmap<DaySummary>`, level from the share of due trackers done) or for one
/// tracker (`YearHeatmap<TrackerDay>`, level 4 when done). Usually drawn as columns of weeks.
public struct YearHeatmap<Cell: DayCell>: Hashable, Sendable {
    public var year: Int
    public var weekStartsOn: Weekday
    /// 365 or 366 cells.
    public var cells: [Cell]

    public init(year: Int, weekStartsOn: Weekday, cells: [Cell]) {
        self.year = year
        self.weekStartsOn = weekStartsOn
        self.cells = cells
    }

    public var firstDay: CivilDate { CivilDate(dayNumber: CivilDate.dayNumber(year: year, month: 1, day: 1)) }
    public var lastDay: CivilDate { CivilDate(dayNumber: CivilDate.dayNumber(year: year, month: 12, day: 31)) }

    /// Blank cells before 1 January in the first week.
    public var leadingBlanks: Int { HabitCore.leadingBlanks(before: firstDay, weekStartsOn: weekStartsOn) }

    /// The year as weeks of seven (nil outside the year): column `i` of a heatmap is `weeks[i]`.
    @inlinable public var weeks: [[Cell?]] { weekRows(cells, leadingBlanks: leadingBlanks) }

    public func cell(on day: CivilDate) -> Cell? {
        let index = day.days(since: firstDay)
        return cells.indices.contains(index) ? cells[index] : nil
    }
}

extension YearHeatmap where Cell == DaySummary {
    public init(trackers: [Tracker], year: Int, today: CivilDate, weekStartsOn: Weekday = .monday) {
        let first = CivilDate(dayNumber: CivilDate.dayNumber(year: year, month: 1, day: 1))
        let last = CivilDate(dayNumber: CivilDate.dayNumber(year: year, month: 12, day: 31))
        self.init(year: year, weekStartsOn: weekStartsOn,
                  cells: DaySummary.days(of: trackers, from: first, through: last, today: today))
    }

    public init(journal: Journal, year: Int, today: CivilDate) {
        self.init(trackers: journal.trackers, year: year, today: today, weekStartsOn: journal.settings.weekStartsOn)
    }
}

extension YearHeatmap where Cell == TrackerDay {
    public init(tracker: Tracker, year: Int, today: CivilDate, weekStartsOn: Weekday = .monday) {
        let first = CivilDate(dayNumber: CivilDate.dayNumber(year: year, month: 1, day: 1))
        let last = CivilDate(dayNumber: CivilDate.dayNumber(year: year, month: 12, day: 31))
        self.init(year: year, weekStartsOn: weekStartsOn,
                  cells: TrackerDay.days(of: tracker, from: first, through: last, today: today))
    }
}
