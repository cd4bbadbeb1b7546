import HabitCore
import TOML

/// Changes to the directory. Each touches only the bytes it must and writes atomically; a file
/// with errors is never written.
extension Store {
    /// Sets (or clears, with nil) the mark of a day. Returns false when nothing changed.
    @discardableResult
    public func setMark(_ mark: Mark?, on day: CivilDate, trackerID id: String) throws(StoreError) -> Bool {
        var (file, tracker, document) = try editable(id)
        guard tracker.log.mark(on: day) != mark else { return false }
        let key = day.description
        let path = [TrackerKeys.log, key]
        do {
            if let mark {
                if document.root.value(at: path) != nil {
                    try document.setValue(TOMLEncoding.mark(mark), at: path)
                } else if case .table(let log)? = document.root[TrackerKeys.log] {
                    // Keep the log sorted: insert before the first later day (hand edits may have
                    // left it unsorted; then this is still a sensible spot).
                    let position = log.keys.firstIndex { CivilDate($0).map { $0 > day } ?? false } ?? log.count
                    try document.insertValue(TOMLEncoding.mark(mark), forKey: key, inTable: [TrackerKeys.log], at: position)
                } else {
                    try document.setValue(TOMLEncoding.mark(mark), at: path)
                }
            } else {
                try document.removeValue(at: path)
            }
        } catch {
            throw .invalidData([Diagnostic(file: DataDirectory.trackerFile(id: id), message: "could not edit the log: \(error)")])
        }
        tracker.log.set(mark, on: day)
        try write(document, to: directory.trackerPath(id: id))
        file.document = document
        file.tracker = tracker
        files[id] = file
        return true
    }

    /// Writes a new tracker file and returns its id (the slug of its name).
    public func createTracker(_ tracker: Tracker) throws(StoreError) -> String {
        var tracker = tracker
        tracker.id = Slug.make(from: tracker.name, taken: trackerIDs)
        try ensureDirectory(directory.trackersPath)
        let text = TOMLEncoding.newTrackerFile(tracker)
        try AtomicFile.write(Array(text.utf8), to: directory.trackerPath(id: tracker.id))
        changedFiles.insert(DataDirectory.trackerFile(id: tracker.id))
        let document = try! TOMLDocument.parse(Array(text.utf8)).get()
        files[tracker.id] = TrackerFile(id: tracker.id, document: document, tracker: tracker, hasErrors: false)
        return tracker.id
    }

    public func updateTracker(_ id: String, with changes: TrackerChanges) throws(StoreError) {
        var (file, tracker, document) = try editable(id)
        do {
            if let name = changes.name {
                try document.setValue(.string(name), at: [TrackerKeys.name])
                tracker.name = name
            }
            if let category = changes.category {
                try document.setValue(.string(category), at: [TrackerKeys.category])
                tracker.category = category
            }
            if let schedule = changes.schedule {
                switch schedule {
                case .event:
                    if document.root[TrackerKeys.schedule] != nil { try document.removeValue(at: [TrackerKeys.schedule]) }
                    try document.setValue(.string("event"), at: [TrackerKeys.kind])
                case .weekly(let days):
                    if document.root[TrackerKeys.kind] != nil { try document.removeValue(at: [TrackerKeys.kind]) }
                    try document.setValue(TOMLEncoding.schedule(days), at: [TrackerKeys.schedule])
                }
                tracker.schedule = schedule
            }
            if let emoji = changes.emoji {
                try set(emoji.map { .string($0) }, TrackerKeys.emoji, in: &document)
                tracker.emoji = emoji
            }
            if let color = changes.color {
                try set(color.map { .string($0.description) }, TrackerKeys.color, in: &document)
                tracker.color = color
            }
            if let pinned = changes.isPinned {
                try document.setValue(.boolean(pinned), at: [TrackerKeys.pinned])
                tracker.isPinned = pinned
            }
            if let start = changes.start {
                try set(start.map(TOMLEncoding.date), TrackerKeys.start, in: &document)
                tracker.start = start
            }
            if let description = changes.description {
                try set(description.map { .string($0) }, TrackerKeys.description, in: &document)
                tracker.description = description
            }
            if let goal = changes.goal {
                try set(goal.map { .string($0.description) }, TrackerKeys.goal, in: &document)
                tracker.goal = goal
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .invalidData([Diagnostic(file: DataDirectory.trackerFile(id: id), message: "could not edit: \(error)")])
        }
        try write(document, to: directory.trackerPath(id: id))
        file.document = document
        file.tracker = tracker
        files[id] = file
    }

    /// Removes the log entries before `day`; returns them.
    public func dropEntries(before day: CivilDate, trackerID id: String) throws(StoreError) -> [CompletionLog.Entry] {
        var (file, tracker, document) = try editable(id)
        let removed = tracker.log.removeEntries(before: day)
        guard !removed.isEmpty else { return [] }
        do {
            for entry in removed { try document.removeValue(at: [TrackerKeys.log, entry.day.description]) }
        } catch {
            throw .invalidData([Diagnostic(file: DataDirectory.trackerFile(id: id), message: "could not edit the log: \(error)")])
        }
        try write(document, to: directory.trackerPath(id: id))
        file.document = document
        file.tracker = tracker
        files[id] = file
        return removed
    }

    public func deleteTracker(_ id: String) throws(StoreError) {
        try AtomicFile.remove(directory.trackerPath(id: id))
        changedFiles.insert(DataDirectory.trackerFile(id: id))
        files[id] = nil
        diagnostics.removeAll { $0.file == DataDirectory.trackerFile(id: id) }
    }

    // MARK: Categories

    public func addCategory(_ name: String) throws(StoreError) {
        var document = try editableSettings()
        try edit(&document) { document throws in
            if document.root[SettingsKeys.categories] != nil {
                try document.appendElement(.string(name), toArrayAt: [SettingsKeys.categories])
            } else {
                try document.setValue(.array([.string(name)]), at: [SettingsKeys.categories])
            }
        }
        try write(document, to: directory.settingsPath)
        settingsDocument = document
        settings.categories.append(name)
    }

    /// Renames a category in `habit.toml` and in every tracker that uses it.
    public func renameCategory(_ old: String, to new: String) throws(StoreError) {
        guard let index = settings.categories.firstIndex(of: old) else { return }
        let members = files.values.filter { $0.tracker?.category == old }.map(\.id)
        for id in members { _ = try editable(id) }  // refuse before writing anything
        var document = try editableSettings()
        try edit(&document) { document throws in
            try document.setValue(.string(new), at: [SettingsKeys.categories, String(index)])
        }
        try write(document, to: directory.settingsPath)
        settingsDocument = document
        settings.categories[index] = new
        for id in members.sorted() { try updateTracker(id, with: TrackerChanges(category: new)) }
    }

    /// Removes a category and deletes its trackers; returns the ids deleted.
    public func removeCategory(_ name: String) throws(StoreError) -> [String] {
        guard let index = settings.categories.firstIndex(of: name) else { return [] }
        var document = try editableSettings()
        try edit(&document) { document throws in
            try document.removeElement(at: index, fromArrayAt: [SettingsKeys.categories])
        }
        let members = files.values.filter { $0.tracker?.category == name }.map(\.id).sorted()
        try write(document, to: directory.settingsPath)
        settingsDocument = document
        settings.categories.remove(at: index)
        for id in members { try deleteTracker(id) }
        return members
    }

    // MARK: Directory

    /// Creates `habit.toml` (and `trackers/`) in an empty or new directory.
    public static func initialize(_ directory: DataDirectory, settingsText: String) throws(StoreError) {
        try ensureDirectory(directory.path)
        try ensureDirectory(directory.trackersPath)
        try AtomicFile.write(Array(settingsText.utf8), to: directory.settingsPath)
    }

    // MARK: Helpers

    private func editable(_ id: String) throws(StoreError) -> (TrackerFile, Tracker, TOMLDocument) {
        guard var file = files[id] else {
            throw .invalidData([Diagnostic(file: DataDirectory.trackerFile(id: id), message: "no such tracker file")])
        }
        if file.document == nil, !file.hasErrors {
            // Loaded from the cache: edits need the document, so read and check the file now.
            file = parseTrackerFile(id: id)
            files[id] = file
        }
        guard !file.hasErrors, let tracker = file.tracker, let document = file.document else {
            throw .invalidData(diagnostics(forTracker: id))
        }
        return (file, tracker, document)
    }

    private func editableSettings() throws(StoreError) -> TOMLDocument {
        guard !settingsHaveErrors, let document = settingsDocument else {
            throw .invalidData(diagnostics.filter { $0.file == DataDirectory.settingsFileName })
        }
        return document
    }

    private func edit(_ document: inout TOMLDocument, _ body: (inout TOMLDocument) throws -> Void) throws(StoreError) {
        do {
            try body(&document)
        } catch {
            throw .invalidData([Diagnostic(file: DataDirectory.settingsFileName, message: "could not edit: \(error)")])
        }
    }

    private func set(_ value: TOMLValue?, _ key: String, in document: inout TOMLDocument) throws {
        if let value {
            try document.setValue(value, at: [key])
        } else if document.root[key] != nil {
            try document.removeValue(at: [key])
        }
    }

    private func write(_ document: TOMLDocument, to path: String) throws(StoreError) {
        try AtomicFile.write(document.bytes, to: path)
        changedFiles.insert(relative(path))
    }

    private func relative(_ path: String) -> String {
        path.hasPrefix(directory.path + "/") ? String(path.dropFirst(directory.path.count + 1)) : path
    }

    private func ensureDirectory(_ path: String) throws(StoreError) {
        try Store.ensureDirectory(path)
    }

    static func ensureDirectory(_ path: String) throws(StoreError) {
        if mkdir(path, 0o755) != 0, errno != EEXIST { throw .io(path: path, operation: "create the directory", errno: errno) }
    }
}

#if canImport(Glibc)
import Glibc
#endif
