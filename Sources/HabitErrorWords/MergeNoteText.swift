import HabitKit
import HabitLocalization

/// The words of the decisions a merge made, for `habit sync`, the merge driver, `habit ui` and `habit serve`.
public enum MergeNoteText {
    public static func words(_ note: MergeNote, _ t: Messages) -> String {
        switch note.kind {
        case .bothChanged(let key, let kept, let yours, let added):
            return t.text(added ? .noteBothAdded : .noteBothChanged, key, kept, yours)
        case .removedHereChangedThere(let key, let kept): return t.text(.noteRemovedHere, key, kept)
        case .removedThereChangedHere(let key, let kept): return t.text(.noteRemovedThere, key, kept)
        case .dayConflict(let day, let kept, let over, let keptYours, let byRank):
            let sentence = t.text(keptYours ? .noteDayKeptYours : .noteDayKeptTheirs, day, mark(kept, t), mark(over, t))
            guard byRank else { return sentence }
            return t.text(kept == .slip ? .noteSlipByRank : .noteByRank, sentence)
        case .categorySpelling(let kept, let yours): return t.text(.noteCategorySpelling, kept, yours)
        case .deletedThereChangedHere: return t[.noteDeletedThere]
        case .deletedHereChangedThere: return t[.noteDeletedHere]
        case .kindAndSchedule(let keptYours, let event, let schedule):
            if event { return t[keptYours ? .noteKindScheduleEventYours : .noteKindScheduleEventTheirs] }
            return t.text(keptYours ? .noteKindScheduleHabitYours : .noteKindScheduleHabitTheirs, schedule ?? "")
        case .categoryRenamed(let from, let to): return t.text(.noteCategoryRenamed, from, to)
        case .categoryKept(let name): return t.text(.noteCategoryKept, name)
        case .nameClash(let name, let renamedTo): return t.text(.noteNameClash, name, renamedTo)
        case .addedTwice(let movedTo): return t.text(.noteAddedTwice, movedTo)
        case .remade(let movedTo): return t.text(.noteRemade, movedTo)
        }
    }

    public static func mark(_ mark: MergeNote.DayMark, _ t: Messages) -> String {
        switch mark {
        case .done: t[.markDone]
        case .skip: t[.markSkip]
        case .slip: t[.markSlip]
        case .none: t[.markNone]
        case .notDone: t[.markNotDone]
        case .other(let text): text
        }
    }

    /// `path: sentence`, as sync and the merge driver print it.
    public static func line(_ note: MergeNote, _ t: Messages) -> String {
        "\(note.path): \(words(note, t))"
    }
}
