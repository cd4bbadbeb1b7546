import HabitStore

/// A file in habit's state folder (`ReminderScheduler.stateFolder`: machine state, never in the data
/// directory) holding one record per data directory, a line each: the record's fields separated by
/// spaces, then the directory's path (last, since it may hold spaces itself).
struct StateRecords: Sendable {
    let folder: String
    let file: String
    /// Fields before the path in every line.
    let fields: Int
    /// The path of the data directory whose record the owner reads and writes.
    let directory: String

    init(_ file: String, fields: Int, environment: [String: String], directory: DataDirectory) {
        folder = ReminderScheduler.stateFolder(environment)
        self.file = file
        self.fields = fields
        self.directory = directory.path
    }

    /// Makes the state folder; false when it cannot be made (then nothing can be recorded).
    func makeFolder() -> Bool {
        guard case .success = SafeDirectory.makeDirectories(folder, mode: 0o700) else { return false }
        return true
    }

    /// Each directory's fields; lines that do not have them all are passed over.
    func read() -> [String: [Substring]] {
        guard case .success(let bytes) = SafeDirectory(root: folder).read(file) else { return [:] }
        var records: [String: [Substring]] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: fields, omittingEmptySubsequences: false)
            guard parts.count == fields + 1 else { continue }
            records[String(parts[fields])] = Array(parts[..<fields])
        }
        return records
    }

    /// Replaces the file with `records` (each directory's fields, joined by spaces), in the order of
    /// the paths. Errors are ignored: this is state a caller can do without.
    func write(_ records: [String: String], durable: Bool = true) {
        let text = records.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)\n" }.joined()
        try? SafeDirectory(root: folder).write(file, contents: Array(text.utf8), durable: durable)
    }
}
