import ArgumentParser
import HabitCore
import HabitKit
import HabitStore

/// The tracker a command acts on, declared once. Its help sentence is the command family's own
/// (`Wording`), so the help and the man page read as before.
struct TrackerArgument<Wording: HelpWording>: ParsableArguments {
    @Argument(help: ArgumentHelp(Wording.help, valueName: "tracker"), completion: Completions.trackers)
    var tracker: String
}

/// Commands that take any tracker reference.
enum NameOrPrefix: HelpWording {
    static let help = "The tracker: its name, file name, or a unique prefix."
}

/// pin, unpin, archive, unarchive.
enum PlainTracker: HelpWording {
    static let help = "The tracker."
}

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
