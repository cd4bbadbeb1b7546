import HabitCore

/// harsh's `habits` and `log` files (wakatara/harsh): `! Heading` lines become categories,
/// `Name: freq[: end date]` habits, `date : name : y|n|s[ : comment[ : amount]]` the log. See
/// docs/import-export.md.
enum HarshImport {
    static func plan(_ files: ImportFiles, category: String, today: CivilDate, root: String) throws(InterchangeError) -> ImportPlan {
        guard let habitsBytes = files.read("habits") else { throw .fileMissing(path: root, file: "habits") }
        let habitsFile = files.display("habits")
        var plan = ImportPlan()
        var heading = category
        var endDates: [Int: CivilDate] = [:]
        for (number, rawLine) in lines(habitsBytes).enumerated() {
            let line = number + 1
            if rawLine.isEmpty || rawLine.hasPrefix("#") { continue }
            if rawLine.hasPrefix("!") {
                guard let range = rawLine.firstRange(of: "! ") else { throw malformed(habitsFile, line, 1, .badLine) }
                let text = String(rawLine[range.upperBound...])
                let end = text.firstRange(of: "! ").map { text[..<$0.lowerBound] } ?? text[...]
                heading = trimmed(String(end))
                if heading.isEmpty { heading = category }
                continue
            }
            let parts = rawLine.split(separator: ": ", omittingEmptySubsequences: false).map(String.init)
            guard parts.count >= 2 else { throw malformed(habitsFile, line, 1, .badLine) }
            let name = trimmed(parts[0]), frequency = trimmed(parts[1])
            guard !name.isEmpty, !frequency.isEmpty else { throw malformed(habitsFile, line, 1, .badLine) }
            let column = parts[0].count + 3
            guard let (target, interval) = parseFrequency(frequency) else { throw malformed(habitsFile, line, column, .badFrequency(frequency)) }
            var tracker = Tracker(id: "", name: name, category: heading, schedule: .daily)
            if parts.count >= 3, !trimmed(parts[2]).isEmpty {
                let text = trimmed(parts[2])
                guard text.count == 10, let end = CivilDate(text) else {
                    throw malformed(habitsFile, line, parts[0].count + parts[1].count + 5, .badDate(text))
                }
                tracker.isArchived = end <= today
                endDates[plan.trackers.count] = end
            }
            if target == 0 {
                plan.losses.append(.trackingOnly(tracker: name, chosen: .daily))
            } else {
                let (schedule, exact) = ForeignSchedule.schedule(target, interval)
                tracker.schedule = schedule
                if !exact { plan.losses.append(.frequency(tracker: name, numerator: target, denominator: interval, chosen: schedule)) }
            }
            plan.trackers.append(tracker)
        }
        for (index, date) in endDates.sorted(by: { $0.key < $1.key }) {
            plan.losses.append(.endDate(tracker: plan.trackers[index].name, date: date))
        }

        // The log: a later line for the same day and name wins, as in harsh.
        var days: [String: [CivilDate: (mark: String, comment: String, amount: Double?)]] = [:]
        var unknown: [String: Int] = [:]
        var unknownOrder: [String] = []
        let known = Set(plan.trackers.map(\.name))
        if let logBytes = files.read("log") {
            let logFile = files.display("log")
            for (number, rawLine) in lines(logBytes).enumerated() {
                let line = number + 1
                if rawLine.isEmpty || rawLine.hasPrefix("#") { continue }
                let parts = rawLine.split(separator: " : ", omittingEmptySubsequences: false).map(String.init)
                guard parts.count >= 3, parts.count <= 5 else { throw malformed(logFile, line, 1, .badLine) }
                guard parts[0].count == 10, let day = CivilDate(parts[0]) else { throw malformed(logFile, line, 1, .badDate(parts[0])) }
                let name = parts[1]
                let mark = trimmed(parts[2])
                let markColumn = parts[0].count + parts[1].count + 7
                guard ["y", "n", "s"].contains(mark) else { throw malformed(logFile, line, markColumn, .badValue(mark)) }
                var amount: Double?
                if parts.count == 5, !parts[4].isEmpty {
                    guard let value = Double(parts[4]), value >= 0 else {
                        throw malformed(logFile, line, rawLine.count - parts[4].count + 1, .badNumber(parts[4]))
                    }
                    amount = value
                }
                guard known.contains(name) else {
                    if unknown[name] == nil { unknownOrder.append(name) }
                    unknown[name, default: 0] += 1
                    continue
                }
                days[name, default: [:]][day] = (mark, parts.count >= 4 ? trimmed(parts[3]) : "", amount)
            }
        }
        for name in unknownOrder { plan.losses.append(.unknownName(name, lines: unknown[name] ?? 0)) }

        for index in plan.trackers.indices {
            let name = plan.trackers[index].name
            let log = days[name] ?? [:]
            // harsh has amounts but no targets: a habit with an amount above 0 on a done day becomes
            // numeric, with the least such amount as its target, so that every "y" day stays done.
            if let target = log.values.filter({ $0.mark == "y" }).compactMap(\.amount).filter({ $0 > 0 }).min() {
                plan.trackers[index].measure = Measure(target: target)
                plan.losses.append(.guessedTarget(tracker: name, target: target))
            }
            let measure = plan.trackers[index].measure
            var entries: [CompletionLog.Entry] = []
            var notes: [CivilDate: String] = [:]
            for (day, value) in log {
                if !value.comment.isEmpty { notes[day] = value.comment }
                switch value.mark {
                case "y":
                    if measure != nil, let amount = value.amount, amount > 0 {
                        entries.append(CompletionLog.Entry(day: day, value: .amount(amount), measure: measure))
                    } else {
                        entries.append(CompletionLog.Entry(day: day, mark: .done))
                    }
                case "s": entries.append(CompletionLog.Entry(day: day, mark: .skipped))
                default: break  // "n": a day not done is a day without a line
                }
            }
            plan.trackers[index].log = CompletionLog(entries, notes: notes)
        }
        plan.finish(today: today)
        return plan
    }

    /// `N`, `Nw`, `T/I`: (target, interval in days); nil when harsh itself would refuse it.
    static func parseFrequency(_ text: String) -> (Int, Int)? {
        func days(_ part: Substring) -> Int? {
            var digits = trimmed(String(part))
            var factor = 1
            if digits.hasSuffix("w") { digits.removeLast(); factor = 7 }
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int(digits), value >= 0 else { return nil }
            return value * factor
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 1 {
            guard let interval = days(parts[0]) else { return nil }
            return interval == 0 ? (0, 1) : (1, interval)
        }
        guard let target = days(parts[0]), let interval = days(parts[1]), interval > 0, target <= interval else { return nil }
        return (target, interval)
    }

    static func lines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
    }

    static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    static func malformed(_ file: String, _ line: Int, _ column: Int, _ problem: ImportProblem) -> InterchangeError {
        .malformed(ImportProblemAt(file: file, line: line, column: column, problem: problem))
    }
}
