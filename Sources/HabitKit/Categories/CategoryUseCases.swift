import HabitCore
import HabitStore

extension Habits {
    /// Adds a category at the end of the list.
    public func addCategory(_ name: String, reusing preview: Store? = nil) throws(HabitError) {
        let name = try Rules.validName(name)
        try change("category add: \(name)", reusing: preview) { store in
            try Rules.checkNewCategory(name, in: store)
            try store.addCategory(name)
        }
    }

    /// Renames a category; every tracker in it follows. Returns how many trackers moved.
    @discardableResult
    public func renameCategory(_ old: String, to new: String, reusing preview: Store? = nil) throws(HabitError) -> Int {
        let new = try Rules.validName(new)
        return try change("category rename: \(old) → \(new)", reusing: preview) { store in
            let old = try Self.category(old, in: store)
            try Rules.checkCategoryRename(old, to: new, among: store.settings.categories)
            let count = store.journal.trackers.filter { $0.category == old }.count
            try store.renameCategory(old, to: new)
            return count
        }
    }

    /// Deletes a category and every tracker in it; returns their names.
    @discardableResult
    public func removeCategory(_ name: String, reusing preview: Store? = nil) throws(HabitError) -> [String] {
        try change("category rm: \(name)", reusing: preview) { store in
            let name = try Self.category(name, in: store)
            let names = store.journal.trackers.filter { $0.category == name }.map(\.name)
            try store.removeCategory(name)
            return names
        }
    }

    /// The category `text` names: exactly, else ignoring case.
    public static func category(_ text: String, in store: Store) throws(HabitError) -> String {
        let categories = store.settings.categories
        if let exact = categories.first(where: { $0 == text }) ?? categories.first(where: { TrackerName.key($0) == TrackerName.key(text) }) {
            return exact
        }
        throw .unknownCategory(text, known: categories)
    }
}
