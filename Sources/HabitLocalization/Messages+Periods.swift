import HabitCore

extension Messages {
    /// "1/3 this week", "2/10 that month": a period's progress, "this" while `today` lies in it.
    public func periodProgress(_ period: PeriodTally, _ kind: Period, today: CivilDate) -> String {
        let current = period.first <= today && today <= period.last
        let key: MessageKey = switch (kind, current) {
        case (.week, true): .periodThisWeek
        case (.week, false): .periodThatWeek
        case (.month, true): .periodThisMonth
        case (.month, false): .periodThatMonth
        }
        return text(key, period.done, period.required)
    }

    /// "2 missed days a week": how many slips a quit habit allows.
    public func allowance(_ allowance: Allowance) -> String {
        text(allowance.period == .week ? .allowancePerWeek : .allowancePerMonth, allowance.count)
    }
}
