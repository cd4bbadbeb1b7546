import HabitCore

/// Every sentence `habit` says to a person. One implementation per language
/// (`EnglishMessages`, `RussianMessages`); data such as tracker names is never translated.
public protocol Messages: Sendable {
    // Words and forms
    func days(_ count: Int) -> String
    func trackers(_ count: Int) -> String
    func weekdayName(_ day: Weekday) -> String
    func weekdayShort(_ day: Weekday) -> String
    func monthName(_ month: Int) -> String
    /// "Saturday, 21 November 2026"
    func longDate(_ day: CivilDate) -> String
    func relativeDay(_ day: CivilDate, today: CivilDate) -> String?
    var everyDay: String { get }
    var event: String { get }
    var error: String { get }
    var warning: String { get }
    var hint: String { get }
    var yesNoPrompt: String { get }

    // Main screen
    var pinned: String { get }
    var nothingToTrack: String { get }
    var nothingToTrackHint: String { get }
    var nothingFound: String { get }
    var nothingFoundHint: String { get }
    func filesHaveProblems(_ count: Int) -> String

    // Getting started
    func notInitialized(_ directory: String) -> String
    var notInitializedHint: String { get }
    func alreadyInitialized(_ directory: String) -> String
    func welcome(directory: String) -> String

    // Trackers
    func noSuchTracker(_ text: String) -> String
    func ambiguousTracker(_ text: String) -> String
    var nameEmpty: String { get }
    var nameTooLong: String { get }
    var nameControlCharacter: String { get }
    func nameTaken(_ name: String) -> String
    func unknownCategory(_ name: String) -> String
    func unknownCategoryHint(_ known: [String]) -> String
    var scheduleMissing: String { get }
    var scheduleConflict: String { get }
    func badWeekdays(_ text: String) -> String
    func badColor(_ text: String) -> String
    func badEmoji(_ text: String) -> String
    func badGoal(_ text: String) -> String
    func badDate(_ text: String) -> String
    func noTerminal(for option: String) -> String
    func added(_ name: String, category: String) -> String
    func edited(_ name: String) -> String
    var nothingToEdit: String { get }
    func confirmDelete(_ name: String, marks: Int) -> String
    func deleted(_ name: String) -> String
    var confirmationNeeded: String { get }
    var cancelled: String { get }
    func pinnedTracker(_ name: String) -> String
    func unpinnedTracker(_ name: String) -> String
    func alreadyPinned(_ name: String) -> String
    func notPinned(_ name: String) -> String
    func confirmDropEntries(_ name: String, count: Int, start: CivilDate) -> String
    func droppedEntries(_ count: Int) -> String

    // Prompts
    var promptName: String { get }
    var promptCategory: String { get }
    var promptNewCategory: String { get }
    var promptSchedule: String { get }
    var promptEmoji: String { get }
    var promptColor: String { get }
    var promptKind: String { get }

    // Marking
    func markedDone(_ name: String, day: String) -> String
    func markedUndone(_ name: String, day: String) -> String
    func markedSkipped(_ name: String, day: String) -> String
    func alreadyDone(_ name: String, day: String) -> String
    func alreadySkipped(_ name: String, day: String) -> String
    func notMarked(_ name: String, day: String) -> String
    func refusedFuture(_ day: String) -> String
    var refusedFutureHint: String { get }
    func refusedBeforeStart(_ name: String, start: CivilDate) -> String
    func refusedNotScheduled(_ name: String, day: String, schedule: String) -> String

    // Categories
    var categoriesHeading: String { get }
    var noCategories: String { get }
    var noCategoriesHint: String { get }
    var categoryNameEmpty: String { get }
    func categoryExists(_ name: String) -> String
    func categoryAdded(_ name: String) -> String
    func categoryRenamed(_ old: String, _ new: String, trackers: Int) -> String
    func confirmCategoryRemoval(_ name: String, trackers: [String]) -> String
    func categoryRemoved(_ name: String, trackers: Int) -> String

    // Check
    func checkClean(files: Int) -> String
    func checkSummary(errors: Int, warnings: Int) -> String
}

public enum Language: String, Sendable {
    case english = "en", russian = "ru"

    /// `LC_ALL`, then `LC_MESSAGES`, then `LANG`: `ru*` → Russian, anything else English.
    public static func from(environment: [String: String]) -> Language {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[key], !value.isEmpty {
                return value.lowercased().hasPrefix("ru") ? .russian : .english
            }
        }
        return .english
    }

    public var messages: any Messages {
        switch self {
        case .english: EnglishMessages()
        case .russian: RussianMessages()
        }
    }
}

extension Messages {
    /// "Every day" for all seven days, else "Mon, Wed, Fri"; events say so.
    public func scheduleSummary(_ schedule: Schedule) -> String {
        switch schedule {
        case .event: return event
        case .weekly(let days):
            return days == .all ? everyDay : days.days.map(weekdayShort).joined(separator: ", ")
        }
    }

    /// "today", "yesterday" or the long date.
    public func dayPhrase(_ day: CivilDate, today: CivilDate) -> String {
        relativeDay(day, today: today) ?? longDate(day)
    }
}
