import Foundation
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
        public var reason: String?
        /// Which side won where both changed something.
        public var notes: [MergeNote]

        public init(status: Int32, reason: String?, notes: [MergeNote]) {
            self.status = status
            self.reason = reason
            self.notes = notes
        }
    }

    /// Merges the three files and writes the result into `ours` atomically (temporary file and
    /// rename). Prints the notes, and the reason for a conflict, to standard error. Returns the
    /// exit status for git: 0 merged, 1 conflict (nothing written).
    public static func run(base: String, ours: String, theirs: String, path: String) -> Int32 {
        let report = perform(base: base, ours: ours, theirs: theirs, path: path)
        var text = ""
        for note in report.notes { text += "habit: \(note)\n" }
        if let reason = report.reason { text += "habit: \(reason)\n" }
        if !text.isEmpty { FileHandle.standardError.write(Data(text.utf8)) }
        return report.status
    }

    /// `run` without printing.
    public static func perform(base: String, ours: String, theirs: String, path: String) -> Report {
        func read(_ file: String) -> [UInt8]? {
            FileManager.default.contents(atPath: file).map { [UInt8]($0) }
        }
        guard let ourBytes = read(ours) else {
            return Report(status: 1, reason: "\(path): cannot read our version at \(ours)", notes: [])
        }
        let (outcome, notes) = DataFileMerge.merge(path: path, base: read(base), ours: ourBytes, theirs: read(theirs))
        switch outcome {
        case .write(let bytes):
            if bytes == ourBytes { return Report(status: 0, reason: nil, notes: notes) }
            do {
                try AtomicFile.write(bytes, to: ours)
            } catch {
                return Report(status: 1, reason: "\(path): cannot write the merged file (\(error))", notes: notes)
            }
            return Report(status: 0, reason: nil, notes: notes)
        case .delete:
            return Report(
                status: 1, reason: "\(path): the merge deletes this file, which a merge driver cannot do; remove it with git rm",
                notes: notes)
        case .conflict(let reason):
            return Report(status: 1, reason: reason, notes: notes)
        }
    }
}
