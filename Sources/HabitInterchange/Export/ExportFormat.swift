import HabitCore

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

extension ExportResult {
    /// The bytes of `trackers` (in the order they are to be written) in `format`. The counts
    /// (`trackers`, `days`, `notes`) are the caller's to fill.
    public static func build(_ format: ExportFormat, journal: Journal, trackers: [Tracker],
                             today: CivilDate) throws(InterchangeError) -> ExportResult {
        switch format {
        case .json: return ExportJSON.result(journal, trackers: trackers)
        case .csv: return ExportCSV.result(trackers: trackers)
        case .loop:
            do { return try ExportLoop.result(trackers: trackers, today: today) } catch {
                throw .zip(path: "", problem: error)
            }
        case .loopBackup:
            do { return try ExportLoopBackup.result(trackers: trackers, today: today) } catch {
                switch error {
                case .libraryMissing(let detail): throw .database(path: "", problem: .sqliteMissing(detail))
                case .sqlite(_, let message): throw .database(path: "", problem: .unreadable(message))
                }
            }
        }
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
