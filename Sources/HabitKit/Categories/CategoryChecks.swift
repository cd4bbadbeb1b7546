import HabitCore
import HabitStore

/// The rules of `addCategory` and `renameCategory` asked before the change, as a category name is
/// typed: the same `Rules`, so a picker's disabled Done and the change's refusal never differ.
public enum CategoryChecks {
    /// Why a category name is refused: the name itself, or another category's name.
    public enum NameRefusal: Hashable, Sendable {
        case invalid(TrackerName.Problem)
        /// Another category has this name, ignoring case.
        case taken
    }

    /// Why `name` cannot be a new category among `categories`, nil when `addCategory` accepts it.
    public static func newNameRefusal(_ name: String, among categories: [String]) -> NameRefusal? {
        refusal { () throws(HabitError) in
            try Rules.checkNewCategory(try Rules.validName(name), among: categories)
        }
    }

    /// Why `old` cannot be renamed to `name` among `categories`, nil when `renameCategory` accepts it.
    public static func renameRefusal(_ old: String, to name: String, among categories: [String]) -> NameRefusal? {
        refusal { () throws(HabitError) in
            try Rules.checkCategoryRename(old, to: try Rules.validName(name), among: categories)
        }
    }

    /// The trackers a rename moves and a delete removes with `category`, in the order of the files.
    public static func trackers(in category: String, of journal: Journal) -> [Tracker] {
        journal.trackers.filter { $0.category == category }
    }

    private static func refusal(_ check: () throws(HabitError) -> Void) -> NameRefusal? {
        do {
            try check()
            return nil
        } catch {
            switch error {
            case .invalidName(let problem): return .invalid(problem)
            case .categoryExists: return .taken
            default: return nil  // the rules throw nothing else
            }
        }
    }
}
