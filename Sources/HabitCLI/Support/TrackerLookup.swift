import Foundation
import HabitCore
import HabitStore

/// Finds the tracker a user means: exact name (any case), file slug, or an unambiguous prefix
/// of either.
enum TrackerLookup {
    enum Outcome {
        case found(Tracker)
        case none
        case ambiguous([Tracker])
    }

    static func find(_ text: String, in trackers: [Tracker]) -> Outcome {
        let key = TrackerName.key(text.trimmingWhitespace())
        if let exact = trackers.first(where: { TrackerName.key($0.name) == key || $0.id == key }) { return .found(exact) }
        let folded = fold(key)
        if let exact = trackers.first(where: { fold($0.name) == folded }) { return .found(exact) }
        // Prefixes of the whole name first; only if none matches, prefixes of any word ("run" → "Morning run").
        let candidates = [
            trackers.filter { fold($0.name).hasPrefix(folded) || $0.id.hasPrefix(key) },
            trackers.filter { tracker in
                fold(tracker.name).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains { $0.hasPrefix(folded) }
            },
        ]
        guard !folded.isEmpty, let matches = candidates.first(where: { !$0.isEmpty }) else { return .none }
        return matches.count == 1
            ? .found(matches[0]) : .ambiguous(matches.sorted { $0.name.lowercased() < $1.name.lowercased() })
    }

    /// Case- and diacritic-insensitive form used for search (Cyrillic too: ё matches е).
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}

extension Session {
    func resolve(_ text: String, in store: Store) throws -> Tracker {
        let trackers = store.journal.trackers
        switch TrackerLookup.find(text, in: trackers) {
        case .found(let tracker): return tracker
        case .none:
            // A tracker whose file has errors is not loaded; if the text names its file, say why.
            let brokenIDs = store.trackerIDs.subtracting(trackers.map(\.id))
            let slug = Slug.make(from: text)
            if let id = brokenIDs.sorted().first(where: { $0 == text || $0.hasPrefix(slug) || $0.split(separator: "-").contains { $0.hasPrefix(slug) } }) {
                throw translate(StoreError.invalidData(store.diagnostics(forTracker: id)))
            }
            let names = trackers.map { "  " + name($0) }.sorted()
            throw Failure(t.noSuchTracker(TerminalText.safe(text)),
                          hint: names.isEmpty ? nil : names.prefix(20).joined(separator: "\n"), exitCode: 1)
        case .ambiguous(let candidates):
            throw Failure(t.ambiguousTracker(TerminalText.safe(text)),
                          hint: candidates.map { "  \(name($0))  (\($0.id))" }.joined(separator: "\n"), exitCode: 1)
        }
    }
}
