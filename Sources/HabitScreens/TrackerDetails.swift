import HabitCore
import HabitLocalization

/// A tracker's details (the card menu's "details"): the figures `habit show` gives, a month
/// calendar and the last 53 weeks as a heatmap. Every figure comes from HabitCore's
/// `TrackerProgress` and `HabitStrength`, every day's state from `TrackerDay` (what `habit cal`
/// draws), so no front-end computes one differently. Pure data; `today` is a parameter.
public struct TrackerDetails: Hashable, Sendable {
    /// One day as the calendar and the heatmap show it.
    public enum DayState: Hashable, Sendable, CaseIterable {
        /// Done (on or off its schedule).
        case done
        /// Due, before today, not marked.
        case missed
        case skipped
        /// Missed within the tracker's allowance.
        case forgiven
        /// A quit habit's slip.
        case slipped
        /// Today, due, not marked yet.
        case pending
        /// Not due that day (off its weekdays, a met period, covered by an "every N days" mark).
        case notDue
        /// Before the tracker's start.
        case beforeStart
        /// After today.
        case future
    }

    public struct Day: Hashable, Sendable {
        public var date: CivilDate
        public var state: DayState
        public var isToday: Bool
        /// For a done day, its place in its streak (1 = the run starts here), else 0 (`habit cal`'s lines).
        public var runLength: Int
    }

    /// A month as rows of seven from `week_starts_on`; nil outside the month.
    public struct Month: Hashable, Sendable {
        public var year: Int
        public var month: Int
        public var weekdays: [Weekday]
        public var weeks: [[Day?]]
        /// Any day of the month (the 1st).
        public var firstDay: CivilDate { CivilDate(year: year, month: month, day: 1) ?? CivilDate(dayNumber: 0) }
    }

    /// The last 53 weeks, ending with the week that holds today: `weeks[i]` is column `i`, its
    /// seven days from `week_starts_on` down (days after today are `.future`).
    public struct Heatmap: Hashable, Sendable {
        public static let weekCount = 53
        public var weekdays: [Weekday]
        public var weeks: [[Day]]
        public var firstDay: CivilDate { weeks.first?.first?.date ?? CivilDate(dayNumber: 0) }
        public var lastDay: CivilDate { weeks.last?.last?.date ?? CivilDate(dayNumber: 0) }
    }

    public var trackerID: String { tracker.id }
    public var name: String { tracker.name }
    public var emoji: String? { tracker.emoji }
    public var color: TrackerColor? { tracker.color }
    public var category: String { tracker.category }
    public var isEvent: Bool { tracker.isEvent }
    public var isQuit: Bool { tracker.isQuit }
    public var today: CivilDate
    public var weekStartsOn: Weekday
    /// `habit show`'s figures: streaks with their unit, done days, completion rate, forgiven days,
    /// a quit habit's clean days and slips (`progress.quit`), the goal.
    public var progress: TrackerProgress
    /// Loop's habit strength today, 0…1; nil before the tracker has a day.
    public var strength: Double?
    /// The figures every front-end shows, in their order (`habit show`'s).
    public var figures: TrackerFigures
    public var month: Month
    public var heatmap: Heatmap

    public var currentStreak: Int { progress.currentStreak }
    public var bestStreak: Int { progress.bestStreak }
    public var streakUnit: StreakUnit { progress.streakUnit }
    /// 0…1, nil while nothing has been due.
    public var completionRate: Double? { progress.completionRate }
    public var doneDays: Int { progress.doneDays }
    public var forgivenDays: Int { progress.forgivenDays }
    /// A quit habit's current and best clean runs and slips; nil for other trackers.
    public var quit: QuitRecord? { progress.quit }

    private let tracker: Tracker

    /// - Parameter month: any day of the month the calendar shows (today's month by default).
    public init(tracker: Tracker, today: CivilDate, weekStartsOn: Weekday, month: CivilDate? = nil) {
        self.tracker = tracker
        self.today = today
        self.weekStartsOn = weekStartsOn
        progress = TrackerProgress(tracker: tracker, today: today)
        strength = HabitStrength(tracker: tracker, through: today, today: today)?.last
        figures = TrackerFigures(progress: progress, strength: strength, forgivesMisses: tracker.effectiveAllowance != nil, today: today)
        self.month = Self.month(of: tracker, containing: month ?? today, today: today, weekStartsOn: weekStartsOn)
        heatmap = Self.heatmap(of: tracker, today: today, weekStartsOn: weekStartsOn)
    }

    /// - Parameter language: the reader's, whose first day of the week begins the calendar and the
    ///   heatmap unless habit.toml sets `week_starts_on`.
    public init(tracker: Tracker, in journal: Journal, today: CivilDate, month: CivilDate? = nil, language: Language = .en) {
        self.init(tracker: tracker, today: today, weekStartsOn: journal.settings.calendarWeekStart(in: language), month: month)
    }

    /// The same details with the calendar `months` away (the figures and heatmap are kept).
    public func movingMonth(by months: Int) -> TrackerDetails {
        var moved = self
        moved.month = Self.month(of: tracker, containing: month.firstDay.adding(months: months), today: today,
                                 weekStartsOn: weekStartsOn)
        return moved
    }

    static func month(of tracker: Tracker, containing day: CivilDate, today: CivilDate, weekStartsOn: Weekday) -> Month {
        let calendar = MonthCalendar(tracker: tracker, containing: day, today: today, weekStartsOn: weekStartsOn)
        let start = tracker.effectiveStart(today: today)
        return Month(year: calendar.year, month: calendar.month, weekdays: calendar.weekdays,
                     weeks: calendar.weeks.map { row in row.map { $0.map { Self.day($0, tracker: tracker, start: start, today: today) } } })
    }

    static func heatmap(of tracker: Tracker, today: CivilDate, weekStartsOn: Weekday) -> Heatmap {
        let weekdays = Weekday.week(startingOn: weekStartsOn)
        let first = WeekGrid.weekStart(containing: today, weekStartsOn: weekStartsOn).adding(days: -7 * (Heatmap.weekCount - 1))
        let last = first.adding(days: 7 * Heatmap.weekCount - 1)
        let start = tracker.effectiveStart(today: today)
        let days = TrackerDay.days(of: tracker, from: first, through: last, today: today)
            .map { Self.day($0, tracker: tracker, start: start, today: today) }
        return Heatmap(weekdays: weekdays, weeks: stride(from: 0, to: days.count, by: 7).map { Array(days[$0..<min($0 + 7, days.count)]) })
    }

    /// HabitCore's state of the day, with what it folds together told apart: a slip from a miss,
    /// the days before the start from the other days not due.
    static func day(_ day: TrackerDay, tracker: Tracker, start: CivilDate, today: CivilDate) -> Day {
        let state: DayState = switch day.state {
        case .future: .future
        case .done, .doneOffSchedule: .done
        case .skipped: .skipped
        case .forgiven: .forgiven
        case .pending: .pending
        case .missed: tracker.isQuit && tracker.log.entry(on: day.day)?.mark == .slipped ? .slipped : .missed
        case .notScheduled: day.day < start ? .beforeStart : .notDue
        }
        return Day(date: day.day, state: state, isToday: day.day == today, runLength: day.runLength)
    }
}
