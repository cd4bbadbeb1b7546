import CSQLite

/// Why an SQLite database could not be read.
enum SQLiteFailure: Error, Equatable {
    /// libsqlite3.so.0 could not be loaded: the loader's words.
    case libraryMissing(String)
    /// SQLite refused: its result code and message.
    case sqlite(code: Int32, message: String)
}

/// A value of a result row, as SQLite typed it.
enum SQLiteValue: Equatable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob
    case null

    var integer: Int? {
        switch self {
        case .integer(let value): Int(exactly: value)
        case .real(let value): value.isFinite && value.rounded() == value && abs(value) < 9e15 ? Int(value) : nil
        case .text(let text): Int(text)
        default: nil
        }
    }

    var real: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        case .text(let text): Double(text)
        default: nil
        }
    }

    var text: String? {
        switch self {
        case .text(let text): text
        case .integer(let value): String(value)
        case .real(let value): String(value)
        default: nil
        }
    }
}

/// An SQLite database opened read-only and immutable through the system's libsqlite3 (loaded on
/// first use): nothing is ever written to the file or beside it.
final class SQLiteDatabase {
    /// A result row: its values by column name in lower case (SQLite's names are case-insensitive,
    /// and Loop's oldest databases spell `Id`).
    typealias Row = [String: SQLiteValue]

    let handle: UnsafeMutableRawPointer

    init(readOnly path: String) throws(SQLiteFailure) {
        guard habit_sqlite_load() == 0 else { throw .libraryMissing(String(cString: habit_sqlite_error())) }
        var database: UnsafeMutableRawPointer?
        let status = habit_sqlite_open_readonly(path, &database)
        guard status == 0, let database else {
            let message = database.map { String(cString: habit_sqlite_message($0)) } ?? "cannot open"
            habit_sqlite_close(database)
            throw .sqlite(code: status, message: message)
        }
        handle = database
    }

    init(handle: UnsafeMutableRawPointer) {
        self.handle = handle
    }

    deinit {
        habit_sqlite_close(handle)
    }

    /// Every row `sql` gives.
    func rows(_ sql: String) throws(SQLiteFailure) -> [Row] {
        let statement = try prepare(sql)
        defer { habit_sqlite_finalize(statement) }
        let count = habit_sqlite_column_count(statement)
        let names = (0..<count).map { String(cString: habit_sqlite_column_name(statement, $0)).lowercased() }
        var result: [Row] = []
        while true {
            let step = habit_sqlite_step(statement)
            if step == 0 { break }
            guard step == 1 else { throw .sqlite(code: 1, message: String(cString: habit_sqlite_message(handle))) }
            var row: Row = [:]
            for column in 0..<count where row[names[Int(column)]] == nil {
                row[names[Int(column)]] = value(statement, column)
            }
            result.append(row)
        }
        return result
    }

    /// `sql` compiled; the caller finalizes it.
    func prepare(_ sql: String) throws(SQLiteFailure) -> UnsafeMutableRawPointer {
        var statement: UnsafeMutableRawPointer?
        let status = habit_sqlite_prepare(handle, sql, &statement)
        guard status == 0, let statement else {
            habit_sqlite_finalize(statement)
            throw .sqlite(code: status, message: String(cString: habit_sqlite_message(handle)))
        }
        return statement
    }

    private func value(_ statement: UnsafeMutableRawPointer, _ column: Int32) -> SQLiteValue {
        switch habit_sqlite_column_type(statement, column) {
        case 1: return .integer(habit_sqlite_column_int64(statement, column))
        case 2: return .real(habit_sqlite_column_double(statement, column))
        case 3:
            var length: Int32 = 0
            guard let bytes = habit_sqlite_column_text(statement, column, &length) else { return .null }
            return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: Int(length)), as: UTF8.self))
        case 4: return .blob
        default: return .null
        }
    }
}
