import HabitCore
import HabitStore
import TOML

/// Rules that span files, applied to a merge result before it is checked and written: a merge of
/// each file on its own can leave a tracker in a category the other side renamed or deleted, or
/// two trackers with one name.
///
/// - A category renamed on one side (removed from `categories` with another added in its place,
///   the way `habit category rename` does it) is renamed too in trackers the other side added or
///   moved into it meanwhile.
/// - A category deleted on one side that a tracker still uses (the other side added or marked it)
///   is kept.
/// - Two trackers with the same name (ignoring case): the one whose file name sorts later is
///   renamed "Name (2)" (or the next free number), so the result is the same on every machine;
///   a tracker the merge moved to a new file is the one renamed.
struct CrossFileRules {
    let base: [String]
    let ours: [String]
    let theirs: [String]
    /// Trackers the merge moved to a new file (added at one path on both sides): when one of them
    /// clashes by name, it is the one renamed.
    var moved: Set<String> = []

    /// A category that one side renamed, with the new name: at the same place in the list, or the
    /// only category that side removed, replaced by the only one it added.
    func renames() -> [String: String] {
        var result: [String: String] = [:]
        for side in [ours, theirs] {
            let removed = base.filter { !side.contains($0) }
            let added = side.filter { !base.contains($0) }
            for old in removed {
                if let index = base.firstIndex(of: old), side.indices.contains(index), added.contains(side[index]) {
                    result[old] = side[index]
                } else if removed.count == 1, added.count == 1 {
                    result[old] = added[0]
                }
            }
        }
        return result
    }

    /// Applies the rules to `store` (the merged directory) through edits of its files' bytes;
    /// returns the files changed and the notes.
    func apply(to store: Store, source: any DataSource) -> (changes: [String: [UInt8]], notes: [MergeNote]) {
        var changes: [String: [UInt8]] = [:]
        var notes: [MergeNote] = []
        let renames = renames()
        var restored: [String] = []
        var taken = Set(store.journal.trackers.map { TrackerName.key($0.name) })
        for diagnostic in store.diagnostics {
            guard DataFormat.trackerID(ofFile: diagnostic.file) != nil else { continue }
            switch diagnostic.problem {
            case .unknownCategory(let name, _):
                if let new = renames[name], store.settings.categories.contains(new) {
                    if edit(diagnostic.file, source: source, changes: &changes, { try $0.setValue(.string(new), at: TrackerKey.category.path) }) {
                        notes.append(MergeNote(path: diagnostic.file, .categoryRenamed(from: name, to: new)))
                    }
                } else if base.contains(name), !restored.contains(name) {
                    restored.append(name)
                    notes.append(MergeNote(path: DataFormat.settingsFile, .categoryKept(name)))
                }
            case .nameTaken(let name, let other):
                let renamed = moved.contains(other) && !moved.contains(diagnostic.file) ? other : diagnostic.file
                let free = Self.freeName(for: name, taken: taken)
                taken.insert(TrackerName.key(free))
                if edit(renamed, source: source, changes: &changes, { try $0.setValue(.string(free), at: TrackerKey.name.path) }) {
                    notes.append(MergeNote(path: renamed, .nameClash(name: name, renamedTo: free)))
                }
            default:
                continue
            }
        }
        if !restored.isEmpty {
            _ = edit(DataFormat.settingsFile, source: source, changes: &changes) { document in
                for name in restored { try document.appendElement(.string(name), toArrayAt: SettingsKey.categories.path) }
            }
        }
        return (changes, notes)
    }

    /// "Run (2)", "Run (3)", …: the first not taken, shortened to fit the length limit.
    static func freeName(for name: String, taken: Set<String>) -> String {
        var number = 2
        while true {
            let suffix = " (\(number))"
            let stem = String(name.prefix(TrackerName.maximumLength - suffix.count))
            let candidate = stem + suffix
            if !taken.contains(TrackerName.key(candidate)) { return candidate }
            number += 1
        }
    }

    private func edit(_ path: String, source: any DataSource, changes: inout [String: [UInt8]],
                      _ body: (inout TOMLDocument) throws -> Void) -> Bool {
        guard let bytes = changes[path] ?? (try? source.read(path).get()),
              case .success(var document) = TOMLDocument.parse(bytes) else { return false }
        do {
            try body(&document)
        } catch {
            return false
        }
        changes[path] = document.bytes
        return true
    }
}
