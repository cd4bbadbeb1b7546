/// One tracker on one day as the day view shows it: whether it shows at all, and whether it is
/// settled (done or skipped) or still to do, with a numeric day's total, a periodic tracker's
/// progress through its period, and the day's note.
public struct DayStatus: Hashable, Sendable {
    public var day: CivilDate
    /// The day's state for the statistics (docs/statistics.md).
    public var state: TrackerDayState
    /// Whether the day view lists the tracker on the day: a habit on its weekdays, an event until
    /// the day it was done, a periodic or "every N days" tracker on every day from its start.
    public var isShown: Bool
    /// Done: the day is done, or nothing more is asked (a periodic tracker's quota is met, an
    /// "every N days" window is covered, an `at_most` day within its target). Skipped: the day is
    /// excused (a skip or a vacation). Nil: still to do.
    public var mark: Mark?
    /// A numeric habit's total for the day, as written.
    public var amount: Double?
    public var note: String?
    /// A periodic tracker's period containing the day.
    public var period: PeriodTally?
    /// An "every N days" tracker: the last day of the window that follows the latest done or
    /// skipped day (it is due by then).
    public var nextDue: CivilDate?

    public init(day: CivilDate, state: TrackerDayState, isShown: Bool, mark: Mark? = nil, amount: Double? = nil,
                note: String? = nil, period: PeriodTally? = nil, nextDue: CivilDate? = nil) {
        self.day = day
        self.state = state
        self.isShown = isShown
        self.mark = mark
        self.amount = amount
        self.note = note
        self.period = period
        self.nextDue = nextDue
    }
}

extension Tracker {
    /// The tracker on `day` as the day view shows it.
    public func status(on day: CivilDate, today: CivilDate) -> DayStatus {
        let walk = TrackerWalk(self, today: today)
        let rule = walk.rule
        let number = day.dayNumber
        let effective = day > today ? nil : effectiveMark(on: day)
        var status = DayStatus(
            day: day, state: walk.state(on: number), isShown: rule.expects(number), mark: effective,
            amount: log.amount(on: day), note: log.note(on: day))
        switch rule.kind {
        case .daily:
            break
        case .periodic:
            status.period = walk.period(containing: number)
            if status.mark == nil, status.period?.isMet == true { status.mark = .done }
        case .interval:
            if let cover = walk.intervalCover(on: min(number, today.dayNumber)) {
                status.nextDue = CivilDate(dayNumber: cover.nextDue)
                if status.mark == nil, cover.covered, day <= today { status.mark = .done }
            }
        }
        return status
    }
}
