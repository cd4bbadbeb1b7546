import ArgumentParser
import HabitCore
import HabitKit
import HabitStore

/// Shell completion of tracker and category names, computed from the data directory when the
/// shell asks (`--dir` on the line being completed is honoured). Trackers complete to their file
/// names, which have no spaces and which every command accepts.
enum Completions {
    static let trackers = CompletionKind.custom { words, _, prefix in
        guard let store = store(words) else { return [] }
        return store.journal.trackers.map(\.id).filter { $0.hasPrefix(prefix) }.sorted()
    }

    static let categories = CompletionKind.custom { words, _, prefix in
        guard let store = store(words) else { return [] }
        return store.settings.categories.filter { $0.hasPrefix(prefix) && !$0.contains(" ") }
    }

    private static func store(_ words: [String]) -> Store? {
        let explicit = words.firstIndex(of: "--dir").flatMap { $0 + 1 < words.count ? words[$0 + 1] : nil }
        let environment = Context.current.environment
        let directory = DataDirectory.resolve(explicit: explicit, environment: environment)
        return try? Store.load(from: directory.files, cache: LoadCache.Location.resolve(for: directory, environment: environment))
    }
}
