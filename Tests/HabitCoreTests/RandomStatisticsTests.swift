import TestSupport
import HabitCore
import Testing

/// The fast statistics against the naive reference (ReferenceStatistics.swift) on random journals.
@Suite struct RandomStatisticsTests {
    struct Sample {
        var trackers: [Tracker]
        var today: CivilDate
        var weekStartsOn: Weekday
        /// A day whose month, week and year are compared.
        var probe: CivilDate
        var vacations: [Vacation]
    }

    static func sample(_ rng: inout SeededGenerator) -> Sample {
        // Around two leap days and several year boundaries.
        let today = CivilDate(year: 2027, month: 11, day: 1)!.adding(days: Int.random(in: 0..<200, using: &rng))
        var trackers: [Tracker] = []
        for index in 0..<Int.random(in: 0...4, using: &rng) {
            var schedule: Schedule
            switch Int.random(in: 0..<8, using: &rng) {
            case 0, 1: schedule = .event
            case 2: schedule = .periodic(count: Int.random(in: 1...7, using: &rng), period: .week)
            case 3: schedule = .periodic(count: Int.random(in: 1...31, using: &rng), period: .month)
            case 4: schedule = .interval(days: Int.random(in: 1...9, using: &rng))
            default: schedule = .weekly(WeekdaySet(rawValue: UInt8.random(in: 1...127, using: &rng)))
            }
            let isEvent = schedule.isEvent
            // Numeric habits to build and to reduce, with totals around the target.
            var measure: Measure? = nil
            if !isEvent, Int.random(in: 0..<3, using: &rng) == 0 {
                measure = Bool.random(using: &rng)
                    ? Measure(target: Double(Int.random(in: 1...8, using: &rng)), direction: .atLeast, unit: "glasses")
                    : Measure(target: Double(Int.random(in: 0...3, using: &rng)), direction: .atMost)
            }
            // Habits to quit: daily, kept unless slipped.
            let isQuit = measure == nil && schedule.weekdays != nil && Int.random(in: 0..<4, using: &rng) == 0
            if isQuit { schedule = .daily }
            let slipChance = isQuit ? Double.random(in: 0.02...0.3, using: &rng) : 0
            // Forgiven misses on any kind of tracker (events and periodic ones ignore them).
            let allowance: Allowance? = Int.random(in: 0..<3, using: &rng) == 0
                ? Allowance(count: Int.random(in: 1...3, using: &rng), period: Bool.random(using: &rng) ? .week : .month)
                : nil
            let start: CivilDate? = Int.random(in: 0..<5, using: &rng) == 0
                ? nil
                : today.adding(days: -Int.random(in: -5...100, using: &rng))
            let logFrom = (start ?? today.adding(days: -90)).adding(days: -Int.random(in: 0...3, using: &rng))
            let logTo = today.adding(days: Int.random(in: -3...3, using: &rng))
            let doneChance = isEvent ? 0.06 : isQuit ? Double.random(in: 0...0.1, using: &rng) : Double.random(in: 0.2...0.95, using: &rng)
            let skipChance = Double.random(in: 0...0.15, using: &rng)
            var entries: [CompletionLog.Entry] = []
            var notes: [CivilDate: String] = [:]
            var day = logFrom
            while day <= logTo {
                let roll = Double.random(in: 0..<1, using: &rng)
                if roll < doneChance {
                    if let measure, Int.random(in: 0..<6, using: &rng) > 0 {
                        let total = Double(Int.random(in: 0...Int(measure.target * 2 + 2), using: &rng))
                        entries.append(.init(day: day, value: .amount(total), measure: measure))
                    } else {
                        entries.append(.init(day: day, mark: .done))
                    }
                } else if roll < doneChance + skipChance {
                    entries.append(.init(day: day, mark: .skipped))
                } else if roll < doneChance + skipChance + slipChance {
                    entries.append(.init(day: day, mark: .slipped))
                }
                if Int.random(in: 0..<20, using: &rng) == 0 { notes[day] = "note" }
                day = day.adding(days: 1)
            }
            let goal: Goal? = Bool.random(using: &rng)
                ? Goal(count: Int.random(in: 1...20, using: &rng), unit: Goal.Unit.allCases.randomElement(using: &rng)!)
                : nil
            trackers.append(Tracker(
                id: "t\(index)", name: "t\(index)", category: "c", schedule: schedule, start: start, goal: goal,
                log: CompletionLog(entries.shuffled(using: &rng), notes: notes), measure: measure, isQuit: isQuit,
                allowance: allowance))
        }
        var vacations: [Vacation] = []
        for _ in 0..<Int.random(in: 0...2, using: &rng) {
            let from = today.adding(days: Int.random(in: -120...10, using: &rng))
            vacations.append(Vacation(from: from, to: from.adding(days: Int.random(in: 0...12, using: &rng))))
        }
        let weekStartsOn = Weekday.allCases.randomElement(using: &rng)!
        let journal = Journal(settings: Settings(weekStartsOn: weekStartsOn, vacations: vacations), trackers: trackers)
        return Sample(
            trackers: journal.trackers, today: today, weekStartsOn: weekStartsOn,
            probe: today.adding(days: Int.random(in: -100...20, using: &rng)), vacations: vacations)
    }

    @Test(arguments: 0..<4)
    func matchesReference(_ batch: Int) {
        var rng = SeededGenerator(seed: 0x5EED_0000 + UInt64(batch))
        var daysSeen = Set<DayState>()
        var trackerDaysSeen = Set<TrackerDayState>()
        var longStreaks = 0
        var goals = 0
        var periodsSeen = Set<PeriodState>()
        var kindsSeen = Set<String>()
        for round in 0..<100 {
            let s = Self.sample(&rng)
            Reference.$vacations.withValue(s.vacations) {
            let label = Comment(rawValue: "batch \(batch) round \(round) today \(s.today)")

            let fast = OverallStatistics(trackers: s.trackers, today: s.today)
            let slow = Reference.overall(s.trackers, today: s.today)
            #expect(fast.bestStreak == slow.bestStreak, label)
            #expect(fast.currentStreak == slow.currentStreak, label)
            #expect(fast.perfectDays == slow.perfectDays, label)
            #expect(fast.trackersCompleted == slow.trackersCompleted, label)
            #expect(fast.firstScheduledDay == slow.firstScheduledDay, label)
            #expect(fast.trackedDays == slow.trackedDays, label)
            #expect(fast.average == slow.average, label)

            for tracker in s.trackers {
                let fast = TrackerProgress(tracker: tracker, today: s.today)
                let slow = Reference.progress(tracker, today: s.today)
                #expect(fast.currentStreak == slow.currentStreak, label)
                #expect(fast.bestStreak == slow.bestStreak, label)
                #expect(fast.doneDays == slow.doneDays, label)
                #expect(fast.skippedDays == slow.skippedDays, label)
                #expect(fast.missedDays == slow.missedDays, label)
                #expect(fast.forgivenDays == slow.forgivenDays, label)
                #expect(fast.quit == slow.quit, label)
                #expect(fast.completions == slow.completions, label)
                #expect(fast.metPeriods == slow.metPeriods, label)
                #expect(fast.missedPeriods == slow.missedPeriods, label)
                #expect(fast.completionRate == slow.completionRate, label)
                #expect(fast.goal?.doneDays == slow.goalDone, label)
                #expect(fast.goal?.requiredDays == slow.goalRequired, label)
                #expect(fast.goal?.percent == slow.goalPercent, label)
                #expect(fast.goal?.endDay == slow.goalEnd, label)
            }

            for tracker in s.trackers {
                switch tracker.schedule {
                case .weekly: kindsSeen.insert("weekdays")
                case .event: kindsSeen.insert("event")
                case .periodic: kindsSeen.insert("periodic")
                case .interval: kindsSeen.insert("interval")
                }
                if let measure = tracker.measure { kindsSeen.insert(measure.direction.rawValue) }
                if tracker.isQuit { kindsSeen.insert("quit") }
                if tracker.isQuit, (Reference.progress(tracker, today: s.today).quit?.slips ?? 0) > 0 { kindsSeen.insert("slips") }
                if tracker.allowance != nil { kindsSeen.insert("allow") }
                if case .periodic = tracker.schedule {
                    periodsSeen.insert(Reference.period(tracker, containing: s.probe, today: s.today).state)
                    periodsSeen.insert(Reference.period(tracker, containing: s.today, today: s.today).state)
                }
            }

            // Month calendars, overall and per tracker.
            if fast.bestStreak >= 3 { longStreaks += 1 }
            goals += s.trackers.filter { $0.goal != nil }.count
            let month = MonthCalendar(trackers: s.trackers, containing: s.probe, today: s.today, weekStartsOn: s.weekStartsOn)
            daysSeen.formUnion(month.cells.map(\.state))
            let days = Array(stride(from: month.firstDay, through: month.lastDay, by: 1))
            #expect(month.cells.map(\.day) == days, label)
            #expect(month.cells.map(\.state) == days.map { Reference.dayState(s.trackers, on: $0, today: s.today) }, label)
            #expect(month.cells.map(\.runLength)
                == Reference.overallRunLengths(s.trackers, from: month.firstDay, through: month.lastDay, today: s.today), label)
            for (cell, day) in zip(month.cells, days) where day <= s.today {
                let states = s.trackers.map { Reference.state($0, on: day, today: s.today) }
                #expect(cell.scheduled == states.filter(\.isExpected).count, label)
                #expect(cell.done == states.filter { $0 == .done }.count, label)
                #expect(cell.skipped == states.filter { $0 == .skipped || $0 == .forgiven }.count, label)
            }
            // The day view and habit strength of each tracker.
            for tracker in s.trackers {
                for day in [s.probe, s.today, s.today.adding(days: -1)] where day <= s.today {
                    #expect(tracker.status(on: day, today: s.today).mark == Reference.shownMark(tracker, on: day, today: s.today), label)
                    #expect(tracker.isScheduled(on: day, today: s.today) == Reference.state(tracker, on: day, today: s.today).isExpected, label)
                }
                let scores = HabitStrength(tracker: tracker, through: s.today, today: s.today)?.scores
                let expected = Reference.strength(tracker, today: s.today)
                #expect(scores?.count == expected?.count, label)
                if let scores, let expected {
                    #expect(zip(scores, expected).allSatisfy { abs($0 - $1) < 1e-9 }, label)
                }
            }
            for tracker in s.trackers {
                let calendar = MonthCalendar(tracker: tracker, containing: s.probe, today: s.today)
                trackerDaysSeen.formUnion(calendar.cells.map(\.state))
                #expect(calendar.cells.map(\.state) == days.map { Reference.state(tracker, on: $0, today: s.today) }, label)
                #expect(calendar.cells.map(\.runLength)
                    == Reference.trackerRunLengths(tracker, from: month.firstDay, through: month.lastDay, today: s.today),
                    label)
            }

            // The week grid.
            let grid = WeekGrid(trackers: s.trackers, containing: s.probe, today: s.today, weekStartsOn: s.weekStartsOn)
            #expect(grid.days.count == 7 && grid.days.first?.weekday == s.weekStartsOn, label)
            #expect(grid.days.contains(s.probe), label)
            for (row, tracker) in zip(grid.rows, s.trackers) {
                #expect(row.cells.map(\.state) == grid.days.map { Reference.state(tracker, on: $0, today: s.today) }, label)
            }
            #expect(grid.summary.map(\.state) == grid.days.map { Reference.dayState(s.trackers, on: $0, today: s.today) },
                    label)
            }
        }
        // The generator must reach every case, or the comparison proves little.
        #expect(daysSeen == Set(DayState.allCases))
        #expect(trackerDaysSeen == Set(TrackerDayState.allCases))
        #expect(longStreaks >= 10 && goals >= 50)
        #expect(periodsSeen.isSuperset(of: [.met, .missed, .excused, .inProgress]), "periods reached")
        #expect(kindsSeen == ["weekdays", "event", "periodic", "interval", "at_least", "at_most", "quit", "slips", "allow"],
                "kinds reached")
    }

    /// The three-arity schedule test: a state from every tracker's perspective is reproducible
    /// between walks that start on different days (runs entering a range are counted from the start).
    @Test func rangesAgreeWithWholeHistory() {
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<50 {
            let s = Self.sample(&rng)
            for tracker in s.trackers {
                let start = min(tracker.effectiveStart(today: s.today), s.probe)
                let whole = TrackerDay.days(of: tracker, from: start, through: s.today.adding(days: 5), today: s.today)
                let part = TrackerDay.days(of: tracker, from: s.probe, through: s.today.adding(days: 5), today: s.today)
                #expect(Array(whole.suffix(part.count)) == part)
            }
        }
    }
}
