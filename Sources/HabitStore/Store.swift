import HabitCore
import HabitSystem
import TOML

/// The data directory loaded into the model, with the parsed documents kept so that every change
/// is a minimal edit of what the user wrote.
///
/// A `Store` is a snapshot and a change set: edits update the model and the documents in memory
/// and record the new bytes of each file in `changes`; nothing is written until the caller (a
/// HabitKit use case, holding the directory lock) writes them, together with their commit.
public final class Store {
    struct TrackerFile {
        var id: String
        var document: TOMLDocument?
        var tracker: Tracker?
        var hasErrors: Bool
    }

    public let source: any DataSource
    public internal(set) var settings: Settings {
        didSet { builtJournal = nil }
    }
    public internal(set) var diagnostics: [Diagnostic] = []
    var settingsDocument: TOMLDocument?
    var settingsHaveErrors = false
    var files: [String: TrackerFile] = [:] {
        didSet { builtJournal = nil }
    }
    /// The journal of `settings` and `files` as they are, built once: a change asks for it several
    /// times (to resolve the tracker, for the outcome, for the hook's record), and building it sorts
    /// every file name.
    private var builtJournal: Journal?
    /// Files this store changed and has not written: relative path → new bytes (nil deletes it).
    public internal(set) var changes: [String: [UInt8]?] = [:]
    /// What each changed file held when loaded (nil: it did not exist), to undo a change.
    public internal(set) var originals: [String: [UInt8]?] = [:]

    let cache: LoadCache.Location?
    /// The stamp of every file this store read (nil for one that was not a regular file), to tell
    /// later whether the directory is still as loaded.
    var loadedStamps: [String: FileStamp?] = [:]
    var loadedSettingsStamp: FileStamp?
    /// Names in the trackers folder that are not tracker files (each reported as such).
    var loadedOthers: Set<String> = []
    /// A refreshed cache to write once the command using this store has succeeded.
    var pendingCache: LoadCache?
    /// The cache as this load found it (each file read from it, or parsed), kept until the cache
    /// is saved so that files this store writes can replace their entries (`cacheWritten`).
    var loadedCache: LoadCache?
    /// Tracker files whose every change in this store was a day's line (`setDay`): their tracker
    /// in `files` is what decoding their new bytes gives, so the cache may keep it.
    var dayEditsOnly: [String: Bool] = [:]

    init(source: any DataSource, cache: LoadCache.Location?) {
        self.source = source
        self.cache = cache
        self.settings = Settings()
    }

    /// Valid trackers in file-name order.
    public var journal: Journal {
        if let builtJournal { return builtJournal }
        let journal = Journal(settings: settings, trackers: files.keys.sorted().compactMap { files[$0]?.tracker })
        builtJournal = journal
        return journal
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    /// Ids of all tracker files, valid or not (a broken file still reserves its name).
    public var trackerIDs: Set<String> { Set(files.keys) }

    /// Diagnostics of one file (relative path).
    public func diagnostics(forFile file: String) -> [Diagnostic] {
        diagnostics.filter { $0.file == file }
    }

    /// Diagnostics of one tracker's file.
    public func diagnostics(forTracker id: String) -> [Diagnostic] {
        diagnostics(forFile: DataFormat.trackerFile(id: id))
    }

    /// Whether every file is as this store read it, and no file of the trackers folder came or
    /// went: then a change made under the lock may start from this store instead of loading the
    /// directory again, and `habit serve` may show it again.
    public var isUnchangedOnDisk: Bool {
        guard changes.isEmpty, source.stamp(DataFormat.settingsFile) == loadedSettingsStamp else { return false }
        let found = ((try? source.stamps(in: DataFormat.trackersFolder).get()) ?? []).filter { !$0.name.hasPrefix(".") }
        guard found.count == loadedStamps.count + loadedOthers.count else { return false }
        return found.allSatisfy { name, stamp in
            guard name.hasSuffix(DataFormat.trackerExtension) else { return loadedOthers.contains(name) }
            guard let recorded = loadedStamps[name] else { return false }
            return stamp == recorded
        }
    }

    /// Writes the refreshed load cache, if this load parsed enough to be worth it; a failing
    /// command skips this so a failure costs nothing.
    public func saveCache() {
        if let pendingCache, let cache { pendingCache.save(to: cache) }
        pendingCache = nil
        loadedCache = nil
    }

    /// After this store's changes were written: the files' stamps as they now are on disk (nil for
    /// a file removed). A tracker file changed only by day edits keeps its tracker in the cache
    /// under its new stamp, so the next command reads it from there instead of parsing the file
    /// it just wrote; any other written file leaves the cache. A stamp taken from the written
    /// file's own descriptor after its rename cannot belong to another file's bytes.
    public func cacheWritten(_ stamps: [String: FileStamp?]) {
        guard cache != nil, var updated = pendingCache ?? loadedCache else { return }
        var changed = false
        let prefix = DataFormat.trackersFolder + "/"
        for (path, stamp) in stamps where path.hasPrefix(prefix) {
            let name = String(path.dropFirst(prefix.count))
            guard name.hasSuffix(DataFormat.trackerExtension), !name.contains("/") else { continue }
            let id = String(name.dropLast(DataFormat.trackerExtension.count))
            if let stamp, dayEditsOnly[path] == true, let file = files[id], !file.hasErrors, let tracker = file.tracker,
               diagnostics(forFile: path).isEmpty {
                updated.entries[name] = LoadCache.Entry(stamp: stamp, tracker: tracker)
            } else if updated.entries.removeValue(forKey: name) == nil {
                continue
            }
            changed = true
        }
        if changed { pendingCache = updated }
    }

    /// A store of its own with the same contents, for a change to edit while others go on reading
    /// this one (`habit serve` keeps one loaded store for all its requests). Cheap: the model and
    /// the documents are values, copied only where the change writes.
    public func copy() -> Store {
        let copy = Store(source: source, cache: cache)
        copy.settings = settings
        copy.diagnostics = diagnostics
        copy.settingsDocument = settingsDocument
        copy.settingsHaveErrors = settingsHaveErrors
        copy.files = files
        copy.changes = changes
        copy.originals = originals
        copy.loadedStamps = loadedStamps
        copy.loadedSettingsStamp = loadedSettingsStamp
        copy.loadedOthers = loadedOthers
        copy.pendingCache = pendingCache
        copy.loadedCache = loadedCache
        copy.dayEditsOnly = dayEditsOnly
        return copy
    }

    // MARK: Loading

    /// Reads every file of the directory. Throws only when there is no data directory at all;
    /// problems inside files are collected in `diagnostics`.
    /// - Parameter cache: where unchanged trackers may be read from instead of parsed (nil for
    ///   `habit check`, which looks at every byte, and for sources without stamps).
    public static func load(from source: any DataSource, cache: LoadCache.Location? = nil) throws(StoreError) -> Store {
        let store = Store(source: source, cache: cache)
        store.loadedSettingsStamp = source.stamp(DataFormat.settingsFile)
        let settingsFile = DataFormat.settingsFile
        switch source.read(settingsFile) {
        case .failure(.missing):
            throw .notInitialized(directory: (source as? SafeDirectory)?.root ?? "")
        case .failure(let problem):
            store.diagnostics.append(Diagnostic(file: settingsFile, problem: .unreadable(problem)))
            store.settingsHaveErrors = true
        case .success(let bytes):
            switch TOMLDocument.parse(bytes) {
            case .success(let document):
                var decoder = FileDecoder(file: settingsFile, document: document)
                store.settings = decoder.settings()
                store.settingsDocument = document
                store.settingsHaveErrors = decoder.hasErrors
                store.diagnostics += decoder.diagnostics
            case .failure(let failure):
                store.settingsHaveErrors = true
                store.diagnostics += Store.diagnostics(failure, file: settingsFile, source: bytes)
            }
        }
        store.loadTrackers(categories: store.settingsHaveErrors ? nil : store.settings.categories)
        store.diagnostics = store.diagnostics.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if x.file != y.file { return x.file < y.file }
            if x.line != y.line { return x.line < y.line }
            if x.column != y.column { return x.column < y.column }
            return a.offset < b.offset
        }.map(\.element)
        return store
    }

    private func loadTrackers(categories: [String]?) {
        let folder = DataFormat.trackersFolder
        let listing: [(name: String, stamp: FileStamp?)]
        switch source.stamps(in: folder) {
        case .success(let found): listing = found
        case .failure(.missing): return
        case .failure(let problem):
            diagnostics.append(Diagnostic(file: folder, problem: .trackersFolderUnusable(problem)))
            return
        }
        var seenNames: [String: String] = [:]
        let oldCache = cache.map { LoadCache.load(from: $0) } ?? LoadCache()
        var newCache = LoadCache()
        var parsedBytes = 0
        let known = categories.map(Set.init)
        defer {
            // Refreshed whenever a file had to be parsed: a changed file then costs one parse and
            // one rewrite (cheaper than parsing it), instead of a parse on every later run.
            let worthSaving = oldCache.entries.isEmpty || parsedBytes > 0
            if cache != nil, worthSaving, newCache.entries.count > 0 { pendingCache = newCache }
            if cache != nil { loadedCache = newCache }
        }
        for (name, stamp) in listing where !name.hasPrefix(".") {
            let file = folder + "/" + name
            guard name.hasSuffix(DataFormat.trackerExtension) else {
                loadedOthers.insert(name)
                diagnostics.append(Diagnostic(file: file, problem: .notATrackerFile))
                continue
            }
            let id = String(name.dropLast(DataFormat.trackerExtension.count))
            loadedStamps[name] = stamp
            if cache != nil, let stamp, let cached = oldCache.entries[name], cached.stamp == stamp,
               known.map({ $0.contains(cached.tracker.category) }) ?? true,
               seenNames[TrackerName.key(cached.tracker.name)] == nil {
                seenNames[TrackerName.key(cached.tracker.name)] = file
                files[id] = TrackerFile(id: id, document: nil, tracker: cached.tracker, hasErrors: false)
                newCache.entries[name] = cached
                continue
            }
            let result = source.read(file)
            guard case .success(let bytes) = result else {
                if case .failure(let problem) = result { diagnostics.append(Diagnostic(file: file, problem: .unreadable(problem))) }
                files[id] = TrackerFile(id: id, document: nil, tracker: nil, hasErrors: true)
                continue
            }
            // A file in habit's plain shape is read without a TOML tree of its log (the first read
            // after a sync or a `git pull`); like a cached one, its document is parsed if an edit
            // needs it. `habit check` (no cache) always parses every byte.
            if cache != nil, let tracker = PlainLogReader.tracker(id: id, file: file, bytes: bytes, categories: categories),
               seenNames[TrackerName.key(tracker.name)] == nil {
                seenNames[TrackerName.key(tracker.name)] = file
                if let stamp {
                    parsedBytes += bytes.count
                    newCache.entries[name] = LoadCache.Entry(stamp: stamp, tracker: tracker)
                }
                files[id] = TrackerFile(id: id, document: nil, tracker: tracker, hasErrors: false)
                continue
            }
            var decoded = decodeTracker(id: id, file: file, bytes: bytes, categories: categories) { name in
                seenNames[TrackerName.key(name)]
            }
            if let tracker = decoded.decoded, seenNames[TrackerName.key(tracker.name)] == nil {
                seenNames[TrackerName.key(tracker.name)] = file
            }
            if cache != nil, let stamp, let tracker = decoded.tracker, decoded.diagnostics.isEmpty {
                parsedBytes += bytes.count
                newCache.entries[name] = LoadCache.Entry(stamp: stamp, tracker: tracker)
            }
            diagnostics += decoded.diagnostics
            decoded.diagnostics = []
            files[id] = decoded.file
        }
    }

    struct DecodedTracker {
        var file: TrackerFile
        var diagnostics: [Diagnostic]
        /// The tracker as decoded, even when the file has errors (its name still claims the name).
        var decoded: Tracker?
        var tracker: Tracker? { file.tracker }
    }

    /// Parses and checks one tracker file. `owner` names the file that already uses a name.
    func decodeTracker(id: String, file: String, bytes: [UInt8], categories: [String]?,
                       owner: (String) -> String?) -> DecodedTracker {
        switch TOMLDocument.parse(bytes) {
        case .failure(let failure):
            return DecodedTracker(file: TrackerFile(id: id, document: nil, tracker: nil, hasErrors: true),
                                  diagnostics: Store.diagnostics(failure, file: file, source: bytes), decoded: nil)
        case .success(let document):
            var decoder = FileDecoder(file: file, document: document)
            let tracker = decoder.tracker(id: id, categories: categories)
            if let tracker, let other = owner(tracker.name), other != file {
                decoder.report(.nameTaken(name: tracker.name, otherFile: other), at: TrackerKey.name.path)
            }
            return DecodedTracker(
                file: TrackerFile(id: id, document: document, tracker: decoder.hasErrors ? nil : tracker, hasErrors: decoder.hasErrors),
                diagnostics: decoder.diagnostics, decoded: tracker)
        }
    }

    /// Reads and decodes one tracker file in full (for an edit of a tracker that came from the cache).
    func parseTrackerFile(id: String) -> TrackerFile {
        let file = DataFormat.trackerFile(id: id)
        // A tracker read from the cache or by the plain reader is what decoding its file gives, as
        // long as the file keeps the stamp it had when loaded (before and after this read): then
        // the edit needs only the document, not a second decoding of every line.
        let known = files[id]?.tracker
        let loaded = loadedStamps[String(file.dropFirst(DataFormat.trackersFolder.count + 1))] ?? nil
        let unchangedBefore = known != nil && loaded != nil && source.stamp(file) == loaded
        diagnostics.removeAll { $0.file == file }
        let result = source.read(file)
        guard case .success(let bytes) = result else {
            if case .failure(let problem) = result { diagnostics.append(Diagnostic(file: file, problem: .unreadable(problem))) }
            return TrackerFile(id: id, document: nil, tracker: nil, hasErrors: true)
        }
        if unchangedBefore, let known, source.stamp(file) == loaded, case .success(let document) = TOMLDocument.parse(bytes) {
            return TrackerFile(id: id, document: document, tracker: known, hasErrors: false)
        }
        let decoded = decodeTracker(id: id, file: file, bytes: bytes, categories: settingsHaveErrors ? nil : settings.categories) { name in
            files.values.first { $0.id != id && $0.tracker.map { TrackerName.key($0.name) } == TrackerName.key(name) }
                .map { DataFormat.trackerFile(id: $0.id) }
        }
        diagnostics += decoded.diagnostics
        return decoded.file
    }

    // MARK: Parse failures

    static func diagnostics(_ failure: TOMLParseFailure, file: String, source: [UInt8]) -> [Diagnostic] {
        // One pass over the source for all the lines shown (a line per diagnostic would make a large
        // broken file cost diagnostics × size).
        let shown = Store.lines(Set(failure.diagnostics.map(\.line)), of: source)
        let markers = ConflictMarkers.lines(in: source)
        if let first = markers.first {
            return [Diagnostic(file: file, line: first, column: 1, problem: .conflictMarkers,
                               sourceLine: Store.lines([first], of: source)[first])]
        }
        return failure.diagnostics.map { diagnostic in
            Diagnostic(file: file, line: diagnostic.line, column: diagnostic.column, problem: .syntax(diagnostic.message),
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
}

/// git's conflict markers, which a hand-run merge may leave in a file.
enum ConflictMarkers {
    /// Line numbers (1-based) that start with `<<<<<<< `, `=======` or `>>>>>>> `.
    static func lines(in source: [UInt8]) -> [Int] {
        var found: [Int] = []
        var line = 1
        var atLineStart = true
        var index = 0
        while index < source.count {
            if atLineStart, index + 7 <= source.count {
                let head = source[index..<index + 7]
                if head.elementsEqual("<<<<<<<".utf8) || head.elementsEqual(">>>>>>>".utf8)
                    || (head.elementsEqual("=======".utf8) && (index + 7 == source.count || source[index + 7] == 10 || source[index + 7] == 13)) {
                    found.append(line)
                }
            }
            atLineStart = source[index] == 10
            if atLineStart { line += 1 }
            index += 1
        }
        return found
    }
}

extension String {
    func trimmingSuffixCR() -> String {
        hasSuffix("\r") ? String(dropLast()) : self
    }
}
