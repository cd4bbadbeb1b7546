/// Days laid out in weeks of seven, starting on a chosen weekday: shared by the month calendar
/// and the year heatmap.
public protocol DayCell: Hashable, Sendable {
    var day: CivilDate { get }
    /// Heatmap intensity 0…4.
    var level: Int { get }
}

extension TrackerDay: DayCell {}
extension DaySummary: DayCell {}

/// Blank cells before `first` in a week that starts on `weekStartsOn`.
func leadingBlanks(before first: CivilDate, weekStartsOn: Weekday) -> Int {
    (first.weekday.rawValue - weekStartsOn.rawValue + 7) % 7
}

/// Rows of seven: `leadingBlanks` nils, the cells, then nils to fill the last row. Inlinable, as
/// is `weeks`: a front-end that draws a year would otherwise copy each cell through the generic
/// (unspecialised) code.
@inlinable
func weekRows<Cell>(_ cells: [Cell], leadingBlanks: Int) -> [[Cell?]] {
    var padded: [Cell?] = Array(repeating: nil, count: leadingBlanks) + cells.map { Optional($0) }
    while padded.count % 7 != 0 { padded.append(nil) }
    return stride(from: 0, to: padded.count, by: 7).map { Array(padded[$0..<$0 + 7]) }
}

/// One month, a cell per day: across all trackers (`MonthCalendar<DaySummary>`) or for one
/// tracker with its streak runs (`MonthCalendar<TrackerDay>`).
public struct MonthCalendar<Cell: DayCell>: Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var weekStartsOn: Weekday
    /// One cell per day of the month, the 1st first.
    public var cells: [Cell]

    public init(year: Int, month: Int, weekStartsOn: Weekday, cells: [Cell]) {
        self.year = year
        self.month = month
        self.weekStartsOn = weekStartsOn
        self.cells = cells
    }

    public var firstDay: CivilDate { CivilDate(dayNumber: CivilDate.dayNumber(year: year, month: month, day: 1)) }
    public var lastDay: CivilDate { firstDay.adding(months: 1).adding(days: -1) }

    /// Blank cells before the 1st in the first week row.
    public var leadingBlanks: Int { HabitCore.leadingBlanks(before: firstDay, weekStartsOn: weekStartsOn) }

    /// The month as rows of seven (nil outside the month).
    @inlinable public var weeks: [[Cell?]] { weekRows(cells, leadingBlanks: leadingBlanks) }

    /// The weekday column headers in display order.
    public var weekdays: [Weekday] { Weekday.week(startingOn: weekStartsOn) }

    public func cell(on day: CivilDate) -> Cell? {
        let index = day.days(since: firstDay)
        return cells.indices.contains(index) ? cells[index] : nil
    }

    /// The month containing `day`.
    static func bounds(containing day: CivilDate) -> (first: CivilDate, last: CivilDate) {
        let first = day.firstOfMonth
        return (first, first.adding(months: 1).adding(days: -1))
    }
}

extension MonthCalendar where Cell == DaySummary {
    /// All trackers over the month containing `day`.
    public init(trackers: [Tracker], containing day: CivilDate, today: CivilDate, weekStartsOn: Weekday = .monday) {
        let (first, last) = MonthCalendar.bounds(containing: day)
        self.init(
            year: first.year, month: first.month, weekStartsOn: weekStartsOn,
            cells: DaySummary.days(of: trackers, from: first, through: last, today: today))
    }

    public init(journal: Journal, containing day: CivilDate, today: CivilDate) {
        self.init(trackers: journal.trackers, containing: day, today: today, weekStartsOn: journal.settings.weekStartsOn)
    }
}

extension MonthCalendar where Cell == TrackerDay {
    /// One tracker over the month containing `day`.
    public init(tracker: Tracker, containing day: CivilDate, today: CivilDate, weekStartsOn: Weekday = .monday) {
        let (first, last) = MonthCalendar.bounds(containing: day)
        self.init(
            year: first.year, month: first.month, weekStartsOn: weekStartsOn,
            cells: TrackerDay.days(of: tracker, from: first, through: last, today: today))
    }
}
