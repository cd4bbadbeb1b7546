import HabitCore
import Testing

/// 100 trackers × 10 years (≈ 300 000 log entries). The bound is loose so the test also passes
/// in debug builds; the release timing is printed.
@Suite struct StatisticsPerformanceTests {
    static func bigJournal(today: CivilDate) -> [Tracker] {
        var rng = SeededGenerator(seed: 7)
        let start = today.adding(days: -3652)
        return (0..<100).map { index in
            var entries: [CompletionLog.Entry] = []
            entries.reserveCapacity(3700)
            var day = start
            while day <= today {
                let roll = UInt8.random(in: 0..<100, using: &rng)
                if roll < 82 { entries.append(.init(day: day, mark: .done)) } else if roll < 85 {
                    entries.append(.init(day: day, mark: .skipped))
                }
                day = day.adding(days: 1)
            }
            let schedule: Schedule = index % 10 == 9 ? .weekly(WeekdaySet([.monday, .wednesday, .friday])) : .daily
            return Tracker(id: "t\(index)", name: "t\(index)", category: "c", schedule: schedule, start: start,
                           goal: Goal(count: 5, unit: .months), log: CompletionLog(entries))
        }
    }

    @Test func hundredTrackersTenYears() {
        let today = CivilDate(year: 2036, month: 6, day: 15)!
        let trackers = Self.bigJournal(today: today)
        let entries = trackers.reduce(0) { $0 + $1.log.entries.count }
        #expect(entries > 290_000)
        // The best of ten runs of each, so a cold first call does not dominate.
        func best(_ body: () -> Void) -> Duration {
            (0..<10).map { _ in ContinuousClock().measure(body) }.min()!
        }
        var stats = OverallStatistics()
        let overall = best { stats = OverallStatistics(trackers: trackers, today: today) }
        var progress: [TrackerProgress] = []
        let perTracker = best { progress = trackers.map { TrackerProgress(tracker: $0, today: today) } }
        var heatmap = YearHeatmap<DaySummary>(year: 0, weekStartsOn: .monday, cells: [])
        let year = best { heatmap = YearHeatmap(trackers: trackers, year: 2036, today: today) }
        print("statistics over \(entries) entries: overall \(overall), 100 × TrackerProgress \(perTracker), year heatmap \(year)")
        #expect(stats.trackersCompleted > 0 && progress.count == 100 && heatmap.cells.count == 366)
        #expect(overall < .seconds(2))
    }
}
