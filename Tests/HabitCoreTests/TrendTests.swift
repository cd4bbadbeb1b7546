import TestSupport
import HabitCore
import Testing

/// Trends (docs/statistics.md, "Trends"): hand-computed cases, then the fast computations against
/// the naive reference day by day on random journals.
@Suite struct TrendTests {
    static let day = StatsFixture.day

    @Test func weeksOfADailyHabit() {
        // Mon 2026-01-05 … Sun 01-18: week one 4 done of 6 due (a skip excused), week two 2 of 3 so far.
        let tracker = StatsFixture.tracker("a", start: "2026-01-05", marks: "xx.sxx.x.x")
        let trend = CompletionTrend(tracker: tracker, today: Self.day("2026-01-15"), period: .week, weekStartsOn: .monday)
        #expect(trend.buckets.map(\.first) == [Self.day("2026-01-05"), Self.day("2026-01-12")])
        #expect(trend.buckets.map(\.done) == [4, 2])
        #expect(trend.buckets.map(\.due) == [6, 3])
        #expect(trend.buckets[1].last == Self.day("2026-01-18"))
        #expect(trend.buckets[0].rate == 4.0 / 6.0)
    }

    @Test func weeksFollowTheFirstDayOfTheWeek() {
        let tracker = StatsFixture.tracker("a", start: "2026-01-05", marks: "xxxxxxx")
        let trend = CompletionTrend(tracker: tracker, today: Self.day("2026-01-11"), period: .week, weekStartsOn: .sunday)
        #expect(trend.buckets.map(\.first) == [Self.day("2026-01-04"), Self.day("2026-01-11")])
        #expect(trend.buckets.map(\.done) == [6, 1])
    }

    @Test func monthsAndYearsAcrossABoundary() {
        // 2026-12-30 … 2027-01-03: done, missed, done, done, today unmarked.
        let tracker = StatsFixture.tracker("a", start: "2026-12-30", marks: "x.xx")
        let months = CompletionTrend(tracker: tracker, today: Self.day("2027-01-03"), period: .month, weekStartsOn: .monday)
        #expect(months.buckets.map(\.first) == [Self.day("2026-12-01"), Self.day("2027-01-01")])
        #expect(months.buckets.map(\.done) == [1, 2])
        #expect(months.buckets.map(\.due) == [2, 2])
        let years = CompletionTrend(tracker: tracker, today: Self.day("2027-01-03"), period: .year, weekStartsOn: .monday)
        #expect(years.buckets.map(\.first) == [Self.day("2026-01-01"), Self.day("2027-01-01")])
        #expect(years.buckets.map(\.last) == [Self.day("2026-12-31"), Self.day("2027-12-31")])
    }

    @Test func theDefaultPeriodFollowsTheAge() {
        let today = Self.day("2026-06-30")
        #expect(TrendPeriod.fitting(from: today.adding(days: -100), through: today) == .week)
        #expect(TrendPeriod.fitting(from: today.adding(days: -26 * 7), through: today) == .month)
        #expect(TrendPeriod.fitting(from: today.adding(days: -700), through: today) == .month)
        #expect(TrendPeriod.fitting(from: today.adding(days: -1200), through: today) == .year)
    }

    @Test func weekdayProfileCountsOffScheduleDonesAndLeavesTodayOutUntilDone() {
        // Mon Wed Fri from Mon 01-05; done Mon, Tue (off schedule), Fri; today Mon 01-12, not done.
        let tracker = StatsFixture.tracker("a", "mon wed fri", start: "2026-01-05", marks: "xx..x")
        let profile = WeekdayProfile(tracker: tracker, today: Self.day("2026-01-12"), weekStartsOn: .monday)
        #expect(profile.entries.map(\.weekday) == Weekday.week(startingOn: .monday))
        #expect(profile.entries.map(\.done) == [1, 1, 0, 0, 1, 0, 0])
        #expect(profile.entries.map(\.days) == [1, 1, 1, 1, 1, 1, 1])
        let done = WeekdayProfile(tracker: StatsFixture.tracker("a", "mon wed fri", start: "2026-01-05", marks: "xx..x..x"),
                                  today: Self.day("2026-01-12"), weekStartsOn: .monday)
        #expect(done.entries[0].done == 2 && done.entries[0].days == 2)
    }

    @Test func overallWeeksOfTwoTrackers() {
        // Week of 01-05: both daily; a: all done; b: done Mon–Wed, missed Thu, done Fri–Sun.
        let a = StatsFixture.tracker("a", start: "2026-01-05", marks: "xxxxxxx")
        let b = StatsFixture.tracker("b", start: "2026-01-05", marks: "xxx.xxx")
        let trend = OverallTrend(trackers: [a, b], today: Self.day("2026-01-13"), weekStartsOn: .monday)
        #expect(trend.weeks.count == 2)
        #expect(trend.weeks[0].perfectDays == 6)
        #expect(trend.weeks[0].done == 13 && trend.weeks[0].due == 14)
        // Monday done by neither, today (Tuesday) in progress: Monday's two due only.
        #expect(trend.weeks[1].days == 2)
        #expect(trend.weeks[1].done == 0 && trend.weeks[1].due == 2)
    }

    @Test func sparklineHeights() {
        var tracker = StatsFixture.tracker("a", start: "2026-01-05", marks: "x.s")
        tracker.measure = nil
        let heights = RecentDays.heights(of: tracker, through: Self.day("2026-01-08"), count: 5)
        #expect(heights == [nil, 1, 0, nil, 0])
        let numeric = Tracker(id: "w", name: "w", category: "c", schedule: .daily, start: Self.day("2026-01-05"),
                              log: CompletionLog([.init(day: Self.day("2026-01-05"), value: .amount(2), measure: Measure(target: 8))]),
                              measure: Measure(target: 8))
        #expect(RecentDays.heights(of: numeric, through: Self.day("2026-01-05"), count: 1) == [0.25])
    }

    @Test(arguments: 0..<3)
    func matchesReference(_ batch: Int) {
        var rng = SeededGenerator(seed: 0x7E4D_0000 + UInt64(batch))
        for round in 0..<60 {
            let s = RandomStatisticsTests.sample(&rng)
            Reference.$vacations.withValue(s.vacations) {
                let label = Comment(rawValue: "batch \(batch) round \(round) today \(s.today)")
                for tracker in s.trackers {
                    let states = { (day: CivilDate) in Reference.state(tracker, on: day, today: s.today) }
                    for period in TrendPeriod.allCases {
                        let trend = CompletionTrend(tracker: tracker, today: s.today, period: period, weekStartsOn: s.weekStartsOn)
                        for bucket in trend.buckets {
                            var done = 0, due = 0
                            for day in stride(from: bucket.first, through: min(bucket.last, s.today), by: 1) {
                                switch states(day) {
                                case .done: done += 1; due += 1
                                case .missed, .forgiven: due += 1
                                default: break
                                }
                            }
                            #expect(bucket.done == done && bucket.due == due, "\(label) \(tracker.id) \(period) \(bucket.first)")
                        }
                        #expect(trend.buckets.last.map { $0.first <= s.today && s.today <= $0.last } ?? false, label)
                    }
                    let heights = RecentDays.heights(of: tracker, through: s.today)
                    #expect(heights.count == RecentDays.count, label)
                    for (offset, height) in heights.enumerated() {
                        let day = s.today.adding(days: offset + 1 - RecentDays.count)
                        let expected: Double? = switch states(day) {
                        case .done, .doneOffSchedule: 1
                        case .missed, .pending, .forgiven:
                            tracker.measure.flatMap { measure in
                                measure.direction == .atLeast ? tracker.log.amount(on: day).map { min(1, $0 / measure.target) } : nil
                            } ?? 0
                        default: nil
                        }
                        #expect(height == expected, "\(label) \(tracker.id) \(day)")
                    }
                    let profile = WeekdayProfile(tracker: tracker, today: s.today, weekStartsOn: s.weekStartsOn)
                    let start = tracker.effectiveStart(today: s.today)
                    for entry in profile.entries {
                        var done = 0, days = 0
                        for day in stride(from: start, through: s.today, by: 1) where day.weekday == entry.weekday {
                            let state = states(day)
                            if day == s.today && !state.isDone { continue }
                            days += 1
                            if state.isDone { done += 1 }
                        }
                        #expect(entry.done == done && entry.days == days, "\(label) \(tracker.id) \(entry.weekday)")
                    }
                }
                let trend = OverallTrend(trackers: s.trackers, today: s.today, weekStartsOn: s.weekStartsOn)
                for week in trend.weeks {
                    var perfect = 0, done = 0, due = 0
                    for day in stride(from: week.first, through: min(week.first.adding(days: 6), s.today), by: 1) {
                        let state = Reference.dayState(s.trackers, on: day, today: s.today)
                        if state == .perfect { perfect += 1 }
                        if state == .inProgress { continue }
                        for tracker in s.trackers {
                            switch Reference.state(tracker, on: day, today: s.today) {
                            case .done: done += 1; due += 1
                            case .missed, .pending: due += 1
                            default: break
                            }
                        }
                    }
                    #expect(week.perfectDays == perfect && week.done == done && week.due == due, "\(label) week \(week.first)")
                }
            }
        }
    }
}
