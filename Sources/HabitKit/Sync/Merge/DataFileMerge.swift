import HabitCore
import HabitStore
import TOML

/// What a three-way merge of one data file decided.
public enum FileMergeOutcome: Equatable, Sendable {
    /// The merged file (our version with the other side's changes applied).
    case write([UInt8])
    /// The file is gone on both sides, or was deleted on one side and left alone on the other.
    case delete
    /// The merge could not be done safely.
    case conflict(MergeConflictReason)
}

/// The file-aware three-way merge of `habit.toml` and `trackers/*.toml` (see docs/sync-merge.md).
///
/// "Ours" is this machine's commit and "theirs" the other machine's (the one already on the
/// remote). The result is our document with the fewest edits that bring in their changes, so
/// our comments, key order, spacing and line endings survive. It is a pure function: no I/O.
public enum DataFileMerge {
    /// Whether `path` is a data file this merge understands ("habit.toml" or "trackers/<name>.toml").
    public static func handles(_ path: String) -> Bool {
        kind(of: path) != nil
    }

    enum FileKind {
        case settings
        case tracker
    }

    /// Whether two trackers added on two machines at one path are the same tracker made twice:
    /// the same name (ignoring case and accents), kind and schedule.
    static func sameTracker(_ one: TOMLDocument, _ other: TOMLDocument) -> Bool {
        func name(_ document: TOMLDocument) -> String? {
            if case .string(let name)? = document.root[TrackerKey.name.rawValue] { return TrackerName.key(name) }
            return nil
        }
        return name(one) == name(other)
            && one.root[TrackerKey.kind.rawValue] == other.root[TrackerKey.kind.rawValue]
            && one.root[TrackerKey.schedule.rawValue] == other.root[TrackerKey.schedule.rawValue]
    }

    static func kind(of path: String) -> FileKind? {
        if path == DataFormat.settingsFile { return .settings }
        return DataFormat.trackerID(ofFile: path) == nil ? nil : .tracker
    }

    /// base/ours/theirs are the file's bytes in the merge base, our commit and their commit (nil = absent on that side).
    public static func merge(path: String, base: [UInt8]?, ours: [UInt8]?, theirs: [UInt8]?) -> (FileMergeOutcome, [MergeNote]) {
        guard let kind = kind(of: path) else {
            return (.conflict(.notADataFile(path: path)), [])
        }
        // Both sides agree: nothing to decide (git would not even ask) — except a tracker both
        // changed the same way, whose equal totals may be two additions that must add up.
        if ours == theirs, kind == .settings || base == nil || base == ours {
            return (ours.map { .write($0) } ?? .delete, [])
        }
        var documents: [TOMLDocument?] = []
        for (bytes, side) in [(base, MergeConflictReason.Side.base), (ours, .ours), (theirs, .theirs)] {
            guard let bytes else {
                documents.append(nil)
                continue
            }
            switch TOMLDocument.parse(bytes) {
            case .success(let document):
                documents.append(document)
            case .failure(let failure):
                let first = failure.diagnostics.first
                return (.conflict(.notValidTOML(path: path, side: side, line: first?.line ?? 0, column: first?.column ?? 0,
                                                message: first?.message ?? "")), [])
            }
        }
        let (baseDocument, ourDocument, theirDocument) = (documents[0], documents[1], documents[2])

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
            return (.write(keptBytes), [MergeNote(path: path, keptIsOurs ? .deletedThereChangedHere : .deletedHereChangedThere)])
        case (let ourDocument?, let theirDocument?):
            if kind == .tracker, baseDocument?.root.isEmpty ?? true, !sameTracker(ourDocument, theirDocument) {
                // Two trackers made on two machines under one file name: merging them would put
                // each one's marks on the other. `habit sync` keeps both (TreeMerge).
                return (.conflict(.addedTwice(path: path)), [])
            }
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
