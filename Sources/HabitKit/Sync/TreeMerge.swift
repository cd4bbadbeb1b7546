import HabitGit
import HabitStore

/// The three-way merge of two commits' files, computed by habit, path by path: a file's identity
/// is its path (no rename detection, so a mark can never move to another tracker). Data files
/// changed on both sides merge by habit's rules (`DataFileMerge`); other files by git's line
/// merge, or not at all.
struct TreeMerge {
    let repository: Repository
    let base: [String: TreeFile]
    let ours: [String: TreeFile]
    let theirs: [String: TreeFile]
    /// Tracker files removed and made again on our side, and on theirs, since the merge base: the
    /// file at such a path is another tracker than the base's.
    var remadeHere: Set<String> = []
    var remadeThere: Set<String> = []

    /// Tracker files both sides changed since the base, each its own way: the paths whose history
    /// `remadeHere`/`remadeThere` must look at.
    static func contested(base: [String: TreeFile], ours: [String: TreeFile], theirs: [String: TreeFile]) -> Set<String> {
        Set(base.keys.filter { path in
            guard DataFormat.trackerID(ofFile: path) != nil, let o = ours[path], let t = theirs[path] else { return false }
            return o != t && o != base[path] && t != base[path]
        })
    }

    struct Result {
        /// Changes to our files: path → new contents, nil deletes.
        var changes: [String: FileContents?] = [:]
        var notes: [MergeNote] = []
        /// Trackers moved to a new file because both sides added one at their path.
        var moved: Set<String> = []
    }

    func merge() throws -> Result {
        var result = Result()
        var textConflicts: [String] = []
        var taken = Set(base.keys).union(ours.keys).union(theirs.keys)
        for path in Set(base.keys).union(ours.keys).union(theirs.keys).sorted() {
            let (b, o, t) = (base[path], ours[path], theirs[path])
            if b == t { continue }
            // A tracker both sides changed the same way still goes through the merge: the same
            // amount added to a day on two machines counts twice (DayMerge.addsUp).
            if o == t, b == nil || o == nil || DataFileMerge.kind(of: path) != .tracker { continue }
            if b == o {
                // updateValue, not a subscript: assigning nil to a subscript would drop a deletion.
                result.changes.updateValue(try t.map { FileContents(bytes: try repository.blob($0.blob), executable: $0.mode == .executable) },
                                           forKey: path)
                continue
            }
            // Both sides changed the path, differently.
            let executable = (o?.mode == .executable) != (b?.mode == .executable) ? o?.mode == .executable : t?.mode == .executable
            let baseBytes = try b.map { try repository.blob($0.blob) }
            let ourBytes = try o.map { try repository.blob($0.blob) }
            let theirBytes = try t.map { try repository.blob($0.blob) }
            if remadeHere.contains(path) != remadeThere.contains(path) {
                // One side removed the tracker and made a new one at its path while the other
                // changed the old one: two trackers, split as for two added at one path.
                let moved = freePath(after: path, taken: &taken)
                result.changes.updateValue(theirBytes.map { FileContents(bytes: $0, executable: t?.mode == .executable) }, forKey: path)
                result.changes.updateValue(ourBytes.map { FileContents(bytes: $0, executable: o?.mode == .executable) }, forKey: moved)
                result.notes.append(MergeNote(path: path, .remade(movedTo: moved)))
                result.moved.insert(moved)
            } else if DataFormat.isDataFile(path) {
                let remade = remadeHere.contains(path) && remadeThere.contains(path)
                let (outcome, notes) = DataFileMerge.merge(path: path, base: remade ? nil : baseBytes, ours: ourBytes, theirs: theirBytes)
                result.notes += notes
                switch outcome {
                case .write(let bytes):
                    if bytes != ourBytes || executable != (o?.mode == .executable) {
                        result.changes[path] = FileContents(bytes: bytes, executable: executable)
                    }
                case .delete:
                    if o != nil { result.changes[path] = .some(nil) }
                case .conflict(.addedTwice):
                    // Two trackers, one file name: theirs (already on the remote) keeps it, ours
                    // moves to the next free name with its marks; CrossFileRules then settles
                    // their names.
                    let moved = freePath(after: path, taken: &taken)
                    result.changes.updateValue(theirBytes.map { FileContents(bytes: $0, executable: t?.mode == .executable) }, forKey: path)
                    result.changes.updateValue(ourBytes.map { FileContents(bytes: $0, executable: o?.mode == .executable) }, forKey: moved)
                    result.notes.append(MergeNote(path: path, .addedTwice(movedTo: moved)))
                    result.moved.insert(moved)
                case .conflict(let reason):
                    throw HabitError.mergeConflict(reason)
                }
            } else if let ourBytes, let theirBytes {
                if let merged = try TextMerge.merge(base: baseBytes, ours: ourBytes, theirs: theirBytes) {
                    if merged != ourBytes { result.changes[path] = FileContents(bytes: merged, executable: executable) }
                } else {
                    textConflicts.append(path)
                }
            } else if ourBytes == nil, let theirBytes {
                // Deleted here, changed there: keep the change (nothing is lost).
                result.changes[path] = FileContents(bytes: theirBytes, executable: executable)
            }
        }
        if !textConflicts.isEmpty { throw HabitError.textConflict(paths: textConflicts) }
        return result
    }

    /// `trackers/run-2.toml`, `trackers/run-3.toml`, …: the first path no side uses.
    private func freePath(after path: String, taken: inout Set<String>) -> String {
        let id = DataFormat.trackerID(ofFile: path) ?? path
        var number = 2
        while taken.contains(DataFormat.trackerFile(id: "\(id)-\(number)")) { number += 1 }
        let free = DataFormat.trackerFile(id: "\(id)-\(number)")
        taken.insert(free)
        return free
    }
}
