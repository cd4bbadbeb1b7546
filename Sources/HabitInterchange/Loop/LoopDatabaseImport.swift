#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HabitCore

/// Why a file given as Loop's .db backup cannot be imported.
public enum LoopDatabaseProblem: Error, Equatable, Sendable {
    /// The file does not begin with SQLite's header.
    case notSQLite
    /// An SQLite database without Loop's `Habits` and `Repetitions` tables.
    case notLoop
    /// `PRAGMA user_version` below 8, which Loop itself no longer opens.
    case tooOld(version: Int)
    /// `PRAGMA user_version` above the newest Loop habit knows.
    case tooNew(version: Int)
    /// SQLite refused to read it: its words.
    case unreadable(String)
    /// A value Loop never writes: the table, the row's id, the column and the value.
    case badValue(table: String, row: Int, column: String, value: String)
    /// libsqlite3.so.0 could not be loaded: the loader's words.
    case sqliteMissing(String)
}

/// Loop Habit Tracker's SQLite backup ("Export full backup", `Loop Habits Backup … .db`, a copy of
/// its `uhabits.db`), read at any version Loop's own importer migrates from: 8 to 25. Rather than
/// migrating a copy, each column is read by name where it exists and given Loop's migrations'
/// meaning where its version says so (colours, the question). See docs/import-export.md.
enum LoopDatabaseImport {
    /// The versions read: Loop opens nothing older than 8, and 25 is its `DATABASE_VERSION`.
    static let versions = 8...25
    static let header = Array("SQLite format 3".utf8) + [0]
    static let dayLength: Int64 = 86_400_000

    /// Whether `path` is a file that begins with SQLite's header, whatever its name.
    static func isDatabase(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: header.count)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count == header.count && bytes == header
    }

    /// Whether `path` is to be read as a database: it has SQLite's header, or it is a file named
    /// `.db` (which then fails as "not an SQLite database" rather than as a CSV export).
    static func applies(to path: String) -> Bool {
        if isDatabase(path) { return true }
        var status = stat()
        return path.lowercased().hasSuffix(".db") && stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    static func plan(path: String, category: String, today: CivilDate) throws(InterchangeError) -> ImportPlan {
        func fail(_ problem: LoopDatabaseProblem) -> InterchangeError { .database(path: path, problem: problem) }
        guard isDatabase(path) else { throw fail(.notSQLite) }
        do {
            let database = try SQLiteDatabase(readOnly: path)
            let tables = Set(try database.rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { $0["name"]?.text?.lowercased() })
            guard tables.contains("habits"), tables.contains("repetitions") else { throw fail(.notLoop) }
            let version = try database.rows("PRAGMA user_version").first?["user_version"]?.integer ?? 0
            guard version >= versions.lowerBound else { throw fail(.tooOld(version: version)) }
            guard version <= versions.upperBound else { throw fail(.tooNew(version: version)) }
            return try trackers(database, version: version, path: path, category: category, today: today)
        } catch let failure as SQLiteFailure {
            switch failure {
            case .libraryMissing(let detail): throw fail(.sqliteMissing(detail))
            // SQLITE_NOTADB: the header is there but the rest is not a database.
            case .sqlite(let code, let message): throw fail(code == 26 ? .notSQLite : .unreadable(message))
            }
        } catch let error as InterchangeError {
            throw error
        } catch {
            throw fail(.unreadable("\(error)"))
        }
    }

    private static func trackers(_ database: SQLiteDatabase, version: Int, path: String, category: String, today: CivilDate) throws -> ImportPlan {
        func bad(_ table: String, _ row: SQLiteDatabase.Row, _ column: String) -> InterchangeError {
            .database(path: path, problem: .badValue(table: table, row: row["id"]?.integer ?? 0, column: column,
                                                           value: row[column]?.text ?? "NULL"))
        }
        // Repetitions of each habit in the order written; before version 22 a day could appear
        // twice, and Loop's migration 22 kept the first.
        var days: [Int: [CivilDate: LoopHabit.Day]] = [:]
        var order: [Int: [CivilDate]] = [:]
        for row in try database.rows("SELECT * FROM Repetitions ORDER BY rowid") {
            guard let habit = row["habit"]?.integer, let stamp = row["timestamp"]?.integer else { continue }
            // Milliseconds of midnight UTC of the day, which Loop truncates to a whole day.
            let day = CivilDate(dayNumber: Int((Int64(stamp) - (Int64(stamp) % dayLength + dayLength) % dayLength) / dayLength))
            guard (1970...9999).contains(day.year) else { throw bad("Repetitions", row, "timestamp") }
            guard days[habit]?[day] == nil else { continue }
            // Before version 16 a row meant a checked day; `value` came with numeric habits.
            let raw: Int
            if let value = row["value"] {
                guard let number = value.integer else { throw bad("Repetitions", row, "value") }
                raw = number
            } else {
                raw = 2
            }
            days[habit, default: [:]][day] = LoopHabit.Day(day: day, raw: raw, note: row["notes"]?.text ?? "")
            order[habit, default: []].append(day)
        }

        var plan = ImportPlan()
        for row in try database.rows("SELECT * FROM Habits ORDER BY position, rowid") {
            let id = row["id"]?.integer ?? 0
            var habit = LoopHabit(name: row["name"]?.text ?? "")
            guard let numerator = row["freq_num"]?.integer, numerator > 0 else { throw bad("Habits", row, "freq_num") }
            guard let denominator = row["freq_den"]?.integer, denominator > 0 else { throw bad("Habits", row, "freq_den") }
            habit.numerator = numerator
            habit.denominator = denominator
            // Version 23 moved the question out of `description`, which became the habit's notes.
            if version >= 23 {
                habit.question = row["question"]?.text ?? ""
                habit.description = row["description"]?.text ?? ""
            } else {
                habit.question = row["description"]?.text ?? ""
            }
            habit.color = row["color"]?.integer.flatMap { color(index: $0, version: version) }
            habit.isArchived = (row["archived"]?.integer ?? 0) != 0
            habit.isNumeric = row["type"]?.integer == 1
            if habit.isNumeric == true {
                let direction: Measure.Direction = row["target_type"]?.integer == 1 ? .atMost : .atLeast
                habit.direction = direction
                habit.unit = row["unit"]?.text ?? ""
                // A target Loop could not score against (none before version 18) is no target.
                habit.target = row["target_value"]?.real.flatMap { Measure.isValidTarget($0, direction) ? $0 : nil }
            }
            if let hour = row["reminder_hour"]?.integer, let minute = row["reminder_min"]?.integer {
                habit.reminder = LoopHabit.Reminder(hour: hour, minute: minute, days: row["reminder_days"]?.integer ?? 0x7F)
            }
            habit.days = (order[id] ?? []).compactMap { days[id]?[$0] }
            let (tracker, losses) = habit.tracker(category: category)
            plan.losses += losses
            plan.trackers.append(tracker)
        }
        plan.finish(today: today)
        return plan
    }

    /// Loop's palette colour of a `color` value at `version`: Android ARGB integers before version
    /// 14, indices of the 13-colour palette from 14, of the 20-colour one from 21 (Loop's
    /// migrations 14 and 21, which turn anything else into its first colour, red).
    static func color(index: Int, version: Int) -> TrackerColor? {
        var value = index
        if version < 14 { value = argb[value] ?? 0 }
        if version < 21 { value = (0..<13).contains(value) ? thirteen[value] : 0 }
        guard LoopHabit.palette.indices.contains(value) else { return nil }
        return LoopPalette.color(LoopHabit.palette[value])
    }

    /// The ARGB colours of Loop before database version 14, as indices of its 13-colour palette.
    static let argb: [Int: Int] = [
        -2_937_041: 0, -1_684_967: 1, -415_707: 2, -5_262_293: 3, -13_070_788: 4, -16_742_021: 5, -16_732_991: 6,
        -16_540_699: 7, -10_603_087: 8, -7_461_718: 9, -2_614_432: 10, -13_619_152: 11, -5_592_406: 12,
    ]
    /// The 13-colour palette's indices in the 20-colour one.
    static let thirteen = [0, 1, 4, 5, 7, 8, 9, 10, 13, 14, 15, 17, 19]
}
