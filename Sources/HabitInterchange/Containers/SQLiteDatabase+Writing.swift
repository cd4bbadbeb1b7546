import CSQLite

extension SQLiteDatabase {
    /// A new, empty database in memory, to be written out whole with `serialized()`: no file, no
    /// journal beside one, until the finished bytes are written atomically.
    convenience init(inMemory: Void) throws(SQLiteFailure) {
        guard habit_sqlite_load() == 0 else { throw .libraryMissing(String(cString: habit_sqlite_error())) }
        guard habit_sqlite_can_write() != 0 else { throw .libraryMissing("libsqlite3.so.0 has no sqlite3_serialize") }
        var database: UnsafeMutableRawPointer?
        let status = habit_sqlite_open_memory(&database)
        guard status == 0, let database else {
            habit_sqlite_close(database)
            throw .sqlite(code: status, message: "cannot open a database in memory")
        }
        self.init(handle: database)
    }

    /// Runs `sql` once for each list of `rows` (one run with no values when `rows` is empty),
    /// binding each list's values to its `?`s in order.
    func execute(_ sql: String, rows: [[SQLiteValue]] = [[]]) throws(SQLiteFailure) {
        let statement = try prepare(sql)
        defer { habit_sqlite_finalize(statement) }
        for values in rows {
            for (offset, value) in values.enumerated() {
                let index = Int32(offset + 1)
                switch value {
                case .integer(let number): _ = habit_sqlite_bind_int64(statement, index, number)
                case .real(let number): _ = habit_sqlite_bind_double(statement, index, number)
                case .text(let text):
                    // SQLite copies the text (SQLITE_TRANSIENT); its length excludes the terminator.
                    _ = text.withCString { habit_sqlite_bind_text(statement, index, $0, Int32(text.utf8.count)) }
                case .blob, .null: _ = habit_sqlite_bind_null(statement, index)
                }
            }
            while true {
                let step = habit_sqlite_step(statement)
                if step == 0 { break }
                guard step == 1 else { throw .sqlite(code: 1, message: String(cString: habit_sqlite_message(handle))) }
            }
            _ = habit_sqlite_reset(statement)
        }
    }

    /// The database as the bytes of one file.
    func serialized() throws(SQLiteFailure) -> [UInt8] {
        var size: Int64 = 0
        guard let bytes = habit_sqlite_serialize(handle, &size) else {
            throw .sqlite(code: 7, message: String(cString: habit_sqlite_message(handle)))
        }
        defer { habit_sqlite_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(size)))
    }
}
