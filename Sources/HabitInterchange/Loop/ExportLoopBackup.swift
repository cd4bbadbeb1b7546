import HabitCore

/// Loop Habit Tracker's full backup (`Loop Habits Backup … .db`): its SQLite database at schema
/// version 25, the one file Loop's own "Import data" takes back. Built in memory with the tables
/// Loop's migrations leave and written as one file.
enum ExportLoopBackup {
    static let version = 25
    static let dayLength: Int64 = 86_400_000

    /// The tables of a fresh Loop database at version 25, as its migrations 09–25 leave them.
    static let schema = [
        "CREATE TABLE android_metadata (locale TEXT)",
        "INSERT INTO android_metadata VALUES ('en_US')",
        """
        create table Habits (
            id integer primary key autoincrement,
            archived integer,
            color integer,
            description text,
            freq_den integer,
            freq_num integer,
            highlight integer,
            name text,
            position integer,
            reminder_hour integer,
            reminder_min integer
        , reminder_days integer not null default 127, type integer not null default 0, target_type integer not null default 0, target_value real not null default 0, unit text not null default "", question text, uuid text)
        """,
        "create table Events (\n    id integer primary key autoincrement,\n    timestamp integer,\n    message text,\n    server_id integer\n)",
        """
        create table Repetitions (
                id integer primary key autoincrement,
                habit integer not null references habits(id),
                timestamp integer not null,
                value integer not null, notes text)
        """,
        "create unique index idx_repetitions_habit_timestamp on Repetitions(\n        habit, timestamp)",
        "PRAGMA user_version = 25",
    ]

    static func result(trackers: [Tracker], today: CivilDate) throws(SQLiteFailure) -> ExportResult {
        let habits = trackers.enumerated().map { ExportLoop.habit($1, position: $0 + 1, today: today) }
        let database = try SQLiteDatabase(inMemory: ())
        for statement in schema { try database.execute(statement) }
        try database.execute("BEGIN")
        var habitRows: [[SQLiteValue]] = []
        var repetitionRows: [[SQLiteValue]] = []
        for (index, habit) in habits.enumerated() {
            let tracker = habit.tracker
            let frequency = habit.schedule.frequency ?? (1, 1)
            let reminder = tracker.reminders.first
            let measure = tracker.measure
            habitRows.append([
                .integer(Int64(index + 1)), .integer(tracker.isArchived ? 1 : 0), .integer(Int64(colorIndex(tracker.color))),
                .text(tracker.description ?? ""), .integer(Int64(frequency.denominator)), .integer(Int64(frequency.numerator)),
                .integer(0), .text(tracker.name), .integer(Int64(index)),
                reminder.map { .integer(Int64($0.minutes / 60)) } ?? .null, reminder.map { .integer(Int64($0.minutes % 60)) } ?? .null,
                .integer(reminder == nil ? 0 : 127), .integer(measure == nil ? 0 : 1), .integer(measure?.direction == .atMost ? 1 : 0),
                .real(measure?.target ?? 0), .text(measure?.unit ?? ""), .text(""), .text(uuid(tracker.id)),
            ])
            for (day, written) in habit.days.sorted(by: { $0.key < $1.key }) {
                repetitionRows.append([
                    .integer(Int64(index + 1)), .integer(Int64(day.dayNumber) * dayLength), .integer(Int64(raw(written.value))),
                    .text(written.note),
                ])
            }
        }
        try database.execute("""
            INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position, reminder_hour,
            reminder_min, reminder_days, type, target_type, target_value, unit, question, uuid)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, rows: habitRows)
        if !repetitionRows.isEmpty {
            try database.execute("INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (?, ?, ?, ?)", rows: repetitionRows)
        }
        try database.execute("COMMIT")
        return ExportResult(bytes: try database.serialized(), trackers: 0, days: 0, notes: 0, losses: ExportLoop.losses(trackers, habits))
    }

    /// The palette index of the Loop colour the CSV export writes for `color`.
    static func colorIndex(_ color: TrackerColor?) -> Int {
        let hex = ExportLoop.hex(color).lowercased()
        return LoopHabit.palette.firstIndex { $0.lowercased() == hex } ?? nearest(hex)
    }

    /// A colour outside Loop's palette: the palette colour nearest to it (the .db holds an index).
    static func nearest(_ hex: String) -> Int {
        func rgb(_ text: String) -> (Int, Int, Int)? {
            let digits = text.dropFirst()
            guard digits.count == 6, let value = Int(digits, radix: 16) else { return nil }
            return (value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF)
        }
        guard let target = rgb(hex) else { return 8 }
        let distances = LoopHabit.palette.map { entry -> Int in
            guard let c = rgb(entry) else { return Int.max }
            return (c.0 - target.0) * (c.0 - target.0) + (c.1 - target.1) * (c.1 - target.1) + (c.2 - target.2) * (c.2 - target.2)
        }
        return distances.indices.min { distances[$0] < distances[$1] } ?? 8
    }

    /// Loop's Int of a value the CSV export writes by name or number.
    static func raw(_ value: String) -> Int {
        switch value {
        case "UNKNOWN": -1
        case "NO": 0
        case "YES_AUTO": 1
        case "YES_MANUAL": 2
        case "SKIP": 3
        default: Int(value) ?? -1
        }
    }

    /// Loop's uuid (32 hex digits), the same for a tracker on every export so that a later backup
    /// names the same habit.
    static func uuid(_ id: String) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in id.utf8 {
            first = (first ^ UInt64(byte)) &* 0x100_0000_01b3
            second = (second &* 0x100_0000_01b3) ^ UInt64(byte)
        }
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(first) + hex(second)
    }
}
