import HabitCore
import TOML

/// The data directory loaded into the model, with the parsed documents kept so that every
/// write is a minimal edit of what the user wrote.
///
/// A `Store` is a snapshot: callers that change data hold the `DirectoryLock` from load to
/// the last write so no other process's change is lost in between.
public final class Store {
    struct TrackerFile {
        var id: String
        var document: TOMLDocument?
        var tracker: Tracker?
        var hasErrors: Bool
    }

    public let directory: DataDirectory
    public internal(set) var settings: Settings
    public internal(set) var diagnostics: [Diagnostic] = []
    var settingsDocument: TOMLDocument?
    var settingsHaveErrors = false
    var files: [String: TrackerFile] = [:]
    /// Paths (relative to the directory) this store has written or deleted, for the commit.
    public internal(set) var changedFiles: Set<String> = []
    var useCache = true
    /// The stamp of every file this store read (nil for one that was not a regular file), to tell
    /// later whether the directory is still as loaded.
    var loadedStamps: [String: FileStamp?] = [:]
    var loadedSettingsStamp: FileStamp?

    /// Whether every file is as this store read it, and no tracker file came or went: then a change
    /// made under the lock may start from this store instead of loading the directory again.
    public var isUnchangedOnDisk: Bool {
        guard changedFiles.isEmpty, FileStamp(path: directory.settingsPath) == loadedSettingsStamp else { return false }
        let names = (FileReading.list(directory.trackersPath) ?? []).filter { !$0.hasPrefix(".") && $0.hasSuffix(".toml") }
        guard names.count == loadedStamps.count else { return false }
        return names.allSatisfy { name in
            guard let recorded = loadedStamps[name] else { return false }
            return FileStamp(path: directory.trackersPath + "/" + name) == recorded
        }
    }
    /// A refreshed cache to write once the command using this store has succeeded.
    var pendingCache: LoadCache?

    /// Writes the refreshed load cache, if this load parsed anything; a failing command skips this
    /// so that it leaves the directory exactly as it found it.
    public func saveCache() {
        pendingCache?.save(to: directory)
        pendingCache = nil
    }

    /// Valid trackers in file-name order.
    public var journal: Journal {
        Journal(settings: settings, trackers: files.keys.sorted().compactMap { files[$0]?.tracker })
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    init(directory: DataDirectory) {
        self.directory = directory
        self.settings = Settings()
    }

    /// Reads every file of the directory. Throws only when there is no data directory at all;
    /// problems inside files are collected in `diagnostics`.
    /// - Parameter useCache: read unchanged trackers from `.habit-cache` (see `LoadCache`);
    ///   `habit check` passes false to look at every byte.
    public static func load(_ directory: DataDirectory, useCache: Bool = true) throws(StoreError) -> Store {
        let store = Store(directory: directory)
        store.useCache = useCache
        store.loadedSettingsStamp = FileStamp(path: directory.settingsPath)
        guard case .success(let bytes) = FileReading.read(directory.settingsPath) else {
            if case .failure(let problem) = FileReading.read(directory.settingsPath), case .missing = problem {
                throw .notInitialized(directory: directory.path)
            }
            store.report(file: DataDirectory.settingsFileName, problem: FileReading.read(directory.settingsPath))
            store.settingsHaveErrors = true
            store.loadTrackers(categories: nil)
            return store
        }
        switch TOMLDocument.parse(bytes) {
        case .success(let document):
            var decoder = FileDecoder(file: DataDirectory.settingsFileName, document: document)
            store.settings = decoder.settings()
            store.settingsDocument = document
            store.settingsHaveErrors = decoder.hasErrors
            store.diagnostics += decoder.diagnostics
        case .failure(let failure):
            store.settingsHaveErrors = true
            store.diagnostics += Store.diagnostics(failure, file: DataDirectory.settingsFileName, source: bytes)
        }
        store.loadTrackers(categories: store.settingsHaveErrors ? nil : Set(store.settings.categories))
        return store
    }

    private func loadTrackers(categories: Set<String>?) {
        guard let names = FileReading.list(directory.trackersPath) else { return }
        var seenNames: [String: String] = [:]
        let oldCache = useCache ? LoadCache.load(from: directory) : LoadCache()
        var newCache = LoadCache()
        var parsedBytes = 0
        defer {
            // Rewriting the whole cache costs more than parsing a few changed files again, so it is
            // refreshed only once enough has changed (or when there is none yet).
            let worthSaving = oldCache.entries.isEmpty || parsedBytes >= LoadCache.refreshThreshold
            if useCache, worthSaving, newCache.entries.count > 0 { pendingCache = newCache }
        }
        for name in names where !name.hasPrefix(".") {
            let file = DataDirectory.trackersFolderName + "/" + name
            guard name.hasSuffix(".toml") else {
                diagnostics.append(Diagnostic(
                    file: file, severity: .warning, message: "not a tracker file; only *.toml files in trackers/ are read",
                    hint: "move it out of trackers/ or rename it to end in .toml"))
                continue
            }
            let id = String(name.dropLast(5))
            let stamp = FileStamp(path: directory.trackersPath + "/" + name)
            loadedStamps[name] = stamp
            if useCache, let stamp, let cached = oldCache.entries[name], cached.stamp == stamp,
               categories.map({ $0.contains(cached.tracker.category) }) ?? true,
               seenNames[TrackerName.key(cached.tracker.name)] == nil {
                seenNames[TrackerName.key(cached.tracker.name)] = file
                files[id] = TrackerFile(id: id, document: nil, tracker: cached.tracker, hasErrors: false)
                newCache.entries[name] = cached
                continue
            }
            let result = FileReading.read(directory.trackersPath + "/" + name)
            guard case .success(let bytes) = result else {
                report(file: file, problem: result)
                files[id] = TrackerFile(id: id, document: nil, tracker: nil, hasErrors: true)
                continue
            }
            switch TOMLDocument.parse(bytes) {
            case .failure(let failure):
                diagnostics += Store.diagnostics(failure, file: file, source: bytes)
                files[id] = TrackerFile(id: id, document: nil, tracker: nil, hasErrors: true)
            case .success(let document):
                var decoder = FileDecoder(file: file, document: document)
                let tracker = decoder.tracker(id: id, categories: categories)
                if let tracker {
                    let key = TrackerName.key(tracker.name)
                    if let other = seenNames[key] {
                        decoder.report("another tracker is already called \"\(tracker.name)\" (\(other))", at: [TrackerKeys.name],
                                       hint: "rename one of them; names are compared without regard to case")
                    } else {
                        seenNames[key] = file
                    }
                }
                diagnostics += decoder.diagnostics
                files[id] = TrackerFile(id: id, document: document, tracker: decoder.hasErrors ? nil : tracker,
                                        hasErrors: decoder.hasErrors)
                if useCache, let stamp, let tracker, decoder.diagnostics.isEmpty {
                    parsedBytes += bytes.count
                    newCache.entries[name] = LoadCache.Entry(stamp: stamp, tracker: tracker)
                }
            }
        }
    }

    private func report(file: String, problem result: Result<[UInt8], FileReading.Problem>) {
        guard case .failure(let problem) = result else { return }
        diagnostics.append(Diagnostic(file: file, message: FileReading.describe(problem)))
    }

    static func diagnostics(_ failure: TOMLParseFailure, file: String, source: [UInt8]) -> [Diagnostic] {
        // One pass over the source for all the lines shown (a line per diagnostic would make a large
        // broken file cost diagnostics × size).
        let shown = Store.lines(Set(failure.diagnostics.map(\.line)), of: source)
        return failure.diagnostics.map { diagnostic in
            Diagnostic(file: file, line: diagnostic.line, column: diagnostic.column, message: diagnostic.message,
                       sourceLine: shown[diagnostic.line])
        }
    }

    static func lines(_ numbers: Set<Int>, of source: [UInt8]) -> [Int: String] {
        guard let last = numbers.max(), last >= 1 else { return [:] }
        var found: [Int: String] = [:]
        var current = 1
        var start = 0
        for index in source.indices where source[index] == UInt8(ascii: "\n") {
            if numbers.contains(current) {
                found[current] = String(decoding: source[start..<index], as: UTF8.self).trimmingSuffixCR()
            }
            current += 1
            start = index + 1
            if current > last { return found }
        }
        if numbers.contains(current) { found[current] = String(decoding: source[start...], as: UTF8.self) }
        return found
    }

    static func line(_ number: Int, of source: [UInt8]) -> String? {
        var current = 1
        var start = 0
        for (index, byte) in source.enumerated() where byte == UInt8(ascii: "\n") {
            if current == number { return String(decoding: source[start..<index], as: UTF8.self).trimmingSuffixCR() }
            current += 1
            start = index + 1
        }
        return current == number ? String(decoding: source[start...], as: UTF8.self) : nil
    }

    /// Ids of all tracker files, valid or not (a broken file still reserves its name).
    public var trackerIDs: Set<String> { Set(files.keys) }

    /// Diagnostics of one tracker's file.
    public func diagnostics(forTracker id: String) -> [Diagnostic] {
        let file = DataDirectory.trackerFile(id: id)
        return diagnostics.filter { $0.file == file }
    }
}

extension String {
    func trimmingSuffixCR() -> String {
        hasSuffix("\r") ? String(dropLast()) : self
    }
}

extension Store {
    /// Reads and decodes one tracker file in full (for an edit of a tracker that came from the cache).
    func parseTrackerFile(id: String) -> TrackerFile {
        let file = DataDirectory.trackerFile(id: id)
        diagnostics.removeAll { $0.file == file }
        let result = FileReading.read(directory.trackerPath(id: id))
        guard case .success(let bytes) = result else {
            if case .failure(let problem) = result { diagnostics.append(Diagnostic(file: file, message: FileReading.describe(problem))) }
            return TrackerFile(id: id, document: nil, tracker: nil, hasErrors: true)
        }
        switch TOMLDocument.parse(bytes) {
        case .failure(let failure):
            diagnostics += Store.diagnostics(failure, file: file, source: bytes)
            return TrackerFile(id: id, document: nil, tracker: nil, hasErrors: true)
        case .success(let document):
            var decoder = FileDecoder(file: file, document: document)
            let tracker = decoder.tracker(id: id, categories: settingsHaveErrors ? nil : Set(settings.categories))
            if let tracker, files.values.contains(where: { $0.id != id && $0.tracker.map { TrackerName.key($0.name) } == TrackerName.key(tracker.name) }) {
                decoder.report("another tracker is already called \"\(tracker.name)\"", at: [TrackerKeys.name],
                               hint: "rename one of them; names are compared without regard to case")
            }
            diagnostics += decoder.diagnostics
            return TrackerFile(id: id, document: document, tracker: decoder.hasErrors ? nil : tracker, hasErrors: decoder.hasErrors)
        }
    }
}
