import HabitCore
import Testing

/// The day counts behind `stats`, `cal` and the trend count a habit on weekdays or an event
/// without walking it day by day: a daily habit's marks are counted with no weekday at all, a
/// habit on some weekdays by a day's offset from the first day counted. Every set of weekdays,
/// events, numeric totals, marks before the start, off the weekdays and after today, and ranges
/// that start before, at and after the start, against the naive reference (ReferenceStatistics.swift).
@Suite struct DayCountsTests {
    static let today = CivilDate(year: 2026, month: 11, day: 22)!

    /// A log from ten days before `start` to three days after today: done, skipped, unmarked and,
    /// for a numeric habit, totals above and below the target, in a pattern that differs by `seed`.
    static func log(from start: CivilDate, seed: Int, measure: Measure?) -> CompletionLog {
        var entries: [CompletionLog.Entry] = []
        var day = start.adding(days: -10)
        var index = seed
        while day <= today.adding(days: 3) {
            switch (index * 7 + seed) % 6 {
            case 0: entries.append(.init(day: day, mark: .skipped))
            case 1, 2: entries.append(.init(day: day, mark: .done))
            case 3 where measure != nil: entries.append(.init(day: day, value: .amount(Double(index % 3)), measure: measure))
            case 4: entries.append(.init(day: day, mark: .slipped))
            default: break
            }
            day = day.adding(days: 1)
            index += 1
        }
        return CompletionLog(entries)
    }

    static var trackers: [Tracker] {
        var trackers: [Tracker] = []
        for mask in UInt8(1)...127 {
            let start = today.adding(days: -40 - Int(mask) % 11)
            let measure = mask % 4 == 0 ? Measure(target: 2, direction: .atLeast, unit: "glasses") : nil
            trackers.append(Tracker(
                id: "w\(mask)", name: "w\(mask)", category: "c", schedule: .weekly(WeekdaySet(rawValue: mask)), start: start,
                log: log(from: start, seed: Int(mask), measure: measure), measure: measure))
        }
        let start = today.adding(days: -30)
        let done = CompletionLog([.init(day: start.adding(days: 12), mark: .done), .init(day: start.adding(days: 20), mark: .done),
                                  .init(day: start.adding(days: 3), mark: .skipped), .init(day: start.adding(days: -2), mark: .done)])
        let open = CompletionLog([.init(day: start.adding(days: 3), mark: .skipped), .init(day: start.adding(days: -2), mark: .done)])
        trackers.append(Tracker(id: "done", name: "done", category: "c", schedule: .event, start: start, log: done))
        trackers.append(Tracker(id: "open", name: "open", category: "c", schedule: .event, start: start, log: open))
        // No start: the first logged day (or today) is.
        trackers.append(Tracker(id: "unstarted", name: "unstarted", category: "c", schedule: .daily,
                                log: log(from: today.adding(days: -20), seed: 3, measure: nil)))
        return trackers
    }

    @Test(arguments: trackers.map(\.id))
    func countsEachDayAsTheReference(_ id: String) throws {
        let tracker = try #require(Self.trackers.first { $0.id == id })
        let start = tracker.effectiveStart(today: Self.today)
        // Ranges before, at and after the start (a window of the backwards count), into the future.
        let ranges = [(start.adding(days: -9), Self.today), (start, Self.today.adding(days: 2)),
                      (start.adding(days: 5), Self.today.adding(days: -3)), (Self.today.adding(days: -6), Self.today)]
        for (from, through) in ranges {
            // Alone, and after a daily habit that starts earlier, so the range's first day and the
            // tracker's differ in weekday.
            let early = Tracker(id: "early", name: "early", category: "c", schedule: .daily, start: from.adding(days: -4))
            for trackers in [[tracker], [early, tracker]] {
                let days = DaySummary.days(of: trackers, from: from, through: through, today: Self.today)
                #expect(days.map(\.day) == Array(stride(from: from, through: through, by: 1)))
                for summary in days where summary.day <= Self.today {
                    let states = trackers.map { Reference.state($0, on: summary.day, today: Self.today) }
                    let label = Comment(rawValue: "\(tracker.id) \(from)…\(through) on \(summary.day) with \(trackers.count)")
                    #expect(summary.scheduled == states.filter(\.isExpected).count, label)
                    #expect(summary.done == states.filter { $0 == .done }.count, label)
                    #expect(summary.skipped == states.filter { $0 == .skipped || $0 == .forgiven }.count, label)
                    #expect(summary.state == Reference.dayState(trackers, on: summary.day, today: Self.today), label)
                }
            }
        }
    }

    /// Every figure of the statistics screen over all of these trackers together.
    @Test func overallStatisticsAsTheReference() {
        let trackers = Self.trackers
        let fast = OverallStatistics(trackers: trackers, today: Self.today)
        let slow = Reference.overall(trackers, today: Self.today)
        #expect(fast.bestStreak == slow.bestStreak)
        #expect(fast.currentStreak == slow.currentStreak)
        #expect(fast.perfectDays == slow.perfectDays)
        #expect(fast.trackersCompleted == slow.trackersCompleted)
        #expect(fast.trackedDays == slow.trackedDays)
        // Each habit alone, so that perfect days and runs are not all broken by one tracker.
        for tracker in trackers {
            let fast = OverallStatistics(trackers: [tracker], today: Self.today)
            let slow = Reference.overall([tracker], today: Self.today)
            #expect(fast.bestStreak == slow.bestStreak, "\(tracker.id)")
            #expect(fast.currentStreak == slow.currentStreak, "\(tracker.id)")
            #expect(fast.perfectDays == slow.perfectDays, "\(tracker.id)")
        }
    }
}
