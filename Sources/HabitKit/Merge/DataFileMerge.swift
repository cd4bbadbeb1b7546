import TOML

/// What a three-way merge of one data file decided.
public enum FileMergeOutcome: Equatable, Sendable {
    /// The merged file (our version with the other side's changes applied).
    case write([UInt8])
    /// The file is gone on both sides, or was deleted on one side and left alone on the other.
    case delete
    /// The merge could not be done safely; the caller falls back to git's ordinary merge.
    case conflict(reason: String)
}

/// A decision the merge made that a person should know about: which side won and why.
public struct MergeNote: Equatable, Sendable, CustomStringConvertible {
    /// The data file, relative to the data directory (`trackers/run.toml`).
    public var path: String
    /// A sentence without the path, e.g. `both sides changed "name"; kept …`.
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, as printed by `habit sync`.
    public var description: String { "\(path): \(message)" }
}

/// The file-aware three-way merge of `habit.toml` and `trackers/*.toml` (see docs/sync-merge.md).
///
/// "Ours" is this machine's commit and "theirs" the other machine's (the one already on the
/// remote). The result is our document with the fewest edits that bring in their changes, so
/// our comments, key order, spacing and line endings survive. It is a pure function: no I/O.
public enum DataFileMerge {
    static let settingsPath = "habit.toml"
    static let trackersPrefix = "trackers/"
    static let fileExtension = ".toml"

    /// Whether `path` is a data file this merge understands ("habit.toml" or "trackers/<name>.toml").
    public static func handles(_ path: String) -> Bool {
        kind(of: path) != nil
    }

    enum FileKind {
        case settings
        case tracker
    }

    static func kind(of path: String) -> FileKind? {
        if path == settingsPath { return .settings }
        guard path.hasPrefix(trackersPrefix), path.hasSuffix(fileExtension),
              path.utf8.count > trackersPrefix.utf8.count + fileExtension.utf8.count
        else { return nil }
        let name = path.dropFirst(trackersPrefix.count).dropLast(fileExtension.count)
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else { return nil }
        return .tracker
    }

    /// base/ours/theirs are the file's bytes in the merge base, our commit and their commit (nil = absent on that side).
    public static func merge(path: String, base: [UInt8]?, ours: [UInt8]?, theirs: [UInt8]?) -> (FileMergeOutcome, [MergeNote]) {
        guard let kind = kind(of: path) else {
            return (.conflict(reason: "\(path) is not a habit data file"), [])
        }
        // Both sides agree: nothing to decide (git would not even ask).
        if ours == theirs {
            return (ours.map { .write($0) } ?? .delete, [])
        }
        var documents: [TOMLDocument?] = []
        for (bytes, side) in [(base, "the common ancestor's version"), (ours, "your version"), (theirs, "the other machine's version")] {
            guard let bytes else {
                documents.append(nil)
                continue
            }
            switch TOMLDocument.parse(bytes) {
            case .success(let document):
                documents.append(document)
            case .failure(let failure):
                let first = failure.diagnostics.first.map { "\($0.line):\($0.column): \($0.message)" } ?? "invalid TOML"
                return (.conflict(reason: "\(path): \(side) is not valid TOML (\(first))"), [])
            }
        }
        let (baseDocument, ourDocument, theirDocument) = (documents[0], documents[1], documents[2])
        let note = { (message: String) in MergeNote(path: path, message: message) }

        switch (ourDocument, theirDocument) {
        case (nil, nil):
            return (.delete, [])
        case (let kept?, nil), (nil, let kept?):
            let keptIsOurs = ourDocument != nil
            let keptBytes = (keptIsOurs ? ours : theirs) ?? []
            guard let baseDocument else {
                // Added on one side only.
                return (.write(keptBytes), [])
            }
            if kept.root == baseDocument.root {
                // Deleted on one side, unchanged (at most reformatted) on the other.
                return (.delete, [])
            }
            let message = keptIsOurs
                ? "the other machine deleted this file but you changed it; kept your version so nothing is lost"
                : "you deleted this file but the other machine changed it; kept the other machine's version so nothing is lost"
            return (.write(keptBytes), [note(message)])
        case (let ourDocument?, let theirDocument?):
            if let base, let ours, let theirs {
                if ours == base { return (.write(theirs), []) }
                if theirs == base { return (.write(ours), []) }
            }
            var merger = DocumentMerger(
                path: path, kind: kind, base: baseDocument ?? TOMLDocument(), ours: ourDocument, theirs: theirDocument)
            return merger.merge()
        }
    }
}
