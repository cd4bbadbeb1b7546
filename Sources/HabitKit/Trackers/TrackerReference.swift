import HabitCore
import HabitStore

/// How the text a person types finds a tracker: the exact name (any case, accents aside), the
/// file name, or an unambiguous prefix of the name, then of any word of it ("run" → "Morning run").
public enum TrackerReference {
    public enum Match: Equatable, Sendable {
        case found(Tracker)
        case none
        case ambiguous([Tracker])
    }

    public static func match(_ text: String, in trackers: [Tracker]) -> Match {
        let key = TrackerName.key(text.trimmingWhitespace())
        // A name wins over a file name: after a merge moved a tracker, "Run" may be the name of
        // one tracker and the file name of another.
        if let exact = trackers.first(where: { TrackerName.key($0.name) == key }) ?? trackers.first(where: { $0.id == key }) {
            return .found(exact)
        }
        let folded = TextFolding.fold(key)
        if let exact = trackers.first(where: { TextFolding.fold($0.name) == folded }) { return .found(exact) }
        let candidates = [
            trackers.filter { TextFolding.fold($0.name).hasPrefix(folded) || $0.id.hasPrefix(key) },
            trackers.filter { tracker in
                TextFolding.fold(tracker.name).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains { $0.hasPrefix(folded) }
            },
        ]
        guard !folded.isEmpty, let matches = candidates.first(where: { !$0.isEmpty }) else { return .none }
        return matches.count == 1
            ? .found(matches[0]) : .ambiguous(NameOrder.sorted(matches))
    }

    /// The tracker whose file is `trackers/<id>.toml`: for a use case given the id the person
    /// already chose (after a confirmation that named it), which must never be read as a name.
    public static func resolve(id: String, in store: Store) throws(HabitError) -> Tracker {
        if let tracker = store.journal.tracker(id: id) { return tracker }
        if store.trackerIDs.contains(id) {
            throw .invalidFiles(store.diagnostics(forTracker: id).filter { $0.severity == .error })
        }
        throw .noSuchTracker(id, available: NameOrder.sorted(store.journal.trackers.map(\.name)))
    }

    /// The tracker `text` names in `store`, or the error that says why there is none: a tracker
    /// whose file has errors is not loaded, so if the text names its file, its errors are the answer.
    public static func resolve(_ text: String, in store: Store) throws(HabitError) -> Tracker {
        let trackers = store.journal.trackers
        switch match(text, in: trackers) {
        case .found(let tracker):
            return tracker
        case .none:
            let broken = store.trackerIDs.subtracting(trackers.map(\.id))
            let slug = Slug.make(from: text)
            if let id = broken.sorted().first(where: { $0 == text || $0.hasPrefix(slug) || $0.split(separator: "-").contains { $0.hasPrefix(slug) } }) {
                throw .invalidFiles(store.diagnostics(forTracker: id).filter { $0.severity == .error })
            }
            throw .noSuchTracker(text, available: NameOrder.sorted(trackers.map(\.name)))
        case .ambiguous(let candidates):
            throw .ambiguousTracker(text, candidates: candidates.map { TrackerCandidate(name: $0.name, id: $0.id) })
        }
    }
}
