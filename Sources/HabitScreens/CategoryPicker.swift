import HabitCore
import HabitKit

/// The form's category list as data: the categories in their order with how many trackers each
/// holds, the one checked, the placeholder when there is none, the "add category" and rename
/// drafts (Done enabled by HabitKit's own rules, `CategoryChecks`) and what a rename or delete
/// does to the trackers, for its confirmation.
public struct CategoryPicker: Hashable, Sendable {
    public struct Row: Hashable, Sendable, Identifiable {
        public var id: String { name }
        public var name: String
        /// Trackers in the category, archived ones included (a delete removes them too).
        public var trackerCount: Int
        public var isChecked: Bool
    }

    /// A category name being typed: to add one, or to rename `renaming`.
    public struct Draft: Hashable, Sendable {
        public var text: String
        /// The category being renamed; nil when adding.
        public var renaming: String?
        /// Why HabitKit would refuse the name; nil when it accepts it.
        public var refusal: CategoryChecks.NameRefusal?
        /// The specs' Done: disabled until a character other than a space is typed and the rules accept the name.
        public var isDoneEnabled: Bool { refusal == nil && !text.trimmingWhitespace().isEmpty }
        /// Whether to show the refusal under the field (nothing is said of a field still blank).
        public var showsRefusal: Bool { refusal != nil && !text.trimmingWhitespace().isEmpty }
    }

    /// What a rename or a delete does to the trackers of the category, to confirm it.
    public struct Confirmation: Hashable, Sendable {
        public enum Action: Hashable, Sendable {
            /// `renameCategory`: the trackers follow to the new name.
            case rename(to: String)
            /// `removeCategory`: the trackers are deleted with their files and history.
            case delete
        }

        public var category: String
        public var action: Action
        /// The names of the trackers affected, in the order of the files.
        public var trackers: [String]
        /// Whether the change loses data (a delete of a category that holds trackers).
        public var losesData: Bool { action == .delete && !trackers.isEmpty }
    }

    public var rows: [Row]
    /// The form's category; nil when none is chosen (or it no longer exists).
    public var checked: String?

    /// The specs' placeholder: there is no category yet.
    public var isPlaceholder: Bool { rows.isEmpty }

    public init(journal: Journal, checked: String?) {
        var counts: [String: Int] = [:]
        for tracker in journal.trackers { counts[tracker.category, default: 0] += 1 }
        let categories = journal.settings.categories
        let checked = checked.flatMap { categories.contains($0) ? $0 : nil }
        rows = categories.map { Row(name: $0, trackerCount: counts[$0] ?? 0, isChecked: $0 == checked) }
        self.checked = checked
    }

    /// The "add category" field with `text` typed.
    public static func addDraft(_ text: String, in journal: Journal) -> Draft {
        Draft(text: text, renaming: nil, refusal: CategoryChecks.newNameRefusal(text, among: journal.settings.categories))
    }

    /// The rename field of `category` with `text` typed.
    public static func renameDraft(of category: String, _ text: String, in journal: Journal) -> Draft {
        Draft(text: text, renaming: category,
              refusal: CategoryChecks.renameRefusal(category, to: text, among: journal.settings.categories))
    }

    /// What renaming `category` to `name` does.
    public static func renameConfirmation(of category: String, to name: String, in journal: Journal) -> Confirmation {
        Confirmation(category: category, action: .rename(to: name.trimmingWhitespace()),
                     trackers: CategoryChecks.trackers(in: category, of: journal).map(\.name))
    }

    /// What deleting `category` does.
    public static func deleteConfirmation(of category: String, in journal: Journal) -> Confirmation {
        Confirmation(category: category, action: .delete, trackers: CategoryChecks.trackers(in: category, of: journal).map(\.name))
    }
}
