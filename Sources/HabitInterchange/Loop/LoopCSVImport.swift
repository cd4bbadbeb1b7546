import HabitCore

/// Loop Habit Tracker's CSV export (a .zip or its unpacked folder), in both formats: since v2.3.1
/// (a header row, values named YES_MANUAL, SKIP, …, a Notes column, Type/Unit/Target/Archived in
/// Habits.csv) and before (no header, integer values). See docs/import-export.md.
enum LoopCSVImport {
    static func plan(_ files: ImportFiles, category: String, today: CivilDate, root: String) throws(InterchangeError) -> ImportPlan {
        guard let habitsPath = files.paths.filter({ $0 == "Habits.csv" || $0.hasSuffix("/Habits.csv") }).min(by: { $0.count < $1.count }),
              let habitsBytes = files.read(habitsPath)
        else { throw .fileMissing(path: root, file: "Habits.csv") }
        let prefix = String(habitsPath.dropLast("Habits.csv".count))
        let habits = try table(habitsBytes, file: files.display(habitsPath))
        guard let header = habits.rows.first, header.first?.text == "Position" else {
            throw .malformed(ImportProblemAt(file: files.display(habitsPath), line: 1, column: 1, problem: .badValue(habits.rows.first?.first?.text ?? "")))
        }
        let columns = Dictionary(header.enumerated().map { ($1.text, $0) }, uniquingKeysWith: { first, _ in first })
        var plan = ImportPlan()
        for row in habits.rows.dropFirst() {
            func field(_ names: String...) -> CSVTable.Field? {
                for name in names { if let index = columns[name], index < row.count { return row[index] } }
                return nil
            }
            func text(_ names: String...) -> String {
                for name in names { if let index = columns[name], index < row.count { return row[index].text } }
                return ""
            }
            func integer(_ names: String...) throws(InterchangeError) -> Int {
                for name in names {
                    guard let index = columns[name], index < row.count else { continue }
                    guard let value = Int(row[index].text) else {
                        throw .malformed(ImportProblemAt(file: files.display(habitsPath), line: row[index].line, column: row[index].column,
                                                               problem: .badFrequency(row[index].text)))
                    }
                    return value
                }
                let first = row.first ?? CSVTable.Field(text: "", line: 0, column: 1)
                throw .malformed(ImportProblemAt(file: files.display(habitsPath), line: first.line, column: 1, problem: .missingFields(expected: header.count)))
            }
            let position = text("Position")
            let name = text("Name")
            let numerator = try integer("FrequencyNumerator", "NumRepetitions")
            let denominator = try integer("FrequencyDenominator", "Interval")
            guard numerator > 0, denominator > 0 else {
                let at = field("FrequencyNumerator", "NumRepetitions")!
                throw .malformed(ImportProblemAt(file: files.display(habitsPath), line: at.line, column: at.column, problem: .badFrequency("\(numerator)/\(denominator)")))
            }
            // Loop 1.x had no Question column: its Description held the question.
            var habit = LoopHabit(name: name)
            habit.question = text("Question")
            habit.description = text("Description")
            habit.numerator = numerator
            habit.denominator = denominator
            habit.color = LoopPalette.color(text("Color"))
            habit.isArchived = text("Archived?") == "true"
            if !text("Type").isEmpty { habit.isNumeric = text("Type") == "NUMERICAL" }
            habit.target = Double(text("Target Value"))
            habit.direction = text("Target Type") == "AT_MOST" ? .atMost : .atLeast
            habit.unit = text("Unit")

            // The folder of a habit begins with its Position; the name in it is sanitized, so it is not used.
            let checkmarksPath = files.paths.first { path in
                guard path.hasPrefix(prefix), path.hasSuffix("/Checkmarks.csv") else { return false }
                let folder = path.dropFirst(prefix.count).dropLast("/Checkmarks.csv".count)
                return !folder.contains("/") && (folder == position || folder.hasPrefix(position + " "))
            }
            if let checkmarksPath, let bytes = files.read(checkmarksPath) {
                let file = files.display(checkmarksPath)
                for row in try table(bytes, file: file).rows {
                    if row.first?.text == "Date" { continue }
                    guard row.count >= 2 else {
                        throw .malformed(ImportProblemAt(file: file, line: row[0].line, column: row[0].column, problem: .missingFields(expected: 2)))
                    }
                    guard let day = CivilDate(row[0].text), row[0].text.count == 10 else {
                        throw .malformed(ImportProblemAt(file: file, line: row[0].line, column: row[0].column, problem: .badDate(row[0].text)))
                    }
                    let raw: Int
                    switch row[1].text {
                    case "YES_MANUAL": raw = 2
                    case "YES_AUTO": raw = 1
                    case "NO": raw = 0
                    case "SKIP": raw = 3
                    case "UNKNOWN": raw = -1
                    case let value:
                        guard let number = Int(value) else {
                            throw .malformed(ImportProblemAt(file: file, line: row[1].line, column: row[1].column, problem: .badValue(value)))
                        }
                        raw = number
                    }
                    habit.days.append(LoopHabit.Day(day: day, raw: raw, note: row.count > 2 ? row[2].text : ""))
                }
            }
            let (tracker, losses) = habit.tracker(category: category)
            plan.losses += losses
            plan.trackers.append(tracker)
        }
        plan.finish(today: today)
        return plan
    }

    static func table(_ bytes: [UInt8], file: String) throws(InterchangeError) -> CSVTable {
        do { return try CSVTable(bytes) } catch { var located = error; located.file = file; throw .malformed(located) }
    }
}
