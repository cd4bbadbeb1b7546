#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HabitCore
import HabitStore

/// The formats habit exports to (docs/cli.md, "habit export").
public enum ExportFormat: String, Sendable, CaseIterable {
    /// The whole directory as one JSON document.
    case json
    /// One row per tracker per logged day.
    case csv
    /// Loop Habit Tracker's CSV export (a .zip), as Loop v2.3.1 and later write it.
    case loop
    /// Loop Habit Tracker's full backup (a .db at schema version 25), which Loop imports.
    case loopBackup
}

/// An export: its bytes and what it holds.
public struct ExportResult: Sendable, Equatable {
    public var bytes: [UInt8]
    public var trackers: Int
    /// Days with a mark or an amount, over all trackers.
    public var days: Int
    public var notes: Int
    /// What the format could not hold exactly (Loop's only).
    public var losses: [ExportLoss]
}

/// Something of a tracker that an export could not carry over exactly.
public enum ExportLoss: Equatable, Sendable {
    /// Fixed weekdays written as a number of days a week (Loop has no fixed weekdays).
    case fixedWeekdays(tracker: String, schedule: Schedule, written: Schedule)
    /// An event written as a daily habit (Loop has no events).
    case event(tracker: String)
    /// Trackers without a colour, given Loop's default colour (every Loop habit has one).
    case defaultColor(trackers: [String])
    /// A quit habit written as "at most 0 slips a day" (Loop has no quit habits).
    case quit(tracker: String)
    /// Forgiven misses (`allow`), which Loop does not have.
    case allowance(tracker: String)
}

extension Habits {
    /// Builds the export of the whole directory. Reads only: nothing is written, nothing committed.
    /// A directory with files in error is refused (`exportBlocked`), since the export would leave
    /// their trackers out.
    public func export(_ format: ExportFormat, of store: Store, today: CivilDate) throws(HabitError) -> ExportResult {
        let errors = store.errors
        guard errors.isEmpty else { throw .exportBlocked(errors) }
        let journal = store.journal
        let trackers = Export.ordered(journal)
        var result: ExportResult
        switch format {
        case .json: result = ExportJSON.result(journal, trackers: trackers)
        case .csv: result = ExportCSV.result(trackers: trackers)
        case .loop:
            do { result = try ExportLoop.result(trackers: trackers, today: today) } catch {
                throw .importZip(path: "", problem: error)
            }
        case .loopBackup:
            do { result = try ExportLoopBackup.result(trackers: trackers, today: today) } catch {
                switch error {
                case .libraryMissing(let detail): throw .importDatabase(path: "", problem: .sqliteMissing(detail))
                case .sqlite(_, let message): throw .importDatabase(path: "", problem: .unreadable(message))
                }
            }
        }
        result.trackers = trackers.count
        result.days = trackers.reduce(0) { $0 + $1.log.entries.count }
        result.notes = trackers.reduce(0) { $0 + $1.log.notes.count }
        return result
    }

    /// Builds the export and writes it to `path` atomically (a temporary file beside it, then a
    /// rename). An existing file is replaced only when `replacing`; a missing folder is not created.
    @discardableResult
    public func export(_ format: ExportFormat, of store: Store, today: CivilDate, to path: String,
                       replacing: Bool) throws(HabitError) -> ExportResult {
        try Export.checkWritable(path, replacing: replacing)
        let result = try export(format, of: store, today: today)
        do {
            try AtomicFile.write(result.bytes, to: path, replacing: replacing)
        } catch {
            switch error {
            case .io(_, .replace, EEXIST): throw .exportOutputExists(path: path)
            case .io(_, _, let code): throw .exportUnwritable(path: path, errno: code)
            case .unusablePath(_, let problem): throw .exportUnwritable(path: path, errno: Export.code(for: problem))
            default: throw ErrorTranslation.translate(error)
            }
        }
        return result
    }
}

/// What the exports share.
enum Export {
    /// A day's mark in `export json` and `export csv`.
    static func markName(_ mark: Mark) -> String {
        switch mark {
        case .done: "done"
        case .skipped: "skipped"
        case .slipped: "slipped"
        }
    }

    /// The trackers in the day view's order: categories as `habit.toml` lists them (others after,
    /// by name), then by name ignoring case, then by file name.
    static func ordered(_ journal: Journal) -> [Tracker] {
        let order = Dictionary(journal.settings.categories.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return journal.trackers.sorted { lhs, rhs in
            let left = order[lhs.category] ?? Int.max, right = order[rhs.category] ?? Int.max
            if left != right { return left < right }
            if lhs.category != rhs.category { return lhs.category < rhs.category }
            let lhsName = TrackerName.key(lhs.name), rhsName = TrackerName.key(rhs.name)
            if lhsName != rhsName { return lhsName < rhsName }
            return lhs.id < rhs.id
        }
    }

    /// Refuses before any work: an existing file (unless `replacing`), a folder, a missing folder.
    static func checkWritable(_ path: String, replacing: Bool) throws(HabitError) {
        var info = stat()
        if lstat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR { throw .exportUnwritable(path: path, errno: EISDIR) }
            if !replacing { throw .exportOutputExists(path: path) }
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        if stat(folder, &info) != 0 { throw .exportUnwritable(path: path, errno: errno) }
        if info.st_mode & S_IFMT != S_IFDIR { throw .exportUnwritable(path: path, errno: ENOTDIR) }
    }

    static func code(for problem: FileProblem) -> Int32 {
        switch problem {
        case .missing: ENOENT
        case .symbolicLink: ELOOP
        case .notRegular: EISDIR
        case .notDirectory: ENOTDIR
        case .tooLarge: EFBIG
        case .io(let code): code
        }
    }

    /// A number as JSON and the plain CSV write it: an integer without a point ("3"), else the
    /// shortest decimal that reads back as the same double ("2.5").
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// RFC 4180 quoting, as opencsv writes it too: a field with a comma, a double quote or a line
/// break goes in double quotes, with its quotes doubled.
enum CSVLine {
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }

    /// One line, ending in `\n`.
    static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\n"
    }
}
