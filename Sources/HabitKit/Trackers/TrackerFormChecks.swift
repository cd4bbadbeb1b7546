import HabitCore
import HabitStore

/// The rules of `addTracker` and `editTracker` asked before the change, as a form is filled in:
/// the same `Rules`, so a form's error under the name field and the change's refusal never differ.
public enum TrackerFormChecks {
    /// Why a name is refused: the name itself, or another tracker's name.
    public enum NameRefusal: Hashable, Sendable {
        case invalid(TrackerName.Problem)
        case taken(existing: String)
    }

    /// Why `name` cannot name a tracker in `store` (empty, too long, a control character, or the
    /// name of another tracker ignoring case), nil when it can. `id` is the tracker being edited.
    public static func nameRefusal(_ name: String, in store: Store, except id: String? = nil) -> NameRefusal? {
        nameRefusal(name, in: store.journal, except: id)
    }

    /// The same, over a loaded journal (what a front-end keeps between two loads).
    public static func nameRefusal(_ name: String, in journal: Journal, except id: String? = nil) -> NameRefusal? {
        do {
            let valid = try Rules.validName(name)
            try Rules.checkNameFree(valid, in: journal, except: id)
            return nil
        } catch {
            switch error {
            case .invalidName(let problem): return .invalid(problem)
            case .nameTaken(_, let existing): return .taken(existing: existing)
            default: return nil  // the two rules throw nothing else
            }
        }
    }

    /// How many marked days a start moved to `start` would drop (what `editTracker` asks to confirm).
    public static func marksDropped(of tracker: Tracker, before start: CivilDate) -> Int {
        Rules.marksBefore(start, of: tracker)
    }
}
