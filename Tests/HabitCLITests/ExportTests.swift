import Foundation
import HabitCore
import HabitKit
import HabitStore
import Testing
import TestSupport

/// `habit export json|csv|loop`, read back by other programs: Python's `json`, `csv` and `zipfile`
/// modules, and habit's own Loop importer.
@Suite struct ExportTests {
    static let today = CivilDate("2026-11-22")!

    /// Runs python3 on `script` with `arguments`; its standard output.
    static func python(_ script: String, _ arguments: [String], scratch: ScratchDirectory) throws -> String {
        let python = try ChildProcess("/usr/bin/python3", ["-c", script] + arguments,
                                      environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], scratch: scratch.path).wait(timeout: 60)
        #expect(python.succeeded, "python3: \(python.err)")
        return python.out
    }

    // MARK: JSON and CSV

    /// A directory with every kind of tracker and day: numeric (at least, at most), skipped days,
    /// notes with commas, quotes and line breaks, a note alone, archived, periodic, interval,
    /// monthly, an event, a vacation, reminders, a goal, colours of both kinds.
    static func writeRichDirectory(_ habit: Harness) throws {
        try FileManager.default.createDirectory(at: habit.directory.appendingPathComponent("trackers"), withIntermediateDirectories: true)
        try habit.write("habit.toml", """
            categories = ["Health", "Home, garden"]
            week_starts_on = "sun"
            day_starts_at = "03:30"

            [[vacation]]
            from = 2026-11-10
            to = 2026-11-12

            """)
        let trackers = [
            "water": """
                name = "Water"
                category = "Health"
                schedule = "daily"
                emoji = "💧"
                color = "blue"
                pinned = true
                start = 2026-11-01
                target = 8
                unit = "glasses"
                remind = ["08:00", "20:30"]

                [log]
                2026-11-01 = 8
                2026-11-02 = 2.5
                2026-11-03 = { amount = 12, note = "hot day, \\"really\\"" }
                2026-11-04 = "skip"
                2026-11-05 = true
                2026-11-06 = { note = "forgot\\nto count" }
                """,
            "cigarettes": """
                name = "Cigarettes"
                category = "Health"
                schedule = "daily"
                color = "#a1b2c3"
                start = 2026-11-01
                target = 2
                target_type = "at_most"

                [log]
                2026-11-02 = 3
                2026-11-03 = 0
                """,
            "run": """
                name = "Morning run"
                category = "Health"
                schedule = ["mon", "wed", "fri"]
                description = "Slow 5 km,\\nthen stretch"
                goal = "3m"
                start = 2026-11-02

                [log]
                2026-11-02 = true
                2026-11-04 = { skip = true, note = "rain" }
                2026-11-06 = { done = true, note = "a \\"good\\" one" }
                """,
            "gym": """
                name = "Gym"
                category = "Health"
                schedule = "3 per week"
                archived = true
                start = 2026-10-01

                [log]
                2026-10-01 = true
                2026-10-02 = true
                2026-10-03 = true
                """,
            "plants": """
                name = "Water the plants"
                category = "Home, garden"
                schedule = "every 2 days"
                color = "green"
                start = 2026-11-01

                [log]
                2026-11-01 = true
                2026-11-05 = true
                """,
            "rent": """
                name = "Pay rent"
                category = "Home, garden"
                schedule = "1 per month"
                start = 2026-09-01

                [log]
                2026-09-03 = true
                2026-10-02 = true
                """,
            "dentist": """
                name = "Book the dentist"
                category = "Health"
                kind = "event"
                start = 2026-11-10

                [log]
                2026-11-12 = true
                """,
        ]
        for (id, text) in trackers { try habit.write("trackers/\(id).toml", text + "\n") }
        #expect(habit.run("check").code == 0)
    }

    /// What the JSON document must say, field by field, and the CSV rows that follow from it by
    /// the documented rule; the script prints every difference.
    static let jsonAndCSVCheck = #"""
        import csv, json, sys
        doc = json.load(open(sys.argv[1], encoding="utf-8"))
        rows = list(csv.reader(open(sys.argv[2], encoding="utf-8", newline="")))
        problems = []
        def same(where, actual, expected):
            if actual != expected or type(actual) is bool and type(expected) is not bool:
                problems.append(f"{where}: {actual!r} != {expected!r}")
        def day(date, mark=None, amount=None, note=None):
            return {"date": date, "mark": mark, "amount": amount, "note": note}
        def tracker(id, name, category, schedule_kind, schedule=None, quota=None, period=None, every_days=None, kind="habit",
                    emoji=None, color=None, pinned=False, archived=False, start=None, description=None, goal=None,
                    target=None, target_type=None, unit=None, remind=[], quit=False, allow=None, log=[]):
            return dict(id=id, name=name, category=category, kind=kind, schedule_kind=schedule_kind, schedule=schedule,
                        quota=quota, period=period, every_days=every_days, emoji=emoji, color=color, pinned=pinned,
                        archived=archived, start=start, description=description, goal=goal, target=target,
                        target_type=target_type, unit=unit, remind=remind, quit=quit, allow=allow, log=log)
        week = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        expected = {
            "version": 1,
            "categories": ["Health", "Home, garden"],
            "settings": {"week_starts_on": "sun", "day_starts_at": "03:30", "autocommit": True,
                         "vacations": [{"from": "2026-11-10", "to": "2026-11-12"}]},
            "trackers": [
                tracker("dentist", "Book the dentist", "Health", "event", kind="event", start="2026-11-10",
                        log=[day("2026-11-12", "done")]),
                tracker("cigarettes", "Cigarettes", "Health", "weekdays", week, color="#a1b2c3", start="2026-11-01",
                        target=2, target_type="at_most",
                        log=[day("2026-11-02", None, 3), day("2026-11-03", "done", 0)]),
                tracker("gym", "Gym", "Health", "periodic", quota=3, period="week", archived=True, start="2026-10-01",
                        log=[day("2026-10-01", "done"), day("2026-10-02", "done"), day("2026-10-03", "done")]),
                tracker("run", "Morning run", "Health", "weekdays", ["mon", "wed", "fri"], start="2026-11-02",
                        description="Slow 5 km,\nthen stretch", goal="3m",
                        log=[day("2026-11-02", "done"), day("2026-11-04", "skipped", note="rain"),
                             day("2026-11-06", "done", note='a "good" one')]),
                tracker("water", "Water", "Health", "weekdays", week, emoji="💧", color="blue", pinned=True,
                        start="2026-11-01", target=8, target_type="at_least", unit="glasses", remind=["08:00", "20:30"],
                        log=[day("2026-11-01", "done", 8), day("2026-11-02", None, 2.5),
                             day("2026-11-03", "done", 12, 'hot day, "really"'), day("2026-11-04", "skipped"),
                             day("2026-11-05", "done"), day("2026-11-06", note="forgot\nto count")]),
                tracker("rent", "Pay rent", "Home, garden", "periodic", quota=1, period="month", start="2026-09-01",
                        log=[day("2026-09-03", "done"), day("2026-10-02", "done")]),
                tracker("plants", "Water the plants", "Home, garden", "interval", every_days=2, color="green",
                        start="2026-11-01", log=[day("2026-11-01", "done"), day("2026-11-05", "done")]),
            ],
        }
        same("top-level keys", list(doc), list(expected))
        for key in ["version", "categories", "settings"]:
            same(key, doc.get(key), expected[key])
        same("tracker count", len(doc["trackers"]), len(expected["trackers"]))
        for actual, wanted in zip(doc["trackers"], expected["trackers"]):
            same(f"{wanted['id']} keys", list(actual), list(wanted))
            for key, value in wanted.items():
                same(f"{wanted['id']}.{key}", actual.get(key), value)

        # The CSV: the header, then one row per day of every tracker, by date then tracker name.
        def value(d):
            if d["amount"] is not None:
                a = d["amount"]
                return str(int(a)) if a == int(a) else repr(a)
            return {"done": "done", "skipped": "skipped", None: ""}[d["mark"]]
        wanted_rows = sorted(
            ([d["date"], t["name"], t["category"], value(d), d["note"] or ""] for t in expected["trackers"] for d in t["log"]),
            key=lambda r: (r[0], r[1].lower()))
        same("csv header", rows[0], ["date", "tracker", "category", "value", "note"])
        same("csv row count", len(rows) - 1, len(wanted_rows))
        for number, (actual, wanted) in enumerate(zip(rows[1:], wanted_rows), start=2):
            same(f"csv line {number}", actual, wanted)
        print("\n".join(problems) if problems else "ok")
        """#

    @Test func jsonAndCSVReadBackWithPython() throws {
        let habit = try Harness(examples: false, now: "2026-11-22T10:00")
        try Self.writeRichDirectory(habit)
        let json = habit.root.appendingPathComponent("all.json").path, csv = habit.root.appendingPathComponent("days.csv").path
        let before = habit.snapshot()
        let written = habit.run(["export", "json", "--output", json])
        #expect(written.code == 0, "\(written.err)")
        #expect(written.out == "Exported 7 trackers (18 days, 4 notes) to \(json).\n")
        #expect(habit.run(["export", "csv", "-o", csv]).code == 0)
        #expect(habit.snapshot() == before, "an export writes nothing into the data directory")
        let scratch = try ScratchDirectory("export")
        #expect(try Self.python(Self.jsonAndCSVCheck, [json, csv], scratch: scratch) == "ok\n")
        // Standard output holds the same bytes as the file.
        #expect(habit.run(["export", "json"]).out == (try String(contentsOfFile: json, encoding: .utf8)))
        #expect(habit.run(["export", "csv"]).out == (try String(contentsOfFile: csv, encoding: .utf8)))
    }

    // MARK: Loop

    /// The trackers of the round trip, made with habit's own commands.
    static func makeTrackersWithCommands(_ habit: Harness) {
        let commands: [[String]] = [
            ["init"],
            ["category", "add", "Health"],
            ["add", "Water", "--category", "Health", "--daily", "--target", "8", "--unit", "glasses", "--start", "2026-10-01",
             "--tracker-color", "blue"],
            ["add", "Cigarettes", "--category", "Health", "--daily", "--target", "2", "--at-most", "--start", "2026-10-01"],
            ["add", "Morning run", "--category", "Health", "--days", "mon,wed,fri", "--start", "2026-10-01",
             "--tracker-color", "orange", "--description", "Slow 5 km, \"easy\"\nthen stretch"],
            ["add", "Gym", "--category", "Health", "--schedule", "3 per week", "--start", "2026-10-01", "--tracker-color", "pink"],
            ["add", "Rent", "--category", "Health", "--schedule", "2 per month", "--start", "2026-10-01", "--tracker-color", "#a1b2c3"],
            ["add", "Plants", "--category", "Health", "--schedule", "every 3 days", "--start", "2026-10-01", "--tracker-color", "gray"],
            ["add", "Café ☕ time!", "--category", "Health", "--daily", "--start", "2026-10-01"],
            ["add", "Dentist", "--category", "Health", "--event", "--start", "2026-11-01", "--tracker-color", "red"],
            ["done", "Water", "--date", "2026-10-02", "--set", "8"],
            ["done", "Water", "--date", "2026-10-03", "--set", "2.5", "--note", "hot, \"very\""],
            ["done", "Water", "--date", "2026-11-20", "--set", "0"],
            ["skip", "Water", "--date", "2026-10-04", "--note", "sick"],
            ["done", "Cigarettes", "--date", "2026-10-05", "--set", "3"],
            ["done", "Cigarettes", "--date", "2026-10-06", "--set", "1.25", "--note", "party"],
            ["skip", "Cigarettes", "--date", "2026-10-07"],
            ["done", "Morning run", "--date", "2026-10-05"],
            ["done", "Morning run", "--date", "2026-10-07", "--note", "line one\nline two"],
            ["skip", "Morning run", "--date", "2026-10-09"],
            ["done", "Morning run", "--date", "2026-11-20"],
            ["done", "Gym", "--date", "2026-10-01"], ["done", "Gym", "--date", "2026-10-02"], ["done", "Gym", "--date", "2026-11-21"],
            ["archive", "Gym"],
            ["done", "Rent", "--date", "2026-10-03"], ["done", "Rent", "--date", "2026-11-03"],
            ["done", "Plants", "--date", "2026-10-01"], ["done", "Plants", "--date", "2026-10-04"], ["skip", "Plants", "--date", "2026-10-07"],
            ["done", "Café ☕ time!", "--date", "2026-11-22", "--note", "a, b"],
            ["done", "Dentist", "--date", "2026-11-15"],
        ]
        for command in commands {
            let outcome = habit.run(command)
            #expect(outcome.code == 0, "habit \(command.joined(separator: " ")): \(outcome.err)")
        }
    }

    static func store(_ habit: Harness) throws -> Store {
        try Habits(directory: DataDirectory(path: habit.directory.path), cache: nil, clock: { 0 }).read()
    }

    /// Equality of two values JSONSerialization gave (NSNumber, NSString, NSArray, NSDictionary, NSNull).
    static func same(_ lhs: Any?, _ rhs: Any?) -> Bool {
        guard let lhs = lhs as? NSObject, let rhs = rhs as? NSObject else { return lhs == nil && rhs == nil }
        return lhs.isEqual(rhs)
    }

    static func exportJSON(_ habit: Harness) throws -> [[String: Any]] {
        let outcome = habit.run(["export", "json"])
        #expect(outcome.code == 0, "\(outcome.err)")
        let document = try JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [String: Any]
        return document?["trackers"] as? [[String: Any]] ?? []
    }

    /// The CSV export (.zip) and the full backup (.db), each imported back.
    @Test(arguments: ["x.zip", "x.db"])
    func loopRoundTripKeepsTrackersAndDays(_ file: String) throws {
        let original = try Harness(examples: false, now: "2026-11-22T10:00")
        Self.makeTrackersWithCommands(original)
        #expect(original.run(["edit", "Water", "--remind", "08:30"]).code == 0)
        // A day with a note alone, as a hand edit writes it.
        let plants = original.file("trackers/plants.toml")
        try original.write("trackers/plants.toml", plants + "2026-10-10 = { note = \"only a note\" }\n")
        #expect(original.run("check").code == 0)
        let zipPath = original.root.appendingPathComponent(file).path
        let exported = original.run(["export", "loop", zipPath])
        #expect(exported.code == 0, "\(exported.err)")
        if file.hasSuffix(".db") {
            // What Loop's LoopDBImporter.canHandle asks of a backup, through Python's sqlite3.
            let scratch = try ScratchDirectory("export-db")
            let answer = try Self.python("""
                import sqlite3, sys
                db = sqlite3.connect(sys.argv[1])
                print(db.execute("pragma integrity_check").fetchone()[0],
                      db.execute("select count(*) from SQLITE_MASTER where name='Habits' or name='Repetitions'").fetchone()[0],
                      db.execute("pragma user_version").fetchone()[0],
                      db.execute("select count(*) from Habits").fetchone()[0])
                """, [zipPath], scratch: scratch)
            #expect(answer == "ok 2 25 8\n", "\(answer)")
        }

        let imported = try Harness(examples: false, now: "2026-11-22T10:00")
        #expect(imported.run("init").code == 0)
        let outcome = imported.run(["import", "loop", zipPath])
        #expect(outcome.code == 0, "\(outcome.out)\(outcome.err)")

        let before = try Self.exportJSON(original), after = try Self.exportJSON(imported)
        #expect(before.count == 8 && after.count == 8)
        for tracker in before {
            let name = tracker["name"] as? String ?? ""
            guard let back = after.first(where: { $0["name"] as? String == name }) else {
                Issue.record("“\(name)” did not come back")
                continue
            }
            // Schedules that Loop holds exactly come back; fixed weekdays as so many a week, an event as daily.
            let scheduleKeys = ["schedule_kind", "schedule", "quota", "period", "every_days"]
            var schedule = scheduleKeys.map { tracker[$0] }
            if name == "Morning run" { schedule = ["periodic", NSNull(), 3, "week", NSNull()] }
            if name == "Dentist" { schedule = ["weekdays", ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], NSNull(), NSNull(), NSNull()] }
            for (key, value) in zip(scheduleKeys, schedule) {
                #expect(Self.same(back[key], value), "\(name).\(key): \(back[key] ?? "nil") vs \(value ?? "nil")")
            }
            for key in ["target", "target_type", "unit", "archived", "description", "log"] {
                #expect(Self.same(back[key], tracker[key]), "\(name).\(key): \(back[key] ?? "nil") vs \(tracker[key] ?? "nil")")
            }
            // Palette names come back as themselves, no colour as Loop's default; #RRGGBB as it is
            // from the CSV, as the nearest of Loop's colours from the backup (which holds an index).
            var color = tracker["color"] is NSNull ? "teal" : tracker["color"]
            if file.hasSuffix(".db"), name == "Rent" { color = "gray" }
            #expect(Self.same(back["color"], color), "\(name).color: \(back["color"] ?? "nil")")
            // Only the backup holds a reminder time.
            let remind: [String] = file.hasSuffix(".db") ? (tracker["remind"] as? [String] ?? []) : []
            #expect(Self.same(back["remind"], remind), "\(name).remind: \(back["remind"] ?? "nil")")
        }
    }

    /// The zip read by Python's zipfile: entry names in Loop's order, and every score.
    static let zipDump = #"""
        import csv, io, json, sys, zipfile
        archive = zipfile.ZipFile(sys.argv[1])
        assert archive.testzip() is None
        names = [info.filename for info in archive.infolist()]
        def table(name):
            return list(csv.reader(io.StringIO(archive.read(name).decode("utf-8"), newline="")))
        print(json.dumps({
            "names": names,
            "directories": [info.filename for info in archive.infolist() if info.is_dir()],
            "habits": table("Habits.csv"),
            "scores": {name: table(name) for name in names if name.endswith("/Scores.csv")},
            "checkmarks": {name: table(name) for name in names if name.endswith("/Checkmarks.csv")},
            "rootScores": archive.read("Scores.csv").decode("utf-8").split("\n"),
        }))
        """#

    @Test func loopZipHasLoopsEntriesAndHabitsStrength() throws {
        let habit = try Harness(examples: false, now: "2026-11-22T10:00")
        Self.makeTrackersWithCommands(habit)
        let zipPath = habit.root.appendingPathComponent("x.zip").path
        #expect(habit.run(["export", "loop", zipPath]).code == 0)
        let scratch = try ScratchDirectory("export-zip")
        let dump = try JSONSerialization.jsonObject(with: Data(try Self.python(Self.zipDump, [zipPath], scratch: scratch).utf8)) as? [String: Any] ?? [:]

        let folders = ["001 Caf  time", "002 Cigarettes", "003 Dentist", "004 Gym", "005 Morning run", "006 Plants", "007 Rent", "008 Water"]
        let names = ["Habits.csv"] + folders.flatMap { ["\($0)/Scores.csv", "\($0)/Checkmarks.csv"] } + ["Scores.csv", "Checkmarks.csv"]
        #expect(dump["names"] as? [String] == names)
        #expect((dump["directories"] as? [String])?.isEmpty == true)

        let habits = dump["habits"] as? [[String]] ?? []
        #expect(habits.first == ["Position", "Name", "Type", "Question", "Description", "FrequencyNumerator", "FrequencyDenominator",
                                 "Color", "Unit", "Target Type", "Target Value", "Archived?"])
        #expect(habits.dropFirst().map { Array($0[0...2]) + Array($0[5...]) } == [
            ["001", "Café ☕ time!", "YES_NO", "1", "1", "#00897B", "", "", "", "false"],
            ["002", "Cigarettes", "NUMERICAL", "1", "1", "#00897B", "", "AT_MOST", "2.0", "false"],
            ["003", "Dentist", "YES_NO", "1", "1", "#D32F2F", "", "", "", "false"],
            ["004", "Gym", "YES_NO", "3", "7", "#D81B60", "", "", "", "true"],
            ["005", "Morning run", "YES_NO", "3", "7", "#F57C00", "", "", "", "false"],
            ["006", "Plants", "YES_NO", "1", "3", "#757575", "", "", "", "false"],
            ["007", "Rent", "YES_NO", "2", "30", "#a1b2c3", "", "", "", "false"],
            ["008", "Water", "NUMERICAL", "1", "1", "#1976D2", "glasses", "AT_LEAST", "8.0", "false"],
        ])
        let checkmarks = dump["checkmarks"] as? [String: [[String]]] ?? [:]
        #expect(checkmarks["008 Water/Checkmarks.csv"] == [
            ["Date", "Value", "Notes"], ["2026-11-20", "NO", ""], ["2026-10-04", "SKIP", "sick"],
            ["2026-10-03", "2500", "hot, \"very\""], ["2026-10-02", "8000", ""],
        ])
        #expect(checkmarks["005 Morning run/Checkmarks.csv"] == [
            ["Date", "Value", "Notes"], ["2026-11-20", "YES_MANUAL", ""], ["2026-10-09", "SKIP", ""],
            ["2026-10-07", "YES_MANUAL", "line one\nline two"], ["2026-10-05", "YES_MANUAL", ""],
        ])

        // Every score is habit's strength of that day, to Loop's four decimals, from today back.
        let store = try Self.store(habit)
        let scores = dump["scores"] as? [String: [[String]]] ?? [:]
        let ordered = store.journal.trackers.sorted { TrackerName.key($0.name) < TrackerName.key($1.name) }
        for (folder, tracker) in zip(folders, ordered) {
            var scored = tracker
            if scored.isEvent { scored.schedule = .daily }
            let strength = try #require(HabitStrength(tracker: scored, through: Self.today, today: Self.today))
            let rows = scores["\(folder)/Scores.csv"] ?? []
            #expect(rows.first == ["Date", "Score"])
            let oldest = min(tracker.log.entries.first?.day ?? Self.today, Self.today)
            #expect(rows.count - 1 == Self.today.days(since: oldest) + 1, "\(folder): one row a day from today to the oldest entry")
            for (offset, row) in rows.dropFirst().enumerated() {
                let day = Self.today.adding(days: -offset)
                #expect(row[0] == day.description)
                let expected = strength.score(on: day) ?? 0
                #expect(row[1].count == 6 && abs((Double(row[1]) ?? -1) - expected) <= 0.00005 + 1e-12, "\(folder) \(row[0]): \(row[1]) vs \(expected)")
            }
        }
        let root = dump["rootScores"] as? [String] ?? []
        #expect(root.first == "Date," + ordered.map { $0.name + "," }.joined())
        #expect(root.last == "", "every line ends in a line break")
    }
}
