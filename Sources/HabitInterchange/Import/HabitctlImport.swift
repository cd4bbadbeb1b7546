import HabitCore

/// habitctl's `habits` and `log` files (blinry/habitctl, `~/.habitctl`): `N Name` habits (done at
/// least once every N days; 0 tracks only) and a tab-separated `date<TAB>name<TAB>y|n|s` log. A
/// line habitctl itself would stop at (it panics on them) is reported where it is. See
/// docs/import-export.md.
enum HabitctlImport {
    static func plan(_ files: ImportFiles, category: String, today: CivilDate, root: String) throws(InterchangeError) -> ImportPlan {
        guard let habitsBytes = files.read("habits") else { throw .fileMissing(path: root, file: "habits") }
        let habitsFile = files.display("habits")
        var plan = ImportPlan()
        for (number, rawLine) in HarshImport.lines(habitsBytes).enumerated() {
            let line = number + 1
            // habitctl skips empty lines and those that begin with `#`; it trims the others.
            if rawLine.isEmpty || rawLine.hasPrefix("#") { continue }
            let indent = rawLine.prefix(while: \.isWhitespace).count
            let text = HarshImport.trimmed(rawLine)
            guard let space = text.firstIndex(of: " ") else { throw HarshImport.malformed(habitsFile, line, indent + 1, .badLine) }
            let days = String(text[..<space])
            let name = String(text[text.index(after: space)...])
            guard let every = Int(days), days.allSatisfy({ $0.isASCII }) else {
                throw HarshImport.malformed(habitsFile, line, indent + 1, .badFrequency(days))
            }
            guard !name.isEmpty else { throw HarshImport.malformed(habitsFile, line, indent + 1, .badLine) }
            var tracker = Tracker(id: "", name: name, category: category, schedule: .daily)
            if every <= 0 {
                plan.losses.append(.trackingOnly(tracker: name, chosen: .daily))
            } else {
                let (schedule, exact) = ForeignSchedule.schedule(1, every)
                tracker.schedule = schedule
                if !exact { plan.losses.append(.frequency(tracker: name, numerator: 1, denominator: every, chosen: schedule)) }
            }
            plan.trackers.append(tracker)
        }

        // The log: the first line for a day and a name wins, as habitctl looks entries up.
        var marks: [String: [CivilDate: Mark]] = [:]
        var seen: [String: Set<CivilDate>] = [:]
        var unknown: [String: Int] = [:]
        var unknownOrder: [String] = []
        let known = Set(plan.trackers.map(\.name))
        if let logBytes = files.read("log") {
            let logFile = files.display("log")
            for (number, rawLine) in HarshImport.lines(logBytes).enumerated() {
                let line = number + 1
                if rawLine.isEmpty { continue }
                let parts = rawLine.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard parts.count >= 3 else { throw HarshImport.malformed(logFile, line, 1, .badLine) }
                guard let day = date(parts[0]) else { throw HarshImport.malformed(logFile, line, 1, .badDate(parts[0])) }
                let name = parts[1]
                guard known.contains(name) else {
                    if unknown[name] == nil { unknownOrder.append(name) }
                    unknown[name, default: 0] += 1
                    continue
                }
                guard seen[name, default: []].insert(day).inserted else { continue }
                // Anything but `y` and `s` counts as not done, which is a day without a line here.
                switch parts[2] {
                case "y": marks[name, default: [:]][day] = .done
                case "s": marks[name, default: [:]][day] = .skipped
                default: break
                }
            }
        }
        for name in unknownOrder { plan.losses.append(.unknownName(name, lines: unknown[name] ?? 0)) }
        for index in plan.trackers.indices {
            let log = marks[plan.trackers[index].name] ?? [:]
            plan.trackers[index].log = CompletionLog(log.map { CompletionLog.Entry(day: $0.key, mark: $0.value) })
        }
        plan.finish(today: today)
        return plan
    }

    /// `YYYY-MM-DD` as chrono's `%Y-%m-%d` reads it: the month and day may have one digit.
    static func date(_ text: String) -> CivilDate? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              parts[1].count <= 2, parts[2].count <= 2, parts[0].count == 4,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }
}
