import HabitCore

/// Loop Habit Tracker's CSV export (a .zip or its unpacked folder), in both formats: since v2.3.1
/// (a header row, values named YES_MANUAL, SKIP, …, a Notes column, Type/Unit/Target/Archived in
/// Habits.csv) and before (no header, integer values). See docs/import-export.md.
enum LoopCSVImport {
    static func plan(_ files: ImportFiles, category: String, today: CivilDate, root: String) throws(HabitError) -> ImportPlan {
        guard let habitsPath = files.paths.filter({ $0 == "Habits.csv" || $0.hasSuffix("/Habits.csv") }).min(by: { $0.count < $1.count }),
              let habitsBytes = files.read(habitsPath)
        else { throw .importFileMissing(path: root, file: "Habits.csv") }
        let prefix = String(habitsPath.dropLast("Habits.csv".count))
        let habits = try table(habitsBytes, file: files.display(habitsPath))
        guard let header = habits.rows.first, header.first?.text == "Position" else {
            throw .importMalformed(ImportProblemAt(file: files.display(habitsPath), line: 1, column: 1, problem: .badValue(habits.rows.first?.first?.text ?? "")))
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
            func integer(_ names: String...) throws(HabitError) -> Int {
                for name in names {
                    guard let index = columns[name], index < row.count else { continue }
                    guard let value = Int(row[index].text) else {
                        throw .importMalformed(ImportProblemAt(file: files.display(habitsPath), line: row[index].line, column: row[index].column,
                                                               problem: .badFrequency(row[index].text)))
                    }
                    return value
                }
                let first = row.first ?? CSVTable.Field(text: "", line: 0, column: 1)
                throw .importMalformed(ImportProblemAt(file: files.display(habitsPath), line: first.line, column: 1, problem: .missingFields(expected: header.count)))
            }
            let position = text("Position")
            let name = text("Name")
            let numerator = try integer("FrequencyNumerator", "NumRepetitions")
            let denominator = try integer("FrequencyDenominator", "Interval")
            guard numerator > 0, denominator > 0 else {
                let at = field("FrequencyNumerator", "NumRepetitions")!
                throw .importMalformed(ImportProblemAt(file: files.display(habitsPath), line: at.line, column: at.column, problem: .badFrequency("\(numerator)/\(denominator)")))
            }
            // Loop 1.x had no Question column: its Description held the question.
            let description = [text("Question"), text("Description")].filter { !$0.isEmpty }.joined(separator: "\n\n")
            var tracker = Tracker(id: "", name: name, category: category, schedule: .daily,
                                  color: LoopPalette.color(text("Color")), description: description.isEmpty ? nil : description,
                                  isArchived: text("Archived?") == "true")
            let (schedule, exact) = ForeignSchedule.schedule(numerator, denominator)
            tracker.schedule = schedule

            // The folder of a habit begins with its Position; the name in it is sanitized, so it is not used.
            let checkmarksPath = files.paths.first { path in
                guard path.hasPrefix(prefix), path.hasSuffix("/Checkmarks.csv") else { return false }
                let folder = path.dropFirst(prefix.count).dropLast("/Checkmarks.csv".count)
                return !folder.contains("/") && (folder == position || folder.hasPrefix(position + " "))
            }
            var days: [(CSVTable.Field, CivilDate, String, String)] = []
            if let checkmarksPath, let bytes = files.read(checkmarksPath) {
                let file = files.display(checkmarksPath)
                for row in try table(bytes, file: file).rows {
                    if row.first?.text == "Date" { continue }
                    guard row.count >= 2 else {
                        throw .importMalformed(ImportProblemAt(file: file, line: row[0].line, column: row[0].column, problem: .missingFields(expected: 2)))
                    }
                    guard let day = CivilDate(row[0].text), row[0].text.count == 10 else {
                        throw .importMalformed(ImportProblemAt(file: file, line: row[0].line, column: row[0].column, problem: .badDate(row[0].text)))
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
                            throw .importMalformed(ImportProblemAt(file: file, line: row[1].line, column: row[1].column, problem: .badValue(value)))
                        }
                        raw = number
                    }
                    days.append((row[1], day, String(raw), row.count > 2 ? row[2].text : ""))
                }
            }
            let raws = days.compactMap { Int($0.2) }
            let isNumeric = text("Type").isEmpty ? raws.contains { !(-1...3).contains($0) } : text("Type") == "NUMERICAL"
            if isNumeric {
                if let target = Double(text("Target Value")) {
                    let direction: Measure.Direction = text("Target Type") == "AT_MOST" ? .atMost : .atLeast
                    let unit = text("Unit")
                    tracker.measure = Measure(target: target, direction: direction, unit: unit.isEmpty ? nil : unit)
                } else {
                    // Loop before v2.3.1 does not export the target: the least amount logged, so
                    // that every day with an amount stays done; the user is told to check it.
                    let target = raws.filter { !(-1...3).contains($0) && $0 > 0 }.min().map { Double($0) / 1000 } ?? 1
                    tracker.measure = Measure(target: target)
                    plan.losses.append(.guessedTarget(tracker: name, target: target))
                }
            }
            if !exact { plan.losses.append(.frequency(tracker: name, numerator: numerator, denominator: denominator, chosen: schedule)) }
            var entries: [CompletionLog.Entry] = []
            var notes: [CivilDate: String] = [:]
            for (_, day, rawText, note) in days {
                let raw = Int(rawText) ?? -1
                if !note.isEmpty { notes[day] = note }
                if isNumeric {
                    switch raw {
                    case -1: break
                    case 3: entries.append(CompletionLog.Entry(day: day, mark: .skipped))
                    default: entries.append(CompletionLog.Entry(day: day, value: .amount(Double(raw) / 1000), measure: tracker.measure))
                    }
                } else {
                    switch raw {
                    case 2: entries.append(CompletionLog.Entry(day: day, mark: .done))
                    case 3: entries.append(CompletionLog.Entry(day: day, mark: .skipped))
                    default: break  // NO, UNKNOWN, and YES_AUTO (Loop's own inference, not a completion)
                    }
                }
            }
            tracker.log = CompletionLog(entries, notes: notes)
            plan.trackers.append(tracker)
        }
        plan.finish(today: today)
        return plan
    }

    static func table(_ bytes: [UInt8], file: String) throws(HabitError) -> CSVTable {
        do { return try CSVTable(bytes) } catch { var located = error; located.file = file; throw .importMalformed(located) }
    }
}
