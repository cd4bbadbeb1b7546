import HabitCore

/// The sentences and words of the progress screens (`stats`, `show`, `cal`, `week`), in addition
/// to `Messages`. One implementation per language, as extensions of `EnglishMessages` and
/// `RussianMessages`.
public protocol ProgressMessages: Sendable {
    // Words and forms
    /// Two-letter weekday for column headers: "Mo" / "Пн".
    func weekdayMini(_ day: Weekday) -> String
    /// Three-letter month for heatmap labels: "Jan" / "янв".
    func monthShort(_ month: Int) -> String
    /// "November 2026" / "Ноябрь 2026".
    func monthYear(year: Int, month: Int) -> String
    /// "16 Nov" / "16 ноя".
    func shortDate(_ day: CivilDate) -> String
    /// One decimal with the language's separator: "2.5" / "2,5".
    func decimal(_ value: Double) -> String
    /// A whole percentage: "93%" / "93 %".
    func percent(_ value: Double) -> String
    /// "26 of 39 days" / "26 из 39 дней".
    func ofDays(_ done: Int, _ total: Int) -> String
    /// "16–22 November 2026".
    func weekRange(_ first: CivilDate, _ last: CivilDate) -> String

    // Statistics screen
    var statisticsTitle: String { get }
    var bestStreak: String { get }
    var currentStreak: String { get }
    var perfectDays: String { get }
    var trackersCompleted: String { get }
    var average: String { get }
    var nothingToAnalyse: String { get }
    var nothingToAnalyseHint: String { get }

    // One tracker
    var fieldCategory: String { get }
    var fieldKind: String { get }
    var fieldSchedule: String { get }
    var fieldColor: String { get }
    var fieldPinned: String { get }
    var fieldStart: String { get }
    var fieldDescription: String { get }
    var fieldStatus: String { get }
    var fieldCompletionRate: String { get }
    var fieldCompletions: String { get }
    var fieldGoal: String { get }
    var fieldProgress: String { get }
    var kindHabit: String { get }
    var kindEvent: String { get }
    var yes: String { get }
    var no: String { get }
    var notSet: String { get }
    var goalForever: String { get }
    /// "3 months" / "3 месяца".
    func goalPeriod(_ goal: Goal) -> String
    /// "3 months, until Sunday, 6 December 2026".
    func goalUntil(_ period: String, end: CivilDate) -> String
    var goalReached: String { get }
    var goalOver: String { get }
    func eventDoneOn(_ day: String) -> String
    var eventNotDone: String { get }
    var nothingDueYet: String { get }
    func lastWeeks(_ count: Int) -> String

    // Calendars and legends
    var legendPerfect: String { get }
    var legendPartial: String { get }
    var legendMissedDay: String { get }
    var legendExcused: String { get }
    var legendNothingScheduled: String { get }
    var legendInProgress: String { get }
    var legendDone: String { get }
    var legendDoneOffSchedule: String { get }
    var legendSkipped: String { get }
    var legendMissed: String { get }
    var legendPending: String { get }
    var legendNotScheduled: String { get }
    var legendStreak: String { get }
    var legendToday: String { get }
    var legendFuture: String { get }
    var less: String { get }
    var more: String { get }
    /// "12 perfect days" / "12 идеальных дней".
    func perfectDaysCount(_ count: Int) -> String
    /// "Done: 10 days · missed: 2 · skipped: 1".
    func trackerSummary(done: Int, missed: Int, skipped: Int) -> String
    /// "Today: 2 of 4 done".
    func todayProgress(done: Int, due: Int) -> String
    func badMonth(_ text: String) -> String
    func badYear(_ text: String) -> String
    func extraArgument(_ text: String) -> String
    var allTrackers: String { get }
}

extension Language {
    /// The progress screens' catalog for this language.
    public var progressMessages: any ProgressMessages {
        switch self {
        case .english: EnglishMessages()
        case .russian: RussianMessages()
        }
    }
}

extension Session {
    /// The progress screens' catalog, in the session's language.
    var p: any ProgressMessages { Language.from(environment: context.environment).progressMessages }
}

/// Shared number formatting of both catalogs.
enum NumberText {
    /// One decimal, rounded half away from zero: 2.45 → "2.5" (with `separator`).
    static func oneDecimal(_ value: Double, separator: String) -> String {
        guard value.isFinite else { return "0\(separator)0" }
        let tenths = Int((abs(value) * 10).rounded())
        return (value < 0 && tenths > 0 ? "-" : "") + "\(tenths / 10)\(separator)\(tenths % 10)"
    }

    /// A whole percentage that never claims 100 before it is reached nor 0 once something is done.
    static func wholePercent(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        var whole = Int(value.rounded())
        if value < 100, whole >= 100 { whole = 99 }
        if value > 0, whole <= 0 { whole = 1 }
        return whole
    }
}
