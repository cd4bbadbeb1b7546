import HabitCore

/// `habit export loop`: Loop Habit Tracker's CSV export as Loop v2.3.1 and later write it
/// (uhabits-core `HabitsCSVExporter`): `Habits.csv`, a folder `NNN Name/` per habit with its
/// `Scores.csv` and `Checkmarks.csv`, and the wide `Scores.csv` and `Checkmarks.csv` at the root,
/// in that order, in a .zip without folder entries. Only the days habit holds are written (done,
/// skipped, amounts, notes): Loop's YES_AUTO days are its own inference from the frequency, which
/// Loop computes again and importers drop, so writing them would only invent data. See
/// docs/cli.md, "habit export loop".
enum ExportLoop {
    static let habitsHeader = ["Position", "Name", "Type", "Question", "Description", "FrequencyNumerator", "FrequencyDenominator",
                               "Color", "Unit", "Target Type", "Target Value", "Archived?"]

    /// Palette names as Loop colours that `LoopPalette` reads back as the same name.
    static let colors: [PaletteColor: String] = [
        .red: "#D32F2F", .orange: "#F57C00", .yellow: "#F9A825", .green: "#388E3C", .teal: "#00897B",
        .blue: "#1976D2", .purple: "#8E24AA", .pink: "#D81B60", .gray: "#757575",
    ]
    /// The colour Loop gives a new habit (palette index 8), for trackers without one.
    static let defaultColor = "#00897B"

    /// One tracker as Loop holds it.
    struct Habit {
        var tracker: Tracker
        var folder: String
        /// Loop's schedule for it: fixed weekdays become a number a week, an event a daily habit.
        var schedule: Schedule
        /// Each written day's value as Loop formats it, and its note.
        var days: [CivilDate: (value: String, note: String)]
        var strength: HabitStrength?

        /// Loop's `Score` of a day: habit's strength, 0 outside the days it covers (as Loop's
        /// `ScoreList.get`).
        func score(on day: CivilDate) -> Double {
            strength?.score(on: day) ?? 0
        }
    }

    static func result(trackers: [Tracker], today: CivilDate) throws(ZipProblem) -> ExportResult {
        let habits = trackers.enumerated().map { habit($1, position: $0 + 1, today: today) }

        var zip = ZipWriter(year: today.year, month: today.month, day: today.day)
        try zip.add("Habits.csv", Array(habitsFile(habits).utf8))
        for habit in habits {
            let oldest = min(habit.days.keys.min() ?? today, today)
            var scores = CSVLine.line(["Date", "Score"])
            for day in stride(from: today, through: oldest, by: -1) {
                scores += CSVLine.line([day.description, fixed4(habit.score(on: day))])
            }
            var checkmarks = CSVLine.line(["Date", "Value", "Notes"])
            for (day, written) in habit.days.sorted(by: { $0.key > $1.key }) {
                checkmarks += CSVLine.line([day.description, written.value, written.note])
            }
            try zip.add(habit.folder + "/Scores.csv", Array(scores.utf8))
            try zip.add(habit.folder + "/Checkmarks.csv", Array(checkmarks.utf8))
        }
        // The wide files are written by hand in Loop: no quoting, a comma after every cell.
        let header = "Date," + habits.map { $0.tracker.name + "," }.joined() + "\n"
        var scores = header, checkmarks = header
        if let oldest = habits.compactMap({ $0.days.keys.min() }).min() {
            for day in stride(from: today, through: min(oldest, today), by: -1) {
                scores += day.description + "," + habits.map { fixed4($0.score(on: day)) + "," }.joined() + "\n"
                checkmarks += day.description + "," + habits.map { ($0.days[day]?.value ?? "UNKNOWN") + "," }.joined() + "\n"
            }
        }
        try zip.add("Scores.csv", Array(scores.utf8))
        try zip.add("Checkmarks.csv", Array(checkmarks.utf8))
        return ExportResult(bytes: zip.bytes(), trackers: 0, days: 0, notes: 0, losses: losses(trackers, habits))
    }

    /// What Loop's format cannot hold of these trackers (the CSV export and the backup alike).
    static func losses(_ trackers: [Tracker], _ habits: [Habit]) -> [ExportLoss] {
        var losses: [ExportLoss] = []
        for (tracker, habit) in zip(trackers, habits) {
            if case .weekly(let days) = tracker.schedule, days != .all {
                losses.append(.fixedWeekdays(tracker: tracker.name, schedule: tracker.schedule, written: habit.schedule))
            }
            if tracker.isEvent { losses.append(.event(tracker: tracker.name)) }
            if tracker.isQuit { losses.append(.quit(tracker: tracker.name)) }
            if tracker.allowance != nil { losses.append(.allowance(tracker: tracker.name)) }
        }
        let colorless = trackers.filter { $0.color == nil }.map(\.name)
        if !colorless.isEmpty { losses.append(.defaultColor(trackers: colorless)) }
        return losses
    }

    /// The `#RRGGBB` Loop is given for a tracker's colour.
    static func hex(_ color: TrackerColor?) -> String {
        switch color {
        case .palette(let name)?: colors[name] ?? defaultColor
        case .rgb?: color?.description ?? defaultColor
        case nil: defaultColor
        }
    }

    /// A quit habit as Loop can hold it: "at most 0 slips a day", a slip a total of 1 (Loop counts
    /// a day without a value of an AT_MOST habit as kept, as habit does).
    static func loopShape(_ tracker: Tracker) -> Tracker {
        guard tracker.isQuit else { return tracker }
        var shaped = tracker
        let measure = Measure(target: 0, direction: .atMost, unit: "slips")
        shaped.isQuit = false
        shaped.measure = measure
        let entries = tracker.log.entries.map { entry in
            entry.mark == .slipped ? CompletionLog.Entry(day: entry.day, value: .amount(1), measure: measure) : entry
        }
        shaped.log = CompletionLog(sortedUnique: entries, notes: tracker.log.notes)
        return shaped
    }

    static func habit(_ tracker: Tracker, position: Int, today: CivilDate) -> Habit {
        let tracker = loopShape(tracker)
        var schedule = tracker.schedule
        switch schedule {
        case .event: schedule = .daily
        case .weekly(let days) where days != .all: schedule = .periodic(count: days.days.count, period: .week)
        default: break
        }
        var days: [CivilDate: (value: String, note: String)] = [:]
        for day in ExportJSON.days(tracker.log) {
            let note = day.note ?? ""
            let value: String?
            if let measure = tracker.measure {
                if day.entry?.mark == .skipped {
                    value = "SKIP"
                } else if let amount = day.entry?.amount {
                    value = formatted(Int((amount * 1000).rounded()))
                } else if day.entry?.mark == .done {
                    // Loop has no "done" for a numeric habit: the target is a total that meets it.
                    value = formatted(Int((measure.target * 1000).rounded()))
                } else {
                    value = "UNKNOWN"
                }
            } else {
                switch day.entry?.mark {
                case .done: value = "YES_MANUAL"
                case .skipped: value = "SKIP"
                case .slipped, nil: value = note.isEmpty ? nil : "NO"
                }
            }
            if let value { days[day.date] = (value, note) }
        }
        // An event has no strength in habit; Loop scores it as the daily habit it is written as.
        var scored = tracker
        if tracker.isEvent { scored.schedule = .daily }
        return Habit(tracker: tracker, folder: folder(tracker.name, position: position), schedule: schedule, days: days,
                     strength: HabitStrength(tracker: scored, through: today, today: today))
    }

    static func habitsFile(_ habits: [Habit]) -> String {
        var text = CSVLine.line(habitsHeader)
        for (index, habit) in habits.enumerated() {
            let tracker = habit.tracker
            let frequency = habit.schedule.frequency ?? (1, 1)
            let color = hex(tracker.color)
            let measure = tracker.measure
            text += CSVLine.line([
                position(index + 1), tracker.name, measure == nil ? "YES_NO" : "NUMERICAL", "", tracker.description ?? "",
                String(frequency.numerator), String(frequency.denominator), color, measure.map { $0.unit ?? "" } ?? "",
                measure.map { $0.direction == .atMost ? "AT_MOST" : "AT_LEAST" } ?? "", measure.map { kotlinDouble($0.target) } ?? "",
                tracker.isArchived ? "true" : "false",
            ])
        }
        return text
    }

    /// `String.format("%03d %s", position, sanitized).trim()`, where the name keeps only
    /// `[ a-zA-Z0-9._-]` and at most 100 characters.
    static func folder(_ name: String, position: Int) -> String {
        let kept = name.unicodeScalars.filter { scalar in
            scalar == " " || scalar == "." || scalar == "_" || scalar == "-"
                || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        let sanitized = String(String.UnicodeScalarView(kept.prefix(100)))
        let joined = self.position(position) + " " + sanitized
        // Kotlin's trim() drops characters up to the space at both ends; only spaces are left here.
        return String(joined.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }

    /// `%03d`
    static func position(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }

    /// `Entry.formattedValue`: the five names for -1…3, else the raw number.
    static func formatted(_ raw: Int) -> String {
        switch raw {
        case -1: "UNKNOWN"
        case 0: "NO"
        case 1: "YES_AUTO"
        case 2: "YES_MANUAL"
        case 3: "SKIP"
        default: String(raw)
        }
    }

    /// `String.format(Locale.US, "%.4f", value)` for a score in 0…1.
    static func fixed4(_ value: Double) -> String {
        let units = Int((max(0, value) * 10_000).rounded())
        let fraction = String(units % 10_000)
        return String(units / 10_000) + "." + String(repeating: "0", count: 4 - fraction.count) + fraction
    }

    /// Kotlin's `Double.toString()`: "2.0", "0.5", "1500.0"; scientific ("1.0E7", "5.0E-4") from
    /// 10⁷ up and below 10⁻³.
    static func kotlinDouble(_ value: Double) -> String {
        guard value.isFinite, value != 0 else { return value == 0 ? "0.0" : String(value) }
        let magnitude = abs(value)
        let sign = value < 0 ? "-" : ""
        if magnitude >= 1e-3 && magnitude < 1e7 {
            let text = String(magnitude)
            return sign + (text.contains(".") ? text : text + ".0")
        }
        // The shortest digits that read back as the value, and the exponent of the first one.
        let text = String(magnitude)
        var digits = "", exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            digits = text[..<e].filter { $0 != "." }
            exponent = Int(text[text.index(after: e)...]) ?? 0
        } else {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            let whole = String(parts[0]), fraction = parts.count > 1 ? String(parts[1]) : ""
            if whole != "0" {
                digits = whole + fraction
                exponent = whole.count - 1
            } else {
                let zeros = fraction.prefix { $0 == "0" }.count
                digits = String(fraction.dropFirst(zeros))
                exponent = -(zeros + 1)
            }
        }
        while digits.count > 1, digits.last == "0" { digits.removeLast() }
        let first = digits.prefix(1), rest = digits.dropFirst()
        return sign + first + "." + (rest.isEmpty ? "0" : rest) + "E" + String(exponent)
    }
}
