import HabitCore

/// Every sentence habit says, in one language: catalog templates filled with arguments, and the
/// words and formats built from them. Data such as tracker names is never translated.
public struct Messages: Sendable {
    public let language: Language

    public init(_ language: Language) {
        self.language = language
    }

    /// The text of a message without arguments.
    public subscript(_ key: MessageKey) -> String {
        text(key)
    }

    /// The text of `key` with its arguments (numbers for plural choices as `Int`).
    public func text(_ key: MessageKey, _ arguments: any CustomStringConvertible...) -> String {
        Template.render(language.template(key), arguments.map(\.description), plural: language.pluralCategory)
    }

    // MARK: Words and forms

    public func days(_ count: Int) -> String { text(.dayCount, count) }
    public func trackers(_ count: Int) -> String { text(.trackerCount, count) }
    public func weekdayName(_ day: Weekday) -> String { language.weekdays[day.rawValue - 1] }
    public func weekdayShort(_ day: Weekday) -> String { language.weekdaysShort[day.rawValue - 1] }
    public func weekdayMini(_ day: Weekday) -> String { language.weekdaysMini[day.rawValue - 1] }
    public func monthName(_ month: Int) -> String { language.months[month - 1] }
    public func monthShort(_ month: Int) -> String { language.monthsShort[month - 1] }

    /// "Saturday, 21 November 2026"
    public func longDate(_ day: CivilDate) -> String {
        text(.longDate, weekdayName(day.weekday), day.day, monthName(day.month), day.year, language.monthsGenitive[day.month - 1])
    }

    /// "21 November 2026"
    public func dateWithoutWeekday(_ day: CivilDate) -> String {
        text(.dateWithoutWeekday, day.day, monthName(day.month), day.year, language.monthsGenitive[day.month - 1])
    }

    public func monthYear(year: Int, month: Int) -> String { text(.monthYear, monthName(month), year) }
    public func shortDate(_ day: CivilDate) -> String { text(.shortDate, day.day, monthShort(day.month)) }

    /// "16–22 November 2026", across months and years as needed.
    public func weekRange(_ first: CivilDate, _ last: CivilDate) -> String {
        let key: MessageKey = first.year != last.year ? .weekRange : first.month != last.month ? .weekRangeOneYear : .weekRangeOneMonth
        return text(key, first.day, monthName(first.month), language.monthsGenitive[first.month - 1], first.year,
                    last.day, monthName(last.month), language.monthsGenitive[last.month - 1], last.year)
    }

    public func relativeDay(_ day: CivilDate, today: CivilDate) -> String? {
        switch day.days(since: today) {
        case 0: self[.today]
        case -1: self[.yesterday]
        default: nil
        }
    }

    /// "today", "yesterday" or the long date.
    public func dayPhrase(_ day: CivilDate, today: CivilDate) -> String {
        relativeDay(day, today: today) ?? longDate(day)
    }

    /// "Every day" for all seven days, else "Mon, Wed, Fri"; "3 times a week", "Every 2 days";
    /// events say so.
    public func scheduleSummary(_ schedule: Schedule) -> String {
        switch schedule {
        case .event: return self[.event]
        case .weekly(let days):
            return days == .all ? self[.everyDay] : days.days.map(weekdayShort).joined(separator: self[.listSeparator])
        case .periodic(let count, .week): return text(.scheduleTimesPerWeek, count)
        case .periodic(let count, .month): return text(.scheduleTimesPerMonth, count)
        case .interval(let days): return text(.scheduleEveryDays, days)
        }
    }

    /// An amount with up to three decimals and the language's separator: "5", "2.5" / "2,5".
    public func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let thousandths = Int((abs(value) * 1000).rounded())
        var text = String(thousandths / 1000)
        var fraction = thousandths % 1000
        if fraction > 0 {
            var digits = String(fraction + 1000).dropFirst()
            while digits.last == "0" { digits = digits.dropLast() }
            text += language.decimalSeparator + digits
            fraction = 0
        }
        return (value < 0 && thousandths > 0 ? "-" : "") + text
    }

    /// "8 glasses" (the unit is the user's word, as written), or "8" without one.
    public func quantity(_ value: Double, unit: String?) -> String {
        guard let unit, !unit.isEmpty else { return number(value) }
        return number(value) + " " + DataText.safe(unit)
    }

    /// A day's total against the target: "5 of 8 glasses", "3 cigarettes, at most 2".
    public func total(_ value: Double, _ measure: Measure) -> String {
        switch measure.direction {
        case .atLeast: text(.totalAtLeast, number(value), quantity(measure.target, unit: measure.unit))
        case .atMost: text(.totalAtMost, quantity(value, unit: measure.unit), number(measure.target))
        }
    }

    /// "at least 8 glasses a day" / "at most 2 cigarettes a day".
    public func target(_ measure: Measure) -> String {
        text(measure.direction == .atLeast ? .targetAtLeast : .targetAtMost, quantity(measure.target, unit: measure.unit))
    }

    /// "3 days", "2 weeks", "1 month": a streak in its unit.
    public func streak(_ count: Int, _ unit: StreakUnit) -> String {
        switch unit {
        case .days: text(.dayCount, count)
        case .weeks: text(.weekCount, count)
        case .months: text(.monthCount, count)
        }
    }

    /// One decimal, rounded half away from zero, with the language's separator: "2.5" / "2,5".
    public func decimal(_ value: Double) -> String {
        guard value.isFinite else { return "0\(language.decimalSeparator)0" }
        let tenths = Int((abs(value) * 10).rounded())
        return (value < 0 && tenths > 0 ? "-" : "") + "\(tenths / 10)\(language.decimalSeparator)\(tenths % 10)"
    }

    /// A whole percentage that never claims 100 before it is reached nor 0 once something is done.
    public func percent(_ value: Double) -> String {
        var whole = value.isFinite ? Int(value.rounded()) : 0
        if value < 100, whole >= 100 { whole = 99 }
        if value > 0, whole <= 0 { whole = 1 }
        return text(.percent, whole)
    }

    public func ofDays(_ done: Int, _ total: Int) -> String { text(.ofDays, done, total) }

    /// "3 months" / "3 месяца".
    public func goalPeriod(_ goal: Goal) -> String {
        switch goal.unit {
        case .days: text(.dayCount, goal.count)
        case .weeks: text(.weekCount, goal.count)
        case .months: text(.monthCount, goal.count)
        }
    }

    public func goalUntil(_ period: String, end: CivilDate) -> String {
        text(.goalUntil, period, longDate(end), dateWithoutWeekday(end))
    }

    /// Names joined by the language's list separator.
    public func list(_ items: [String]) -> String { items.joined(separator: self[.listSeparator]) }
}
