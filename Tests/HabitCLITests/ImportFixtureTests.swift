import Foundation
import HabitCore
import HabitKit
import HabitStore
import Testing
import TestSupport

/// The fixtures of scripts/loop-fixtures (Fixtures/import/generated: Loop's exports and backups
/// written as Loop writes them, habitctl's files as habitctl writes them), imported with `habit
/// import` and read back from the directory: every day and every field against what the generator
/// put in (`expected.json`, in Loop's own terms), and habit strength against Loop's `Scores.csv`.
@Suite struct ImportFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/import/generated")
    static let today = CivilDate("2025-11-01")!
    static let now = "2025-11-01T10:00"

    // MARK: what the generator put in

    struct Expected: Decodable {
        var habits: [LoopHabit]
        var v12: [OldHabit]
        var habitctl: Habitctl
    }

    /// A habit in Loop's terms: raw entry values (2 YES_MANUAL, 0 NO, 3 SKIP, -1 UNKNOWN, or the
    /// amount × 1000), the palette index.
    struct LoopHabit: Decodable {
        var name: String
        var question: String
        var description: String
        var numerator: Int
        var denominator: Int
        var color: Int
        var numeric: Bool
        var unit: String
        var targetType: Int
        var targetValue: Double
        var archived: Bool
        var reminder: [Int]?
        var entries: [RawEntry]
        var folder: String
    }

    struct RawEntry: Decodable {
        var day: CivilDate
        var raw: Int
        var note: String

        init(from decoder: any Decoder) throws {
            var row = try decoder.unkeyedContainer()
            day = CivilDate(try row.decode(String.self))!
            raw = try row.decode(Int.self)
            note = try row.decode(String.self)
        }
    }

    /// A habit of the Loop 1.x database: ARGB colour, a row for each checked day.
    struct OldHabit: Decodable {
        var name: String
        var question: String
        var numerator: Int
        var denominator: Int
        var color: Int
        var archived: Bool
        var reminder: [Int]?
        var days: [String]
    }

    struct Habitctl: Decodable {
        var habits: [[String]]
        var entries: [[String]]

        init(from decoder: any Decoder) throws {
            enum Keys: String, CodingKey { case habits, entries }
            let container = try decoder.container(keyedBy: Keys.self)
            var list = try container.nestedUnkeyedContainer(forKey: .habits)
            var habits: [[String]] = []
            while !list.isAtEnd {
                var pair = try list.nestedUnkeyedContainer()
                habits.append([String(try pair.decode(Int.self)), try pair.decode(String.self)])
            }
            self.habits = habits
            entries = try container.decode([[String]].self, forKey: .entries)
        }
    }

    static let expected: Expected = {
        let data = try! Data(contentsOf: folder.appendingPathComponent("expected.json"))
        return try! JSONDecoder().decode(Expected.self, from: data)
    }()

    /// Loop's palette by index, as habit names it (docs/import-export.md).
    static let colors: [PaletteColor] = [.red, .orange, .orange, .orange, .yellow, .green, .green, .green, .teal, .teal,
                                         .blue, .blue, .blue, .purple, .purple, .pink, .gray, .gray, .gray, .gray]

    // MARK: importing

    struct Imported {
        var output: String
        var trackers: [String: Tracker]
        var harness: Harness
    }

    static func importing(_ arguments: [String]) throws -> Imported {
        let habit = try Harness(examples: false, now: now)
        #expect(habit.run("init").code == 0)
        let outcome = habit.run(arguments)
        try #require(outcome.code == 0, "habit \(arguments.joined(separator: " ")): \(outcome.err)")
        let check = habit.run("check")
        #expect(check.code == 0, "the imported directory checks clean: \(check.out)\(check.err)")
        let habits = Habits(directory: DataDirectory(path: habit.directory.path), cache: nil, clock: { 0 })
        let trackers = try habits.read().journal.trackers
        return Imported(output: outcome.out, trackers: Dictionary(uniqueKeysWithValues: trackers.map { ($0.name, $0) }), harness: habit)
    }

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    // MARK: what each habit must be

    /// What is in each file: the CSV export before v2.3.1 has no notes, types, targets or archive
    /// flag; only the database has reminders; before version 23 the question was the description.
    struct Source {
        var notes = true
        var types = true
        var archived = true
        var reminders = false
        var descriptions = true
    }

    static func schedule(_ numerator: Int, _ denominator: Int) -> Schedule {
        if numerator == denominator { return .daily }
        if numerator == 1 { return .interval(days: denominator) }
        if denominator == 7 { return .periodic(count: numerator, period: .week) }
        if denominator == 30 { return .periodic(count: numerator, period: .month) }
        // 2 in 3 days: the nearest N per week (5), reported as a loss.
        return .periodic(count: Int((Double(numerator) / Double(denominator) * 7).rounded()), period: .week)
    }

    static func compare(_ expected: LoopHabit, _ tracker: Tracker?, _ source: Source, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let tracker else {
            Issue.record("“\(expected.name)” was not imported", sourceLocation: sourceLocation)
            return
        }
        let label = "“\(expected.name)”"
        #expect(tracker.category == "Loop", "\(label) category", sourceLocation: sourceLocation)
        #expect(tracker.schedule == schedule(expected.numerator, expected.denominator), "\(label) schedule", sourceLocation: sourceLocation)
        #expect(tracker.color == .palette(colors[expected.color]), "\(label) colour", sourceLocation: sourceLocation)
        let texts = source.descriptions ? [expected.question, expected.description] : [expected.question]
        let description = texts.filter { !$0.isEmpty }.joined(separator: "\n\n")
        #expect(tracker.description == (description.isEmpty ? nil : description), "\(label) description", sourceLocation: sourceLocation)
        #expect(tracker.isArchived == (source.archived && expected.archived), "\(label) archived", sourceLocation: sourceLocation)
        if expected.numeric && source.types {
            let direction: Measure.Direction = expected.targetType == 1 ? .atMost : .atLeast
            #expect(tracker.measure == Measure(target: expected.targetValue, direction: direction, unit: expected.unit),
                    "\(label) measure", sourceLocation: sourceLocation)
        } else if expected.numeric {
            // The old export has no target: the least amount logged, "at least", no unit.
            let least = expected.entries.map(\.raw).filter { !(-1...3).contains($0) && $0 > 0 }.min().map { Double($0) / 1000 } ?? 1
            #expect(tracker.measure == Measure(target: least), "\(label) guessed target", sourceLocation: sourceLocation)
        } else {
            #expect(tracker.measure == nil, "\(label) has no target", sourceLocation: sourceLocation)
        }
        let reminders = source.reminders ? expected.reminder.map { [ReminderTime(hour: $0[0], minute: $0[1])!] } ?? [] : []
        #expect(tracker.reminders == reminders, "\(label) reminders", sourceLocation: sourceLocation)

        // Every day: YES_MANUAL done, SKIP skipped, an amount; NO, UNKNOWN and YES_AUTO no line.
        var days: [CivilDate: CompletionLog.Entry] = [:]
        var notes: [CivilDate: String] = [:]
        for entry in expected.entries {
            if source.notes, !entry.note.isEmpty { notes[entry.day] = entry.note }
            if expected.numeric {
                switch entry.raw {
                case -1: break
                case 3: days[entry.day] = CompletionLog.Entry(day: entry.day, mark: .skipped)
                default: days[entry.day] = CompletionLog.Entry(day: entry.day, value: .amount(Double(entry.raw) / 1000), measure: tracker.measure)
                }
            } else if entry.raw == 2 {
                days[entry.day] = CompletionLog.Entry(day: entry.day, mark: .done)
            } else if entry.raw == 3 {
                days[entry.day] = CompletionLog.Entry(day: entry.day, mark: .skipped)
            }
        }
        let logged = Dictionary(uniqueKeysWithValues: tracker.log.entries.map { ($0.day, $0) })
        for day in Set(days.keys).union(logged.keys).sorted() where days[day] != logged[day] {
            Issue.record("\(label) on \(day): expected \(days[day].map { "\($0)" } ?? "no line"), imported \(logged[day].map { "\($0)" } ?? "no line")",
                         sourceLocation: sourceLocation)
        }
        #expect(tracker.log.notes == notes, "\(label) notes", sourceLocation: sourceLocation)
        let first = (Array(days.keys) + Array(notes.keys)).min()
        #expect(tracker.start == first, "\(label) starts on its first day", sourceLocation: sourceLocation)
    }

    static func compareAll(_ imported: Imported, _ source: Source, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(imported.trackers.count == expected.habits.count, sourceLocation: sourceLocation)
        for habit in expected.habits { compare(habit, imported.trackers[habit.name], source, sourceLocation: sourceLocation) }
    }

    // MARK: the imports

    @Test func loopCurrentCSV() throws {
        try Self.compareAll(Self.importing(["import", "loop", Self.path("current")]), Source())
    }

    @Test func loopCurrentZip() throws {
        try Self.compareAll(Self.importing(["import", "loop", Self.path("Loop Habits CSV 2025-11-01.zip")]), Source())
    }

    @Test func loopOldCSV() throws {
        let imported = try Self.importing(["import", "loop", Self.path("old")])
        Self.compareAll(imported, Source(notes: false, types: false, archived: false))
        for habit in Self.expected.habits where habit.numeric {
            #expect(imported.output.contains("“\(habit.name)”: the file gives amounts but no target"))
        }
    }

    @Test func loopDatabaseVersion25() throws {
        let imported = try Self.importing(["import", "loop", Self.path("Loop Habits Backup 2025-11-01 093000.db")])
        Self.compareAll(imported, Source(reminders: true))
        #expect(imported.output.contains("“Gym”: the reminder at 18:00 on Mon, Wed, Fri only is imported for every day"))
        #expect(imported.output.contains("“Call Mom”: the reminder at 19:15 on Sun only"))
        #expect(!imported.output.contains("“Meditate”: the reminder"), "a reminder on every day is carried over exactly")
        #expect(imported.output.contains("“Cycle”: Loop's target of 50 km is a total over 7 days"))
    }

    @Test func loopDatabaseVersion22() throws {
        let imported = try Self.importing(["import", "loop", Self.path("Loop Habits Backup v22.db")])
        Self.compareAll(imported, Source(notes: false, reminders: true, descriptions: false))
    }

    @Test func loopDatabaseVersion12() throws {
        let imported = try Self.importing(["import", "loop", Self.path("Loop Habits Backup v12.db")])
        #expect(imported.trackers.count == Self.expected.v12.count)
        for habit in Self.expected.v12 {
            let tracker = try #require(imported.trackers[habit.name])
            #expect(tracker.schedule == Self.schedule(habit.numerator, habit.denominator))
            #expect(tracker.color == .palette(Self.colors[habit.color]), "“\(habit.name)”: the ARGB colour through migrations 14 and 21")
            #expect(tracker.description == (habit.question.isEmpty ? nil : habit.question))
            #expect(tracker.isArchived == habit.archived)
            #expect(tracker.reminders == (habit.reminder.map { [ReminderTime(hour: $0[0], minute: $0[1])!] } ?? []))
            #expect(tracker.measure == nil)
            #expect(tracker.log.entries.map(\.day.description) == habit.days, "“\(habit.name)”: a row is a checked day, once")
            #expect(tracker.log.entries.allSatisfy { $0.mark == .done })
        }
        #expect(Self.expected.v12.last?.name == "Mystery colour" && Self.expected.v12.last?.color == 0,
                "an ARGB colour Loop never had becomes red, as Loop's migration 14 does")
    }

    /// The CSV export and the backup of the same habits give the same trackers, the backup adding
    /// only the reminders.
    @Test func theBackupAndTheExportAgree() throws {
        let csv = try Self.importing(["import", "loop", Self.path("current")])
        let database = try Self.importing(["import", "loop", Self.path("Loop Habits Backup 2025-11-01 093000.db")])
        for (name, tracker) in csv.trackers {
            var fromDatabase = try #require(database.trackers[name])
            fromDatabase.reminders = []
            #expect(fromDatabase == tracker, "“\(name)”")
        }
    }

    @Test func habitctl() throws {
        let imported = try Self.importing(["import", "habitctl", Self.path("habitctl")])
        let expected = Self.expected.habitctl
        #expect(imported.trackers.count == expected.habits.count)
        var first: [String: [CivilDate: String]] = [:]
        var unknown: [String: Int] = [:]
        let names = Set(expected.habits.map { $0[1] })
        for line in expected.entries {
            guard names.contains(line[1]) else { unknown[line[1], default: 0] += 1; continue }
            let day = CivilDate(line[0])!
            if first[line[1]]?[day] == nil { first[line[1], default: [:]][day] = line[2] }
        }
        for pair in expected.habits {
            let (every, name) = (Int(pair[0])!, pair[1])
            let tracker = try #require(imported.trackers[name])
            #expect(tracker.category == "habitctl")
            #expect(tracker.schedule == (every <= 1 ? .daily : .interval(days: every)), "“\(name)”")
            var days: [CivilDate: Mark] = [:]
            for (day, value) in first[name] ?? [:] {
                if value == "y" { days[day] = .done }
                if value == "s" { days[day] = .skipped }
            }
            #expect(Dictionary(uniqueKeysWithValues: tracker.log.entries.map { ($0.day, $0.mark!) }) == days, "“\(name)”: the first line of a day wins")
            #expect(tracker.log.notes.isEmpty)
        }
        #expect(first["Meditated"]?[Self.today] == "s", "the fixture answers the same day twice")
        #expect(imported.output.contains("“Had a headache”: tracking only (frequency 0) has no equal in habit; imported as every day."))
        for (name, count) in unknown {
            #expect(imported.output.contains("\(count == 1 ? "line" : "lines") of the log for “\(name)”"))
        }
        #expect(!unknown.isEmpty)
    }

    // MARK: habit strength against Loop's Scores.csv

    /// Loop's score of each day, from the per-habit Scores.csv of the current export.
    static func loopScores(_ habit: LoopHabit) throws -> [(CivilDate, String)] {
        let text = try String(contentsOf: folder.appendingPathComponent("current/\(habit.folder)/Scores.csv"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { line in
            let parts = line.split(separator: ",")
            return (CivilDate(parts[0])!, String(parts[1]))
        }
    }

    /// Habits whose mapping is exact have Loop's score on every day to 4 decimals, as `habit
    /// show` and `stats` compute it from the directory. Two differ, and say why in the import:
    /// "2 in 3 days" has no equal (5 a week has another frequency), and a numeric habit with a
    /// weekly target (Loop sums the week; habit's target is a day's).
    @Test(arguments: ["current", "Loop Habits Backup 2025-11-01 093000.db"])
    func strengthIsLoops(_ fixture: String) throws {
        let imported = try Self.importing(["import", "loop", Self.path(fixture)])
        var compared = 0
        for habit in Self.expected.habits {
            let tracker = try #require(imported.trackers[habit.name])
            let strength = try #require(HabitStrength(tracker: tracker, through: Self.today, today: Self.today))
            let inexact = habit.numerator * 3 == habit.denominator * 2 || (habit.numeric && habit.denominator > 1)
            var mismatches: [String] = []
            for (day, loop) in try Self.loopScores(habit) {
                let ours = String(format: "%.4f", strength.score(on: day) ?? (tracker.unmarkedIsDone ? 1 : 0))
                if ours != loop { mismatches.append("\(day): habit \(ours), Loop \(loop)") }
                compared += 1
            }
            if inexact {
                #expect(!mismatches.isEmpty, "“\(habit.name)” is imported approximately, so its score differs")
            } else {
                #expect(mismatches.isEmpty, "“\(habit.name)”: \(mismatches.prefix(5).joined(separator: "; "))")
            }
        }
        #expect(compared > 2000)
        // What `habit show` prints: Loop's percentage of today.
        let shown = imported.harness.run(["show", "Meditate"])
        let loop = try #require(Double(try Self.loopScores(Self.expected.habits[0]).first!.1))
        #expect(shown.out.contains("Habit strength   \(Int((loop * 100).rounded()))%"), "\(shown.out)")
    }

    // MARK: the user's file

    /// The backup is opened read-only and immutable: not a byte of it changes, and nothing appears
    /// beside it (no journal, -wal or -shm), even in a folder habit may not write to.
    @Test func theBackupIsNeverWritten() throws {
        let scratch = try ScratchDirectory("loop-db")
        let folder = scratch.sub("backup")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let copy = folder + "/Loop Habits Backup.db"
        try FileManager.default.copyItem(atPath: Self.path("Loop Habits Backup 2025-11-01 093000.db"), toPath: copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder) }
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        let imported = try Self.importing(["import", "loop", copy])
        #expect(imported.trackers.count == Self.expected.habits.count)
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["Loop Habits Backup.db"])
    }

    /// A backup renamed without its .db is still recognised by SQLite's header.
    @Test func aBackupIsKnownByItsHeader() throws {
        let scratch = try ScratchDirectory("loop-db-name")
        let copy = scratch.sub("my backup")
        try FileManager.default.copyItem(atPath: Self.path("Loop Habits Backup v22.db"), toPath: copy)
        let imported = try Self.importing(["import", "loop", copy])
        #expect(imported.trackers.count == Self.expected.habits.count)
    }

    // MARK: the generator

    /// scripts/loop-fixtures writes exactly the committed fixtures (CI has python3).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 writes the fixtures"))
    func theGeneratorWritesTheCommittedFixtures() throws {
        let scratch = try ScratchDirectory("loop-fixtures")
        let script = Self.folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/loop-fixtures").path
        let outcome = try ChildProcess("/usr/bin/python3", [script, "--check"], environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"],
                                       scratch: scratch.path).wait(timeout: 120)
        #expect(outcome.succeeded, "scripts/loop-fixtures --check: \(outcome.err)")
    }
}
