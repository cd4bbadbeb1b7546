import HabitCore

/// The English catalog.
public struct EnglishMessages: Messages {
    public init() {}

    public func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }
    public func trackers(_ count: Int) -> String { count == 1 ? "1 tracker" : "\(count) trackers" }
    public func weekdayName(_ day: Weekday) -> String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][day.rawValue - 1]
    }
    public func weekdayShort(_ day: Weekday) -> String {
        ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][day.rawValue - 1]
    }
    public func monthName(_ month: Int) -> String {
        ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
         "November", "December"][month - 1]
    }
    public func longDate(_ day: CivilDate) -> String {
        "\(weekdayName(day.weekday)), \(day.day) \(monthName(day.month)) \(day.year)"
    }
    public func relativeDay(_ day: CivilDate, today: CivilDate) -> String? {
        switch day.days(since: today) {
        case 0: "today"
        case -1: "yesterday"
        default: nil
        }
    }
    public var everyDay: String { "Every day" }
    public var event: String { "One-off event" }
    public var error: String { "error" }
    public var warning: String { "warning" }
    public var hint: String { "hint" }
    public var yesNoPrompt: String { "[y/N]" }

    public var pinned: String { "Pinned" }
    public var nothingToTrack: String { "What shall we track?" }
    public var nothingToTrackHint: String { "Nothing is due on this day. Add a tracker with: habit add \"Read\" --category Study --daily" }
    public var nothingFound: String { "Nothing found" }
    public var nothingFoundHint: String { "No tracker matches the search or filter. Try: habit list --filter all" }
    public func filesHaveProblems(_ count: Int) -> String {
        "\(count == 1 ? "1 file has" : "\(count) files have") problems and \(count == 1 ? "was" : "were") skipped; run `habit check` for details."
    }

    public func notInitialized(_ directory: String) -> String { "There is no habit data in \(directory) yet." }
    public var notInitializedHint: String {
        "Run `habit init` to start here, or point --dir or HABIT_DIR at an existing data directory."
    }
    public func alreadyInitialized(_ directory: String) -> String { "\(directory) already holds habit data." }
    public func welcome(directory: String) -> String {
        """
        Welcome to habit! Your data lives in \(directory), as plain TOML files you may edit by hand.

        A tracker is something you want to do regularly (a habit, on chosen weekdays) or once
        (an event). Each day you mark it done, and habit shows your streaks and progress.

        Next steps:
          habit category add Health
          habit add "Morning run" --category Health --days mon,wed,fri --emoji 🏃
          habit done "Morning run"          mark today as done
          habit                             what is due today
        """
    }

    public func noSuchTracker(_ text: String) -> String { "No tracker matches “\(text)”." }
    public func ambiguousTracker(_ text: String) -> String { "“\(text)” matches several trackers:" }
    public var nameEmpty: String { "The name cannot be empty." }
    public var nameTooLong: String { "Name is limited to 38 characters" }
    public var nameControlCharacter: String { "The name cannot contain control characters or escape sequences." }
    public func nameTaken(_ name: String) -> String { "There is already a tracker called “\(name)”." }
    public func unknownCategory(_ name: String) -> String { "There is no category “\(name)”." }
    public func unknownCategoryHint(_ known: [String]) -> String {
        known.isEmpty
            ? "Create one first: habit category add NAME"
            : "Choose one of: \(known.joined(separator: ", ")), or create it: habit category add NAME"
    }
    public var scheduleMissing: String {
        "A habit needs a schedule: --days mon,wed,fri or --daily (or --event for a one-off event)."
    }
    public var scheduleConflict: String { "Choose one of --days, --daily and --event." }
    public func badWeekdays(_ text: String) -> String { "“\(text)” is not a list of weekdays like mon,wed,fri." }
    public func badColor(_ text: String) -> String {
        "“\(text)” is not a colour; use one of \(PaletteColor.allCases.map(\.rawValue).joined(separator: ", ")) or #RRGGBB."
    }
    public func badEmoji(_ text: String) -> String { "“\(text)” is not a single emoji." }
    public func badGoal(_ text: String) -> String { "“\(text)” is not a goal; use a number of days, weeks or months like 30d, 8w or 3m." }
    public func badDate(_ text: String) -> String {
        "“\(text)” is not a day; use 2026-11-21, today, yesterday, -3 (days ago) or a weekday name."
    }
    public func noTerminal(for option: String) -> String { "Missing \(option) (there is no terminal to ask on)." }
    public func added(_ name: String, category: String) -> String { "Added “\(name)” to \(category)." }
    public func edited(_ name: String) -> String { "Updated “\(name)”." }
    public var nothingToEdit: String { "Nothing to change: give an option such as --name, --days or --emoji." }
    public func confirmDelete(_ name: String, marks: Int) -> String {
        "Delete “\(name)” and all its data (\(days(marks)) marked)?"
    }
    public func deleted(_ name: String) -> String { "Deleted “\(name)”." }
    public var confirmationNeeded: String { "This deletes data; add --yes to confirm (there is no terminal to ask on)." }
    public var cancelled: String { "Cancelled; nothing was changed." }
    public func pinnedTracker(_ name: String) -> String { "Pinned “\(name)”." }
    public func unpinnedTracker(_ name: String) -> String { "Unpinned “\(name)”." }
    public func alreadyPinned(_ name: String) -> String { "“\(name)” is already pinned." }
    public func notPinned(_ name: String) -> String { "“\(name)” is not pinned." }
    public func confirmDropEntries(_ name: String, count: Int, start: CivilDate) -> String {
        "Moving the start of “\(name)” to \(start) drops \(count == 1 ? "1 marked day" : "\(count) marked days") before it. Continue?"
    }
    public func droppedEntries(_ count: Int) -> String { "Dropped \(count == 1 ? "1 marked day" : "\(count) marked days") before the new start." }

    public var promptName: String { "Name" }
    public var promptCategory: String { "Category (number or new name)" }
    public var promptNewCategory: String { "No categories yet. Name of the first one" }
    public var promptSchedule: String { "Days (e.g. mon,wed,fri or daily)" }
    public var promptEmoji: String { "Emoji (Enter to skip)" }
    public var promptColor: String { "Colour (Enter to skip)" }
    public var promptKind: String { "Habit on weekdays, or one-off event? (h/e)" }

    public func markedDone(_ name: String, day: String) -> String { "✓ “\(name)” done \(day)." }
    public func markedUndone(_ name: String, day: String) -> String { "“\(name)” is no longer marked \(day)." }
    public func markedSkipped(_ name: String, day: String) -> String { "“\(name)” skipped \(day) (excused: it does not break a streak)." }
    public func alreadyDone(_ name: String, day: String) -> String { "“\(name)” was already done \(day)." }
    public func alreadySkipped(_ name: String, day: String) -> String { "“\(name)” was already skipped \(day)." }
    public func notMarked(_ name: String, day: String) -> String { "“\(name)” was not marked \(day); nothing to undo." }
    public func refusedFuture(_ day: String) -> String { "\(day) is in the future; days can be marked only once they have come." }
    public var refusedFutureHint: String { "Leave out --date to mark today." }
    public func refusedBeforeStart(_ name: String, start: CivilDate) -> String {
        "“\(name)” starts on \(longDate(start)); earlier days cannot be marked. To move the start: habit edit \"\(name)\" --start DATE"
    }
    public func refusedNotScheduled(_ name: String, day: String, schedule: String) -> String {
        "“\(name)” is not scheduled \(day) (its days: \(schedule))."
    }

    public var categoriesHeading: String { "Categories" }
    public var noCategories: String { "No categories yet." }
    public var noCategoriesHint: String { "Create one: habit category add Health" }
    public var categoryNameEmpty: String { "A category name needs at least one character." }
    public func categoryExists(_ name: String) -> String { "The category “\(name)” already exists." }
    public func categoryAdded(_ name: String) -> String { "Added the category “\(name)”." }
    public func categoryRenamed(_ old: String, _ new: String, trackers count: Int) -> String {
        "Renamed “\(old)” to “\(new)” (\(trackers(count)) updated)."
    }
    public func confirmCategoryRemoval(_ name: String, trackers list: [String]) -> String {
        list.isEmpty
            ? "Delete the category “\(name)”?"
            : "Delete the category “\(name)” and all its data, including \(trackers(list.count)): \(list.joined(separator: ", "))?"
    }
    public func categoryRemoved(_ name: String, trackers count: Int) -> String {
        count == 0 ? "Deleted the category “\(name)”." : "Deleted the category “\(name)” and \(trackers(count))."
    }

    public func checkClean(files: Int) -> String { "All \(files == 1 ? "1 file is" : "\(files) files are") fine." }
    public func checkSummary(errors: Int, warnings: Int) -> String {
        "\(errors == 1 ? "1 error" : "\(errors) errors"), \(warnings == 1 ? "1 warning" : "\(warnings) warnings")."
    }
}
