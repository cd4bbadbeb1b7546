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
    }

    static func sample(_ rng: inout SeededGenerator) -> Sample {
        // Around two leap days and several year boundaries.
        let today = CivilDate(year: 2027, month: 11, day: 1)!.adding(days: Int.random(in: 0..<200, using: &rng))
        var trackers: [Tracker] = []
        for index in 0..<Int.random(in: 0...4, using: &rng) {
            let isEvent = Int.random(in: 0..<4, using: &rng) == 0
            let schedule: Schedule = isEvent
                ? .event
                : .weekly(WeekdaySet(rawValue: UInt8.random(in: 1...127, using: &rng)))
            let start: CivilDate? = Int.random(in: 0..<5, using: &rng) == 0
                ? nil
                : today.adding(days: -Int.random(in: -5...100, using: &rng))
            let logFrom = (start ?? today.adding(days: -90)).adding(days: -Int.random(in: 0...3, using: &rng))
            let logTo = today.adding(days: Int.random(in: -3...3, using: &rng))
            let doneChance = isEvent ? 0.06 : Double.random(in: 0.3...0.95, using: &rng)
            let skipChance = Double.random(in: 0...0.15, using: &rng)
            var entries: [CompletionLog.Entry] = []
            var day = logFrom
            while day <= logTo {
                let roll = Double.random(in: 0..<1, using: &rng)
                if roll < doneChance {
                    entries.append(.init(day: day, mark: .done))
                } else if roll < doneChance + skipChance {
                    entries.append(.init(day: day, mark: .skipped))
                }
                day = day.adding(days: 1)
            }
            let goal: Goal? = Bool.random(using: &rng)
                ? Goal(count: Int.random(in: 1...20, using: &rng), unit: Goal.Unit.allCases.randomElement(using: &rng)!)
                : nil
            trackers.append(Tracker(
                id: "t\(index)", name: "t\(index)", category: "c", schedule: schedule, start: start, goal: goal,
                log: CompletionLog(entries.shuffled(using: &rng))))
        }
        return Sample(
            trackers: trackers, today: today, weekStartsOn: Weekday.allCases.randomElement(using: &rng)!,
            probe: today.adding(days: Int.random(in: -100...20, using: &rng)))
    }

    @Test(arguments: 0..<4)
    func matchesReference(_ batch: Int) {
        var rng = SeededGenerator(seed: 0x5EED_0000 + UInt64(batch))
        var daysSeen = Set<DayState>()
        var trackerDaysSeen = Set<TrackerDayState>()
        var longStreaks = 0
        var goals = 0
        for round in 0..<100 {
            let s = Self.sample(&rng)
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
                #expect(fast.completions == slow.completions, label)
                #expect(fast.completionRate == slow.completionRate, label)
                #expect(fast.goal?.doneDays == slow.goalDone, label)
                #expect(fast.goal?.requiredDays == slow.goalRequired, label)
                #expect(fast.goal?.percent == slow.goalPercent, label)
                #expect(fast.goal?.endDay == slow.goalEnd, label)
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
                let scheduled = s.trackers.filter { $0.isScheduled(on: day, today: s.today) }
                #expect(cell.scheduled == scheduled.count, label)
                #expect(cell.done == scheduled.filter { $0.log.mark(on: day) == .done }.count, label)
                #expect(cell.skipped == scheduled.filter { $0.log.mark(on: day) == .skipped }.count, label)
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
        // The generator must reach every case, or the comparison proves little.
        #expect(daysSeen == Set(DayState.allCases))
        #expect(trackerDaysSeen == Set(TrackerDayState.allCases))
        #expect(longStreaks >= 20 && goals >= 50)
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
