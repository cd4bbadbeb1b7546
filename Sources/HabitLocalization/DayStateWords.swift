import HabitCore

/// The words for a day's state, as the calendars' legends say them: shared by the terminal's
/// calendars and the `<title>` of each day of an SVG heatmap.
extension Messages {
    public func word(_ state: TrackerDayState) -> String {
        switch state {
        case .future, .notScheduled: self[.legendNotScheduled]
        case .doneOffSchedule: self[.legendDoneOffSchedule]
        case .done: self[.legendDone]
        case .skipped: self[.legendSkipped]
        case .missed: self[.legendMissed]
        case .pending: self[.legendPending]
        case .forgiven: self[.legendForgiven]
        }
    }

    public func word(_ state: DayState) -> String {
        switch state {
        case .future, .nothingScheduled: self[.legendNothingScheduled]
        case .excused: self[.legendExcused]
        case .perfect: self[.legendPerfect]
        case .partial: self[.legendPartial]
        case .missed: self[.legendMissedDay]
        case .inProgress: self[.legendInProgress]
        }
    }

    /// "5 March 2026: done", a heatmap day's title.
    /// A day after today has no state yet: its date alone.
    public func dayTitle(_ day: TrackerDay) -> String {
        day.state == .future ? dateWithoutWeekday(day.day) : dateWithoutWeekday(day.day) + ": " + word(day.state)
    }

    /// "5 March 2026: partly done (2/3)", a heatmap day's title across all trackers.
    public func dayTitle(_ day: DaySummary) -> String {
        guard day.state != .future else { return dateWithoutWeekday(day.day) }
        var title = dateWithoutWeekday(day.day) + ": " + word(day.state)
        if day.due > 0 { title += " (\(day.done)/\(day.due))" }
        return title
    }
}
