import HabitCore
import HabitSystem
import TOML

/// Changes to the data. Each edits only the bytes it must and records the file's new bytes in
/// `changes`; a file with errors is never changed. Nothing here writes to disk.
extension Store {
    /// Sets (or clears, with nil) the mark of a day, keeping its note; clearing removes the whole
    /// line. Returns false when nothing changed.
    @discardableResult
    public func setMark(_ mark: Mark?, on day: CivilDate, trackerID id: String) throws(StoreError) -> Bool {
        let note = mark == nil ? nil : (try editable(id)).1.log.note(on: day)
        let value: LogValue? = mark.map {
            switch $0 {
            case .done: .done
            case .skipped: .skipped
            case .slipped: .slipped
            }
        }
        return try setDay(value, note: note, on: day, trackerID: id)
    }

    /// Writes a day's line: its value and its note (`{ amount = 12, note = "hot day" }`); with
    /// neither, removes the line. Returns false when nothing changed.
    @discardableResult
    public func setDay(_ value: LogValue?, note: String?, on day: CivilDate, trackerID id: String) throws(StoreError) -> Bool {
        var (file, tracker, document) = try editable(id)
        let note = note.flatMap { $0.isEmpty ? nil : $0 }
        let current = tracker.log.entry(on: day)?.value
        guard current != value || tracker.log.note(on: day) != note else { return false }
        let key = day.description
        let logKey = TrackerKey.log.rawValue
        let path = [logKey, key]
        let line = TrackerEncoding.day(value, note: note)
        // A day added to or removed from a `[log]` section is spliced without parsing the file
        // again (the document is parsed from these bytes if this store edits the file again).
        var source: [UInt8]?
        try edit(DataFormat.trackerFile(id: id)) { () throws(TOMLEditError) in
            if let line {
                if document.root.value(at: path) != nil {
                    try document.setValue(line, at: path)
                } else if case .table(let log)? = document.root[logKey] {
                    // Keep the log sorted: insert before the first later day (hand edits may have
                    // left it unsorted; then this is still a sensible spot).
                    // On the keys' bytes: `keys` would make an array of every day's key first.
                    var dayText = key
                    let position = dayText.withUTF8 { dayText in
                        log.firstSlot { Store.isKey($0, after: day, dayText: dayText) }
                    } ?? log.count
                    source = document.sourceInsertingValue(line, forKey: key, inTable: [logKey], at: position)
                    if source == nil { try document.insertValue(line, forKey: key, inTable: [logKey], at: position) }
                } else {
                    try document.setValue(line, at: path)
                }
            } else if document.root.value(at: path) != nil {
                source = document.sourceRemovingValue(at: path)
                if source == nil { try document.removeValue(at: path) }
            }
        }
        tracker.log.setEntry(value.map { CompletionLog.Entry(day: day, value: $0, measure: tracker.measure) }, on: day)
        tracker.log.setNote(note, on: day)
        if let source {
            record(source, tracker: tracker, in: &file)
        } else {
            record(document, tracker: tracker, in: &file, dayEdit: true)
        }
        return true
    }

    /// Whether the log key `other` names a day after `day` (whose text is `text`). A day is written
    /// exactly `YYYY-MM-DD`, so such text orders as its day does: a ten-byte key that sorts at or
    /// before `text` is no later day whatever it holds, and marking today, after every day of a
    /// long log, parses no key at all. On the keys' bytes, as a parsed table keeps them.
    static func isKey(_ key: UnsafeBufferPointer<UInt8>, after day: CivilDate, dayText text: UnsafeBufferPointer<UInt8>) -> Bool {
        if text.count == 10, key.count == 10 {
            for index in 0..<10 where key[index] != text[index] {
                guard key[index] > text[index] else { return false }
                return CivilDate(String(decoding: key, as: UTF8.self)).map { $0 > day } ?? false
            }
            return false
        }
        return CivilDate(String(decoding: key, as: UTF8.self)).map { $0 > day } ?? false
    }

    /// Adds a new tracker file and returns its id (the slug of its name).
    @discardableResult
    public func createTracker(_ tracker: Tracker) throws(StoreError) -> String {
        var tracker = tracker
        tracker.id = Slug.make(from: tracker.name, taken: trackerIDs)
        let bytes = Array(TrackerEncoding.newTrackerFile(tracker).utf8)
        let document = try! TOMLDocument.parse(bytes).get()
        recordChange(DataFormat.trackerFile(id: tracker.id), bytes)
        files[tracker.id] = TrackerFile(id: tracker.id, document: document, tracker: tracker, hasErrors: false)
        return tracker.id
    }

    public func updateTracker(_ id: String, with changes: TrackerChanges) throws(StoreError) {
        var (file, tracker, document) = try editable(id)
        try edit(DataFormat.trackerFile(id: id)) { () throws(TOMLEditError) in
            if let name = changes.name {
                try document.setValue(.string(name), at: TrackerKey.name.path)
                tracker.name = name
            }
            if let category = changes.category {
                try document.setValue(.string(category), at: TrackerKey.category.path)
                tracker.category = category
            }
            if let schedule = changes.schedule {
                if let value = TrackerEncoding.schedule(schedule) {
                    if document.root[TrackerKey.kind.rawValue] != nil { try document.removeValue(at: TrackerKey.kind.path) }
                    try document.setValue(value, at: TrackerKey.schedule.path)
                } else {
                    if document.root[TrackerKey.schedule.rawValue] != nil { try document.removeValue(at: TrackerKey.schedule.path) }
                    try document.setValue(.string(FormatWord.event), at: TrackerKey.kind.path)
                }
                tracker.schedule = schedule
            }
            if let emoji = changes.emoji {
                try Store.set(emoji.map { .string($0) }, .emoji, in: &document)
                tracker.emoji = emoji
            }
            if let color = changes.color {
                try Store.set(color.map { .string($0.description) }, .color, in: &document)
                tracker.color = color
            }
            if let pinned = changes.isPinned {
                try document.setValue(.boolean(pinned), at: TrackerKey.pinned.path)
                tracker.isPinned = pinned
            }
            if let archived = changes.isArchived {
                try Store.set(archived ? .boolean(true) : nil, .archived, in: &document)
                tracker.isArchived = archived
            }
            if let start = changes.start {
                try Store.set(start.map(TrackerEncoding.date), .start, in: &document)
                tracker.start = start
            }
            if let description = changes.description {
                try Store.set(description.map { .string($0) }, .description, in: &document)
                tracker.description = description
            }
            if let goal = changes.goal {
                try Store.set(goal.map { .string($0.description) }, .goal, in: &document)
                tracker.goal = goal
            }
            if let measure = changes.measure {
                try Store.write(measure, replacing: tracker.measure, in: &document)
                tracker.measure = measure
                tracker.log.apply(measure)
            }
            if let quit = changes.isQuit {
                try Store.set(quit ? .boolean(true) : nil, .quit, in: &document)
                // A quit habit may leave out its schedule; a habit again needs one.
                if !quit, document.root[TrackerKey.schedule.rawValue] == nil, document.root[TrackerKey.kind.rawValue] == nil {
                    try document.setValue(.string(FormatWord.daily), at: TrackerKey.schedule.path)
                }
                tracker.isQuit = quit
            }
            if let allowance = changes.allowance {
                try Store.set(allowance.map { .string($0.description) }, .allow, in: &document)
                tracker.allowance = allowance
            }
            if let reminders = changes.reminders {
                try Store.set(reminders.isEmpty ? nil : TrackerEncoding.reminders(reminders), .remind, in: &document)
                tracker.reminders = ReminderTime.distinct(reminders)
            }
        }
        record(document, tracker: tracker, in: &file)
    }

    /// Writes `target`, `target_type` and `unit`, touching only what changed (`target_type` is
    /// written for `at_most` only, at_least being the default).
    private static func write(_ measure: Measure?, replacing old: Measure?, in document: inout TOMLDocument) throws(TOMLEditError) {
        guard let measure else {
            for key in [TrackerKey.target, .targetType, .unit] { try set(nil, key, in: &document) }
            return
        }
        if old?.target != measure.target || document.root[TrackerKey.target.rawValue] == nil {
            try document.setValue(TrackerEncoding.number(measure.target), at: TrackerKey.target.path)
        }
        if old?.direction != measure.direction || old == nil {
            try set(measure.direction == .atMost ? .string(FormatWord.atMost) : nil, .targetType, in: &document)
        }
        if old?.unit != measure.unit {
            try set(measure.unit.map { .string($0) }, .unit, in: &document)
        }
    }

    /// Removes the log entries before `day`; returns them.
    @discardableResult
    public func dropEntries(before day: CivilDate, trackerID id: String) throws(StoreError) -> [CompletionLog.Entry] {
        var (file, tracker, document) = try editable(id)
        let removed = tracker.log.removeEntries(before: day)
        guard !removed.isEmpty else { return [] }
        try edit(DataFormat.trackerFile(id: id)) { () throws(TOMLEditError) in
            for entry in removed where document.root.value(at: [TrackerKey.log.rawValue, entry.day.description]) != nil {
            try document.removeValue(at: [TrackerKey.log.rawValue, entry.day.description])
        }
        }
        record(document, tracker: tracker, in: &file)
        return removed
    }

    public func deleteTracker(_ id: String) throws(StoreError) {
        let path = DataFormat.trackerFile(id: id)
        recordChange(path, nil)
        files[id] = nil
        diagnostics.removeAll { $0.file == path }
    }

    /// Replaces a tracker's whole file with `bytes` (an edit made in an editor), after checking them
    /// as the loader would in this directory. Returns the problems found; with any error nothing is
    /// changed.
    public func replaceTrackerFile(_ id: String, with bytes: [UInt8]) -> [Diagnostic] {
        let path = DataFormat.trackerFile(id: id)
        let decoded = decodeTracker(id: id, file: path, bytes: bytes, categories: settingsHaveErrors ? nil : settings.categories) { name in
            files.values.first { $0.id != id && $0.tracker.map { TrackerName.key($0.name) } == TrackerName.key(name) }
                .map { DataFormat.trackerFile(id: $0.id) }
        }
        guard !decoded.diagnostics.contains(where: { $0.severity == .error }) else { return decoded.diagnostics }
        recordChange(path, bytes)
        diagnostics.removeAll { $0.file == path }
        files[id] = decoded.file
        return decoded.diagnostics
    }

    /// The current bytes of a tracker file: the pending change if any, else the file.
    public func bytes(ofTracker id: String) -> [UInt8]? {
        let path = DataFormat.trackerFile(id: id)
        if let pending = changes[path] { return pending }
        return try? source.read(path).get()
    }

    // MARK: Vacations

    /// Appends a `[[vacation]]` to habit.toml.
    public func addVacation(_ vacation: Vacation) throws(StoreError) {
        var document = try editableSettings()
        let key = SettingsKey.vacation
        var table = TOMLTable()
        table.insert(TrackerEncoding.date(vacation.from), forKey: VacationKey.from.rawValue, at: 0)
        table.insert(TrackerEncoding.date(vacation.to), forKey: VacationKey.to.rawValue, at: 1)
        try edit(DataFormat.settingsFile) { () throws(TOMLEditError) in
            if document.root[key.rawValue] != nil {
                try document.appendElement(.table(table), toArrayAt: key.path)
            } else {
                // A new `[[vacation]]` section at the end of the file, in the file's line endings.
                let section = TOMLSerializer.document(TOMLTable([(key.rawValue, .array([.table(table)]))]), newline: document.newlineString)
                let text = Array(section.utf8)
                var prefix: [UInt8] = []
                if let last = document.bytes.last, last != UInt8(ascii: "\n") { prefix += document.newline }
                if !document.bytes.isEmpty { prefix += document.newline }
                try document.splice([.insert(prefix + text, at: document.bytes.count)])
            }
        }
        recordSettings(document)
        settings.vacations.append(vacation)
    }

    // MARK: Categories

    public func addCategory(_ name: String) throws(StoreError) {
        var document = try editableSettings()
        let key = SettingsKey.categories
        try edit(DataFormat.settingsFile) { () throws(TOMLEditError) in
            if document.root[key.rawValue] != nil {
                try document.appendElement(.string(name), toArrayAt: key.path)
            } else {
                try document.setValue(.array([.string(name)]), at: key.path)
            }
        }
        recordSettings(document)
        settings.categories.append(name)
    }

    /// Renames a category in `habit.toml` and in every tracker that uses it.
    public func renameCategory(_ old: String, to new: String) throws(StoreError) {
        guard let index = settings.categories.firstIndex(of: old) else { return }
        let members = files.values.filter { $0.tracker?.category == old }.map(\.id).sorted()
        for id in members { _ = try editable(id) }  // refuse before changing anything
        var document = try editableSettings()
        try edit(DataFormat.settingsFile) { () throws(TOMLEditError) in
            try document.setValue(.string(new), at: SettingsKey.categories.path + [String(index)])
        }
        recordSettings(document)
        settings.categories[index] = new
        for id in members { try updateTracker(id, with: TrackerChanges(category: new)) }
    }

    /// Removes a category and deletes its trackers; returns the ids deleted.
    @discardableResult
    public func removeCategory(_ name: String) throws(StoreError) -> [String] {
        guard let index = settings.categories.firstIndex(of: name) else { return [] }
        var document = try editableSettings()
        try edit(DataFormat.settingsFile) { () throws(TOMLEditError) in
            try document.removeElement(at: index, fromArrayAt: SettingsKey.categories.path)
        }
        let members = files.values.filter { $0.tracker?.category == name }.map(\.id).sorted()
        recordSettings(document)
        settings.categories.remove(at: index)
        for id in members { try deleteTracker(id) }
        return members
    }

    // MARK: Helpers

    private func editable(_ id: String) throws(StoreError) -> (TrackerFile, Tracker, TOMLDocument) {
        guard var file = files[id] else {
            throw .invalidData([Diagnostic(file: DataFormat.trackerFile(id: id), problem: .unreadable(.missing))])
        }
        if file.document == nil, !file.hasErrors {
            if case .some(.some(let pending)) = changes[DataFormat.trackerFile(id: id)], file.tracker != nil,
               case .success(let document) = TOMLDocument.parse(pending) {
                // Edited by this store without the document (`setDay`): parse what it will write.
                file.document = document
            } else {
                // Loaded from the cache: edits need the document, so read and check the file now.
                file = parseTrackerFile(id: id)
            }
            files[id] = file
        }
        guard !file.hasErrors, let tracker = file.tracker, let document = file.document else {
            throw .invalidData(diagnostics(forTracker: id).filter { $0.severity == .error })
        }
        return (file, tracker, document)
    }

    private func editableSettings() throws(StoreError) -> TOMLDocument {
        guard !settingsHaveErrors, let document = settingsDocument else {
            throw .invalidData(diagnostics(forFile: DataFormat.settingsFile).filter { $0.severity == .error })
        }
        return document
    }

    /// Runs an edit of the document of `file`; an edit the library refuses is reported as the
    /// file's problem (it happens only with shapes the edit cannot handle).
    private func edit(_ file: String, _ body: () throws(TOMLEditError) -> Void) throws(StoreError) {
        do {
            try body()
        } catch {
            throw .invalidData([Diagnostic(file: file, problem: .syntax(error.message))])
        }
    }

    private static func set(_ value: TOMLValue?, _ key: TrackerKey, in document: inout TOMLDocument) throws(TOMLEditError) {
        if let value {
            try document.setValue(value, at: key.path)
        } else if document.root[key.rawValue] != nil {
            try document.removeValue(at: key.path)
        }
    }

    private func record(_ document: TOMLDocument, tracker: Tracker, in file: inout TrackerFile, dayEdit: Bool = false) {
        file.document = document
        file.tracker = tracker
        files[file.id] = file
        recordChange(DataFormat.trackerFile(id: file.id), document.bytes, dayEdit: dayEdit)
    }

    /// A day edit made on the source alone: the document is left to be parsed from `source` when
    /// it is needed again.
    private func record(_ source: [UInt8], tracker: Tracker, in file: inout TrackerFile) {
        file.document = nil
        file.tracker = tracker
        files[file.id] = file
        recordChange(DataFormat.trackerFile(id: file.id), source, dayEdit: true)
    }

    private func recordSettings(_ document: TOMLDocument) {
        settingsDocument = document
        recordChange(DataFormat.settingsFile, document.bytes)
    }

    func recordChange(_ path: String, _ bytes: [UInt8]?, dayEdit: Bool = false) {
        // Only day edits keep the model exactly what decoding the bytes gives (see `cacheWritten`).
        if !dayEdit {
            dayEditsOnly[path] = false
        } else if dayEditsOnly[path] == nil {
            dayEditsOnly[path] = true
        }
        let original = originals[path] ?? (try? source.read(path).get())
        originals[path] = .some(original)
        // Bytes that are those on disk again are no change: nothing is written and no commit made.
        changes[path] = original.hasSameBytes(as: bytes) ? nil : .some(bytes)
    }
}

