import HabitCore
import HabitLocalization
import HabitStore
import HabitSystem

/// The words of each file problem, in the user's language, for every front-end.
public enum DiagnosticWords {
    public static func words(_ problem: DiagnosticProblem, _ t: Messages) -> (message: String, hint: String?) {
        switch problem {
        case .syntax(let text): return (text, nil)
        case .conflictMarkers: return (t[.diagConflictMarkers], t[.diagConflictMarkersHint])
        case .unreadable(let problem): return (fileProblem(problem, t), nil)
        case .notATrackerFile: return (t[.diagNotATrackerFile], t[.diagNotATrackerFileHint])
        case .trackersFolderUnusable(let problem): return (t.text(.diagTrackersFolder, fileProblem(problem, t)), t[.unusablePathHint])
        case .wrongType(let key, let expected, let found):
            return (t.text(.diagWrongType, key, expectedKind(expected, t), foundKind(found, t)), nil)
        case .missingKey(let key):
            let hint: String? = switch key {
            case TrackerKey.name.rawValue: t[.diagMissingKeyHintName]
            case TrackerKey.category.rawValue: t[.diagMissingKeyHintCategory]
            case TrackerKey.schedule.rawValue: t[.diagMissingKeyHintSchedule]
            default: nil
            }
            return (t.text(.diagMissingKey, key), hint)
        case .misspelledKey(let found, let expected):
            return (t.text(.diagMisspelledKey, found, expected), t.text(.diagMisspelledKeyHint, found, expected))
        case .unknownKeyLooksLike(let found, let suggestion):
            return (t.text(.diagUnknownKeyLooksLike, found, suggestion), t.text(.diagUnknownKeyLooksLikeHint, found, suggestion))
        case .nameEmpty: return (t[.diagNameEmpty], t[.diagNameEmptyHint])
        case .nameTooLong(let count): return (t.text(.diagNameTooLong, count), t[.diagNameTooLongHint])
        case .nameControlCharacter: return (t[.diagNameControl], t[.diagNameControlHint])
        case .nameTaken(let name, let other): return (t.text(.diagNameTaken, name, other), t[.diagNameTakenHint])
        case .unknownCategory(let name, let existing):
            if let existing { return (t.text(.diagUnknownCategory, name), t.text(.diagUnknownCategoryExistingHint, name, existing)) }
            return (t.text(.diagUnknownCategory, name), t.text(.diagUnknownCategoryHint, name))
        case .notAnEmoji: return (t[.diagNotAnEmoji], nil)
        case .unknownColor(let value):
            return (t.text(.diagUnknownColor, value), t.text(.diagUnknownColorHint, t.list(PaletteColor.allCases.map(\.rawValue))))
        case .notADate: return (t[.diagNotADate], t[.diagNotADateHint])
        case .notAGoal: return (t[.diagNotAGoal], nil)
        case .goalNotPositive: return (t[.diagGoalNotPositive], nil)
        case .unknownKind(let kind): return (t.text(.diagUnknownKind, kind), t[.diagUnknownKindHint])
        case .eventWithSchedule: return (t[.diagEventWithSchedule], t[.diagEventWithScheduleHint])
        case .unknownSchedule(let text): return (t.text(.diagUnknownSchedule, text), t[.diagUnknownScheduleHint])
        case .notAWeekday: return (t[.diagNotAWeekday], nil)
        case .emptySchedule: return (t[.diagEmptySchedule], t[.diagEmptyScheduleHint])
        case .logNotATable: return (t[.diagLogNotATable], nil)
        case .notACalendarDay(let key): return (t.text(.diagNotACalendarDay, key), nil)
        case .notADateKey(let key): return (t.text(.diagNotADateKey, key), nil)
        case .badMark(let found): return (t.text(.diagBadMark, foundKind(found, t)), nil)
        case .marksBeforeStart(let first, let count, let start):
            return (t.text(.diagMarksBeforeStart, first, count, start), t[.diagMarksBeforeStartHint])
        case .categoriesNotAList: return (t[.diagCategoriesNotAList], nil)
        case .categoryNotAString: return (t[.diagCategoryNotAString], nil)
        case .categoryEmpty: return (t[.diagCategoryEmpty], nil)
        case .categoryListedTwice(let name): return (t.text(.diagCategoryTwice, name), t[.diagCategoryTwiceHint])
        case .notAWeekStart: return (t[.diagNotAWeekStart], nil)
        case .notATimeOfDay: return (t[.diagNotATimeOfDay], nil)
        case .scheduleCountOutOfRange(let text, let maximum): return (t.text(.diagScheduleCount, text, maximum), t[.diagUnknownScheduleHint])
        case .notANumber(let key): return (t.text(.diagNotANumber, key), nil)
        case .badTarget(let atMost): return (t[atMost ? .diagBadTargetAtMost : .diagBadTarget], nil)
        case .unknownTargetType(let text): return (t.text(.diagUnknownTargetType, text), t[.diagUnknownTargetTypeHint])
        case .measureWithoutTarget(let key): return (t.text(.diagMeasureWithoutTarget, key), t[.diagMeasureWithoutTargetHint])
        case .eventWithTarget: return (t[.diagEventWithTarget], t[.diagEventWithTargetHint])
        case .badAmount: return (t[.diagBadAmount], nil)
        case .amountWithoutTarget: return (t[.diagAmountWithoutTarget], t[.diagAmountWithoutTargetHint])
        case .logValueConflict: return (t[.diagLogValueConflict], nil)
        case .unknownLogKey(let key): return (t.text(.diagUnknownLogKey, key), t[.diagUnknownLogKeyHint])
        case .vacationsNotAList: return (t[.diagVacationsNotAList], nil)
        case .vacationDate(let key): return (t.text(.diagVacationDate, key), t.text(.diagVacationDateHint, key))
        case .vacationBackwards: return (t[.diagVacationBackwards], t[.diagVacationBackwardsHint])
        case .notAReminderTime: return (t[.diagNotAReminderTime], t[.diagNotAReminderTimeHint])
        case .reminderListedTwice(let time): return (t.text(.diagReminderTwice, time), t[.diagReminderTwiceHint])
        case .unknownAllowance(let text): return (t.text(.diagUnknownAllowance, text), t[.diagUnknownAllowanceHint])
        case .allowanceCountOutOfRange(let text, let maximum):
            return (t.text(.diagAllowanceCountOutOfRange, text, maximum), t[.diagAllowanceCountOutOfRangeHint])
        case .allowanceWithoutDays: return (t[.diagAllowanceWithoutDays], t[.diagAllowanceWithoutDaysHint])
        case .quitNotDaily: return (t[.diagQuitNotDaily], t[.diagQuitNotDailyHint])
        case .quitWithTarget: return (t[.diagQuitWithTarget], t[.diagQuitWithTargetHint])
        case .slipWithoutQuit: return (t[.diagSlipWithoutQuit], t[.diagSlipWithoutQuitHint])
        }
    }

    public static func fileProblem(_ problem: FileProblem, _ t: Messages) -> String {
        switch problem {
        case .missing: t[.problemMissing]
        case .symbolicLink(let path): t.text(.problemSymbolicLink, path)
        case .notRegular: t[.problemNotRegular]
        case .notDirectory(let path): t.text(.problemNotDirectory, path)
        case .tooLarge(let size): t.text(.problemTooLarge, size / 1_048_576)
        case .io(let code): t.text(.problemIO, ErrorNumber.text(code))
        }
    }

    public static func expectedKind(_ kind: ValueKind, _ t: Messages) -> String {
        switch kind {
        case .string: t[.kindString]
        case .integer: t[.kindInteger]
        case .float: t[.kindFloat]
        case .boolean: t[.kindBoolean]
        case .dateTime: t[.kindDateTime]
        case .date: t[.kindDate]
        case .time: t[.kindTime]
        case .array: t[.kindArray]
        case .table: t[.kindTable]
        }
    }

    public static func foundKind(_ kind: ValueKind, _ t: Messages) -> String {
        switch kind {
        case .string: t[.foundString]
        case .integer: t[.foundInteger]
        case .float: t[.foundFloat]
        case .boolean: t[.foundBoolean]
        case .dateTime: t[.foundDateTime]
        case .date: t[.foundDate]
        case .time: t[.foundTime]
        case .array: t[.foundArray]
        case .table: t[.foundTable]
        }
    }
}
