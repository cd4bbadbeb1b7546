#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HabitCore
import HabitInterchange
import HabitStore

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
        do { result = try ExportResult.build(format, journal: journal, trackers: trackers, today: today) } catch {
            throw HabitError(error)
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
        try Export.write(result.bytes, to: path, replacing: replacing)
        return result
    }

    /// Writes a document made from the data (`habit export svg`, `habit report`) to `path`
    /// atomically, as the exports do; a path inside the data directory is refused, since that
    /// directory holds data only and is synced (docs/cli.md).
    public func writeDocument(_ bytes: [UInt8], to path: String, replacing: Bool) throws(HabitError) {
        try Export.checkWritable(path, replacing: replacing)
        if let inside = Export.resolvedFolder(of: path), let data = Export.resolved(directory.path),
           inside == data || inside.hasPrefix(data == "/" ? "/" : data + "/") {
            throw .exportInsideDataDirectory(path: path, directory: directory.path)
        }
        try Export.write(bytes, to: path, replacing: replacing)
    }
}

extension Export {
    static func write(_ bytes: [UInt8], to path: String, replacing: Bool) throws(HabitError) {
        do {
            try AtomicFile.write(bytes, to: path, replacing: replacing)
        } catch {
            switch error {
            case .io(_, .replace, EEXIST): throw .exportOutputExists(path: path)
            case .io(_, _, let code): throw .exportUnwritable(path: path, errno: code)
            case .unusablePath(_, let problem): throw .exportUnwritable(path: path, errno: Export.code(for: problem))
            default: throw ErrorTranslation.translate(error)
            }
        }
    }

    /// The folder a path would be written in, with every link resolved.
    static func resolvedFolder(of path: String) -> String? {
        let slash = path.lastIndex(of: "/")
        return resolved(slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? ".")
    }

    static func resolved(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard realpath(path, &buffer) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// What the export use case needs besides the formats.
enum Export {
    /// The trackers in the day view's order: categories as `habit.toml` lists them (others after,
    /// by name), then by name (`NameOrder`), then by file name.
    static func ordered(_ journal: Journal) -> [Tracker] {
        NameOrder.sorted(journal.trackers, categoryOrder: journal.settings.categories)
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
}
