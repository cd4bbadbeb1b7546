import HabitStore

/// `habit`'s git merge driver, for a `git pull` by hand (see docs/sync-merge.md):
///
/// ```
/// # .gitattributes
/// habit.toml        merge=habit
/// trackers/*.toml   merge=habit
/// # .git/config
/// [merge "habit"]
///     name = habit data files
///     driver = habit merge-driver %O %A %B %P
/// ```
///
/// Per gitattributes(5), git passes the ancestor's, our and their version as temporary files
/// (%O, %A, %B) and the path (%P); the driver leaves the result in %A and exits 0, or exits
/// non-zero to report a conflict.
public enum MergeDriver {
    /// What a driver run did, for callers that print it their own way.
    public struct Report: Equatable, Sendable {
        /// 0: merged, the result is in the `ours` file. 1: conflict, the `ours` file is untouched.
        public var status: Int32
        /// Why there was a conflict.
        public var reason: Reason?
        /// Which side won where both changed something.
        public var notes: [MergeNote]

        public enum Reason: Equatable, Sendable {
            case unreadable(path: String, file: String)
            case cannotWrite(path: String, detail: String)
            /// A driver cannot delete a file; `git rm` it.
            case wouldDelete(path: String)
            case conflict(MergeConflictReason)
        }

        public init(status: Int32, reason: Reason?, notes: [MergeNote]) {
            self.status = status
            self.reason = reason
            self.notes = notes
        }
    }

    /// Merges the three files and writes the result into `ours` atomically (temporary file and
    /// rename). Returns what happened: status 0 merged, 1 conflict (nothing written).
    public static func perform(base: String, ours: String, theirs: String, path: String) -> Report {
        func read(_ file: String) -> [UInt8]? {
            let slash = file.lastIndex(of: "/")
            let folder = slash.map { $0 == file.startIndex ? "/" : String(file[..<$0]) } ?? "."
            let name = slash.map { String(file[file.index(after: $0)...]) } ?? file
            return try? SafeDirectory(root: folder).read(name).get()
        }
        guard let ourBytes = read(ours) else {
            return Report(status: 1, reason: .unreadable(path: path, file: ours), notes: [])
        }
        let (outcome, notes) = DataFileMerge.merge(path: path, base: read(base), ours: ourBytes, theirs: read(theirs))
        switch outcome {
        case .write(let bytes):
            if bytes == ourBytes { return Report(status: 0, reason: nil, notes: notes) }
            do {
                try AtomicFile.write(bytes, to: ours)
            } catch {
                return Report(status: 1, reason: .cannotWrite(path: path, detail: "\(error)"), notes: notes)
            }
            return Report(status: 0, reason: nil, notes: notes)
        case .delete:
            return Report(status: 1, reason: .wouldDelete(path: path), notes: notes)
        case .conflict(let reason):
            return Report(status: 1, reason: .conflict(reason), notes: notes)
        }
    }
}
