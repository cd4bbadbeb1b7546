/// A problem found in a file of the data directory, pinned to a line and column so the user can
/// go straight to it. The problem is data; the command line words it in the user's language.
public struct Diagnostic: Hashable, Sendable, Error {
    public enum Severity: String, Sendable, Comparable {
        case warning, error
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
    }

    /// Path relative to the data directory (`trackers/run.toml`).
    public var file: String
    /// 1-based; 0 when the problem concerns the file as a whole.
    public var line: Int
    public var column: Int
    public var problem: DiagnosticProblem
    /// The text of the offending line, for the caret display.
    public var sourceLine: String?

    public init(file: String, line: Int = 0, column: Int = 0, problem: DiagnosticProblem, sourceLine: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
        self.sourceLine = sourceLine
    }

    public var severity: Severity { problem.isWarning ? .warning : .error }

    public var location: String {
        line > 0 ? "\(file):\(line):\(column)" : file
    }
}

/// The kinds of value a TOML key can hold, as named in messages.
public enum ValueKind: String, Hashable, Sendable {
    case string, integer, float, boolean, dateTime, date, time, array, table
}

/// Everything that can be wrong with a file of the data directory.
public enum DiagnosticProblem: Hashable, Sendable {
    // The file as a whole
    /// Not valid TOML; the parser's own words.
    case syntax(String)
    /// Not valid TOML because git left conflict markers (`<<<<<<<`) in it.
    case conflictMarkers
    case unreadable(FileProblem)
    /// A file in `trackers/` that does not end in `.toml` (a warning: it is ignored).
    case notATrackerFile
    /// `trackers` is not a plain folder inside the data directory.
    case trackersFolderUnusable(FileProblem)

    // Keys and types
    case wrongType(key: String, expected: ValueKind, found: ValueKind)
    case missingKey(String)
    /// A required key is missing and a key written nearby looks like a misspelling of it.
    case misspelledKey(found: String, expected: String)
    /// An unknown key that looks like a misspelling of a known one (a warning: unknown keys are allowed).
    case unknownKeyLooksLike(found: String, suggestion: String)

    // Names
    case nameEmpty
    case nameTooLong(count: Int)
    case nameControlCharacter
    case nameTaken(name: String, otherFile: String)

    // Tracker fields
    /// `existing` is a category that differs only in case, when there is one.
    case unknownCategory(name: String, existing: String?)
    case notAnEmoji(String)
    case unknownColor(String)
    case notADate
    case notAGoal(String)
    case goalNotPositive
    case unknownKind(String)
    case eventWithSchedule
    case unknownSchedule(String)
    case notAWeekday
    case emptySchedule

    // The log
    case logNotATable
    case notACalendarDay(String)
    case notADateKey(String)
    case badMark(found: ValueKind)
    /// Marked days before the tracker's start (the first one, and how many): they do not count
    /// (a warning).
    case marksBeforeStart(first: String, count: Int, start: String)

    // habit.toml
    case categoriesNotAList
    case categoryNotAString
    case categoryEmpty
    case categoryListedTwice(String)
    case notAWeekStart
    case notATimeOfDay

    // MARK: Schedules, numeric habits, notes, vacations
    /// "9 per week": the count is outside 1…`maximum`.
    case scheduleCountOutOfRange(String, maximum: Int)
    /// `target` (or an amount) is not a number.
    case notANumber(key: String)
    /// `target` is not above 0 (`at_most`: not 0 or more), or too large.
    case badTarget(atMost: Bool)
    case unknownTargetType(String)
    /// `unit` or `target_type` without `target`: it has no effect (a warning).
    case measureWithoutTarget(key: String)
    /// An event with a `target`: events are done once, they count nothing.
    case eventWithTarget
    /// A day's amount below 0, not finite, or too large.
    case badAmount
    /// A number in the log of a tracker without `target`: it counts as done when above 0 (a warning).
    case amountWithoutTarget
    /// A day written as a table with more than one of `done`, `skip` and `amount`.
    case logValueConflict
    /// A key of a day's table other than done, skip, amount and note (a warning: it is ignored).
    case unknownLogKey(String)
    /// `vacation` is not a list of `[[vacation]]` tables.
    case vacationsNotAList
    /// A vacation without `from` or `to`, or with one that is not a date.
    case vacationDate(key: String)
    /// A vacation that ends before it begins.
    case vacationBackwards

    // Reminders
    /// An element of `remind` that is not a time of day `"HH:MM"`.
    case notAReminderTime
    /// A time listed twice in `remind` (a warning: it reminds once).
    case reminderListedTwice(String)

    // Quit habits, forgiven misses
    /// `allow` is not "N per week" or "N per month".
    case unknownAllowance(String)
    /// `allow = "7 per week"`: the count is outside 1…`maximum`.
    case allowanceCountOutOfRange(String, maximum: Int)
    /// `allow` on an event or an "N per week/month" habit: it has no effect (a warning).
    case allowanceWithoutDays
    /// `quit = true` with a schedule other than daily, or on an event.
    case quitNotDaily
    /// `quit = true` with a `target`: a quit habit counts slips, not amounts.
    case quitWithTarget
    /// A `"slip"` line in a tracker without `quit = true`: it counts as a missed day (a warning).
    case slipWithoutQuit

    public var isWarning: Bool {
        switch self {
        case .notATrackerFile, .unknownKeyLooksLike, .marksBeforeStart, .measureWithoutTarget, .amountWithoutTarget, .unknownLogKey,
             .reminderListedTwice, .allowanceWithoutDays, .slipWithoutQuit: true
        default: false
        }
    }
}
