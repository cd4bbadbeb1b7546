import HabitCore

extension EnglishMessages: ProgressMessages {
    public func weekdayMini(_ day: Weekday) -> String {
        ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"][day.rawValue - 1]
    }
    public func monthShort(_ month: Int) -> String {
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]
    }
    public func monthYear(year: Int, month: Int) -> String { "\(monthName(month)) \(year)" }
    public func shortDate(_ day: CivilDate) -> String { "\(day.day) \(monthShort(day.month))" }
    public func decimal(_ value: Double) -> String { NumberText.oneDecimal(value, separator: ".") }
    public func percent(_ value: Double) -> String { "\(NumberText.wholePercent(value))%" }
    public func ofDays(_ done: Int, _ total: Int) -> String { "\(done) of \(days(total))" }
    public func weekRange(_ first: CivilDate, _ last: CivilDate) -> String {
        if first.year != last.year {
            return "\(first.day) \(monthName(first.month)) \(first.year) – \(last.day) \(monthName(last.month)) \(last.year)"
        }
        if first.month != last.month {
            return "\(first.day) \(monthName(first.month)) – \(last.day) \(monthName(last.month)) \(last.year)"
        }
        return "\(first.day)–\(last.day) \(monthName(last.month)) \(last.year)"
    }

    public var statisticsTitle: String { "Statistics" }
    public var bestStreak: String { "Best streak" }
    public var currentStreak: String { "Current streak" }
    public var perfectDays: String { "Perfect days" }
    public var trackersCompleted: String { "Trackers completed" }
    public var average: String { "Average" }
    public var nothingToAnalyse: String { "Nothing to analyse yet" }
    public var nothingToAnalyseHint: String {
        "Mark a tracker done and your streaks and averages appear here: habit done TRACKER"
    }

    public var fieldCategory: String { "Category" }
    public var fieldKind: String { "Kind" }
    public var fieldSchedule: String { "Schedule" }
    public var fieldColor: String { "Colour" }
    public var fieldPinned: String { "Pinned" }
    public var fieldStart: String { "Start" }
    public var fieldDescription: String { "Description" }
    public var fieldStatus: String { "Status" }
    public var fieldCompletionRate: String { "Completion rate" }
    public var fieldCompletions: String { "Completions" }
    public var fieldGoal: String { "Goal" }
    public var fieldProgress: String { "Progress" }
    public var kindHabit: String { "Habit" }
    public var kindEvent: String { "One-off event" }
    public var yes: String { "yes" }
    public var no: String { "no" }
    public var notSet: String { "—" }
    public var goalForever: String { "Forever" }
    public func goalPeriod(_ goal: Goal) -> String {
        switch goal.unit {
        case .days: days(goal.count)
        case .weeks: goal.count == 1 ? "1 week" : "\(goal.count) weeks"
        case .months: goal.count == 1 ? "1 month" : "\(goal.count) months"
        }
    }
    public func goalUntil(_ period: String, end: CivilDate) -> String { "\(period), until \(longDate(end))" }
    public var goalReached: String { "goal reached" }
    public var goalOver: String { "the goal period is over" }
    public func eventDoneOn(_ day: String) -> String { "done \(day)" }
    public var eventNotDone: String { "not done yet (due every day until done)" }
    public var nothingDueYet: String { "nothing due yet" }
    public func lastWeeks(_ count: Int) -> String { "Last \(count) weeks" }

    public var legendPerfect: String { "perfect" }
    public var legendPartial: String { "partly done" }
    public var legendMissedDay: String { "missed" }
    public var legendExcused: String { "all skipped" }
    public var legendNothingScheduled: String { "nothing scheduled" }
    public var legendInProgress: String { "today, in progress" }
    public var legendDone: String { "done" }
    public var legendDoneOffSchedule: String { "done off schedule" }
    public var legendSkipped: String { "skipped" }
    public var legendMissed: String { "missed" }
    public var legendPending: String { "today, to do" }
    public var legendNotScheduled: String { "not scheduled" }
    public var legendStreak: String { "streak" }
    public var legendToday: String { "today" }
    public var legendFuture: String { "future" }
    public var less: String { "Less" }
    public var more: String { "More" }
    public func perfectDaysCount(_ count: Int) -> String { count == 1 ? "1 perfect day" : "\(count) perfect days" }
    public func trackerSummary(done: Int, missed: Int, skipped: Int) -> String {
        "Done: \(days(done)) · missed: \(missed) · skipped: \(skipped)"
    }
    public func todayProgress(done: Int, due: Int) -> String { "Today: \(done) of \(due) done" }
    public func badMonth(_ text: String) -> String {
        "“\(text)” is not a month; use 2026-10, -1 (last month) or +1 (next month)."
    }
    public func badYear(_ text: String) -> String { "“\(text)” is not a year; use 2026, -1 (last year) or +1 (next year)." }
    public func extraArgument(_ text: String) -> String { "Unexpected argument “\(text)”." }
    public var allTrackers: String { "All trackers" }
}
