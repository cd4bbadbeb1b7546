import HabitCore

/// What is wrong with a file being imported; the command line words it.
public enum ImportProblem: Equatable, Sendable {
    /// A quoted CSV field is never closed.
    case unclosedQuote
    /// A date that is not `YYYY-MM-DD`.
    case badDate(String)
    /// A value of a day that the format does not have.
    case badValue(String)
    /// A frequency that cannot be read.
    case badFrequency(String)
    /// A row with fewer fields than the format has.
    case missingFields(expected: Int)
    /// A line of harsh's `habits` file without `": "`, or of its `log` without three `" : "` parts.
    case badLine
    /// A number that cannot be read.
    case badNumber(String)
}

/// An `ImportProblem` at a line and column of a file.
public struct ImportProblemAt: Error, Equatable, Sendable {
    public var file: String = ""
    public var line: Int
    public var column: Int
    public var problem: ImportProblem

    public init(file: String = "", line: Int, column: Int, problem: ImportProblem) {
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
    }
}

/// Something an import could not carry over exactly, for `--dry-run` and the docs.
public enum ImportLoss: Equatable, Sendable {
    /// A frequency with no equal in habit's schedules, and the schedule chosen instead.
    case frequency(tracker: String, numerator: Int, denominator: Int, chosen: Schedule)
    /// A tracking-only habit (frequency 0), imported with this schedule.
    case trackingOnly(tracker: String, chosen: Schedule)
    /// Lines of the log for a name that no habit has.
    case unknownName(String, lines: Int)
    /// harsh's end date: the habit is imported archived and the date itself is lost.
    case endDate(tracker: String, date: CivilDate)
    /// A numeric habit whose target is not in the file (harsh; Loop before v2.3.1): the least amount logged.
    case guessedTarget(tracker: String, target: Double)

    // MARK: import sources (Loop's .db, habitctl)
    /// A numeric Loop habit whose target is a total over `days` days (Loop adds up the window);
    /// habit's target is one day's total, so the habit is imported with this schedule.
    case numericPeriod(tracker: String, target: Double, unit: String?, days: Int, chosen: Schedule)
    /// A Loop reminder on some weekdays only: imported at the same time every day.
    case reminderDays(tracker: String, time: ReminderTime, days: [Weekday])
    /// A name habit cannot hold (control characters, or too long: `cut`, the full name then first
    /// in the description), imported as `imported`.
    case name(original: String, imported: String, cut: Bool)
    /// A second tracker of one name in the file (Loop allows it), imported under a numbered name.
    case sameName(name: String, imported: String)
}

/// A choice habit made for an import that the file does not state.
public enum ImportNote: Equatable, Sendable {
    /// `--infer-weekdays` gave "N times a week" the weekdays `percent` % of its done days fall on.
    case weekdaysInferred(tracker: String, days: WeekdaySet, percent: Int)
}
