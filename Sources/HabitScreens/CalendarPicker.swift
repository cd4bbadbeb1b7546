import HabitCore

/// A month grid to pick a day with (`g` in `habit ui`, the date selector of the web app). Named
/// apart from HabitCore's `MonthCalendar`, the calendar of marks, so a file may use both.
public struct CalendarPicker: Hashable, Sendable {
    public struct Day: Hashable, Sendable {
        public var date: CivilDate
        public var isSelected: Bool
        public var isToday: Bool
    }

    public var year: Int
    public var month: Int
    public var selected: CivilDate
    public var today: CivilDate
    public var weekStartsOn: Weekday

    /// The month holding `selected`.
    public init(selected: CivilDate, today: CivilDate, weekStartsOn: Weekday) {
        year = selected.year
        month = selected.month
        self.selected = selected
        self.today = today
        self.weekStartsOn = weekStartsOn
    }

    public var firstDay: CivilDate { CivilDate(year: year, month: month, day: 1) ?? selected }
    public var lastDay: CivilDate { firstDay.adding(months: 1).adding(days: -1) }
    /// The column titles, from the week's first day.
    public var weekdays: [Weekday] { Weekday.week(startingOn: weekStartsOn) }

    /// Rows of seven; nil before the first and after the last day of the month.
    public var weeks: [[Day?]] {
        let blanks = firstDay.days(since: WeekGrid.weekStart(containing: firstDay, weekStartsOn: weekStartsOn))
        var cells: [Day?] = Array(repeating: nil, count: blanks)
        var date = firstDay
        while date <= lastDay {
            cells.append(Day(date: date, isSelected: date == selected, isToday: date == today))
            date = date.adding(days: 1)
        }
        while cells.count % 7 != 0 { cells.append(nil) }
        return stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<$0 + 7]) }
    }

    /// The same day (or the month's last) of the month `months` away, selected.
    public func movingMonth(by months: Int) -> CalendarPicker {
        CalendarPicker(selected: selected.adding(months: months), today: today, weekStartsOn: weekStartsOn)
    }

    /// The selection moved by `days` (±1 a day, ±7 a week), following it into another month.
    public func movingSelection(by days: Int) -> CalendarPicker {
        CalendarPicker(selected: selected.adding(days: days), today: today, weekStartsOn: weekStartsOn)
    }
}
