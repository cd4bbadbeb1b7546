import HabitCore
import Testing

/// Month calendar, week grid and year heatmap models. 2026-01-05 is a Monday.
@Suite struct CalendarTests {
    let day = StatsFixture.day

    /// a: daily; b: Mon/Wed/Fri; c: an event started and done on Thursday. Today is Friday 9th.
    var january: [Tracker] {
        [
            StatsFixture.tracker("a", start: "2026-01-05", marks: "xxs.x"),
            StatsFixture.tracker("b", "mon wed fri", start: "2026-01-05", marks: "x.s.."),
            StatsFixture.tracker("c", "event", start: "2026-01-08", marks: "x"),
        ]
    }

    @Test func monthCalendarForAllTrackers() {
        let calendar = MonthCalendar(trackers: january, containing: day("2026-01-20"), today: day("2026-01-09"))
        #expect(calendar.year == 2026 && calendar.month == 1)
        #expect(calendar.cells.count == 31)
        #expect(calendar.firstDay == day("2026-01-01") && calendar.lastDay == day("2026-01-31"))
        #expect(calendar.leadingBlanks == 3)  // Thursday the 1st, weeks from Monday
        #expect(calendar.weeks.count == 5)
        #expect(calendar.weeks[0].prefix(3).allSatisfy { $0 == nil })
        #expect(calendar.weeks[0][3]?.day == day("2026-01-01"))

        let states = calendar.cells.map(\.state)
        #expect(states[0..<4].allSatisfy { $0 == .nothingScheduled })
        #expect(states[4] == .perfect)  // Mon: a and b done
        #expect(states[5] == .perfect)  // Tue: only a due, done
        #expect(states[6] == .excused)  // Wed: a and b skipped
        #expect(states[7] == .partial)  // Thu: a not done, c done
        #expect(states[8] == .inProgress)  // Fri (today): a done, b not yet
        #expect(states[9...].allSatisfy { $0 == .future })

        #expect(calendar.cells.map(\.runLength)[4..<9] == [1, 2, 0, 0, 0])
        #expect(calendar.cells[5].continuesRun)
        let friday = calendar.cells[8]
        #expect((friday.scheduled, friday.done, friday.skipped, friday.due) == (2, 1, 0, 2))
        #expect(friday.level == 2)
        let wednesday = calendar.cells[6]
        #expect((wednesday.scheduled, wednesday.skipped, wednesday.level) == (2, 2, 0))
        #expect(calendar.cell(on: day("2026-01-05"))?.state == .perfect)
        #expect(calendar.cell(on: day("2026-02-01")) == nil)
    }

    @Test func monthCalendarWeekStartingSunday() {
        let calendar = MonthCalendar(trackers: january, containing: day("2026-01-01"), today: day("2026-01-09"),
                                     weekStartsOn: .sunday)
        #expect(calendar.leadingBlanks == 4)
        #expect(calendar.weekdays.first == .sunday)
        #expect(calendar.weeks.allSatisfy { $0.count == 7 })
        #expect(calendar.weeks.flatMap { $0 }.compactMap { $0 }.count == 31)
    }

    @Test func monthCalendarForOneTrackerShowsRuns() {
        let tracker = StatsFixture.tracker("a", start: "2026-01-05", marks: "xxsx.x")
        let calendar = MonthCalendar(tracker: tracker, containing: day("2026-01-11"), today: day("2026-01-11"))
        let states = calendar.cells.map(\.state)
        #expect(states[0..<4].allSatisfy { $0 == .notScheduled })
        #expect(Array(states[4..<11]) == [.done, .done, .skipped, .done, .missed, .done, .pending])
        #expect(states[11...].allSatisfy { $0 == .future })
        #expect(Array(calendar.cells.map(\.runLength)[4..<11]) == [1, 2, 0, 3, 0, 1, 0])
        #expect(calendar.cells[7].continuesRun)  // Thursday continues over the skipped Wednesday
        #expect(!calendar.cells[9].continuesRun)  // Saturday starts again after Friday's miss
    }

    @Test func runsContinueAcrossMonths() {
        let tracker = StatsFixture.tracker("a", start: "2026-01-30", marks: "xxxx")
        let february = MonthCalendar(tracker: tracker, containing: day("2026-02-10"), today: day("2026-02-02"))
        #expect(february.cells[0].runLength == 3)
        #expect(february.cells[1].runLength == 4)
        let overall = MonthCalendar(trackers: [tracker], containing: day("2026-02-10"), today: day("2026-02-02"))
        #expect(overall.cells[0].runLength == 3)
        #expect(overall.cells[1].runLength == 4)
    }

    @Test func offScheduleDoneAndEventDays() {
        let habit = StatsFixture.tracker("a", "mon wed fri", start: "2026-01-05", marks: "xx")
        let cells = MonthCalendar(tracker: habit, containing: day("2026-01-05"), today: day("2026-01-07")).cells
        #expect(cells[4].state == .done && cells[5].state == .doneOffSchedule && cells[6].state == .pending)
        #expect(cells[5].runLength == 0 && cells[5].level == 4)

        let event = StatsFixture.tracker("e", "event", start: "2026-01-05", marks: "..x")
        let eventCells = MonthCalendar(tracker: event, containing: day("2026-01-05"), today: day("2026-01-09")).cells
        #expect(Array(eventCells[4..<9].map(\.state)) == [.missed, .missed, .done, .notScheduled, .notScheduled])
    }

    @Test func weekGridAcrossTheYearBoundary() {
        let trackers = [
            StatsFixture.tracker("a", start: "2026-12-30", marks: "xx.x"),
            StatsFixture.tracker("b", "event", start: "2026-12-31"),
        ]
        let today = day("2027-01-02")  // Saturday
        let grid = WeekGrid(trackers: trackers, containing: day("2027-01-01"), today: today, weekStartsOn: .sunday)
        #expect(grid.days.first == day("2026-12-27") && grid.days.last == day("2027-01-02"))
        #expect(grid.rows.map(\.trackerID) == ["a", "b"])
        #expect(grid.rows[0].cells.map(\.state) == [
            .notScheduled, .notScheduled, .notScheduled, .done, .done, .missed, .done,
        ])
        #expect(grid.rows[0].cells.map(\.runLength) == [0, 0, 0, 1, 2, 0, 1])
        #expect(grid.rows[1].cells.map(\.state) == [
            .notScheduled, .notScheduled, .notScheduled, .notScheduled, .missed, .missed, .pending,
        ])
        #expect(grid.summary.map(\.state) == [
            .nothingScheduled, .nothingScheduled, .nothingScheduled, .perfect, .partial, .missed, .inProgress,
        ])

        let mondayGrid = WeekGrid(
            journal: Journal(settings: Settings(weekStartsOn: .monday), trackers: trackers),
            containing: day("2027-01-01"), today: today)
        #expect(mondayGrid.days.first == day("2026-12-28"))
        #expect(mondayGrid.rows[0].cells.last?.state == .future)
        #expect(mondayGrid.summary.last?.state == .future)
    }

    @Test func weekGridForATrackerCreatedMidWeek() {
        let trackers = [
            StatsFixture.tracker("a", start: "2026-01-05", marks: "xxxx"),
            StatsFixture.tracker("b", start: "2026-01-08", marks: "x"),
        ]
        let grid = WeekGrid(trackers: trackers, containing: day("2026-01-08"), today: day("2026-01-08"))
        #expect(grid.rows[1].cells.map(\.state) == [
            .notScheduled, .notScheduled, .notScheduled, .done, .future, .future, .future,
        ])
        #expect(grid.summary.prefix(4).map(\.state) == [.perfect, .perfect, .perfect, .perfect])
        #expect(WeekGrid.weekStart(containing: day("2026-01-11"), weekStartsOn: .monday) == day("2026-01-05"))
        #expect(WeekGrid.weekStart(containing: day("2026-01-11"), weekStartsOn: .sunday) == day("2026-01-11"))
        #expect(WeekGrid.weekStart(containing: day("2026-01-10"), weekStartsOn: .sunday) == day("2026-01-04"))
    }

    @Test func yearHeatmapOfALeapYear() {
        let tracker = StatsFixture.tracker("a", start: "2028-02-28", marks: "xxx")
        let today = day("2028-03-01")
        let heatmap = YearHeatmap(tracker: tracker, year: 2028, today: today)
        #expect(heatmap.cells.count == 366)
        #expect(heatmap.leadingBlanks == 5)  // 2028-01-01 is a Saturday
        #expect(heatmap.weeks.count == 53)
        let leapDay = heatmap.cell(on: day("2028-02-29"))
        #expect(leapDay?.state == .done && leapDay?.runLength == 2 && leapDay?.level == 4)
        #expect(heatmap.cell(on: day("2028-03-02"))?.state == .future)
        #expect(heatmap.cell(on: day("2027-12-31")) == nil)

        let overall = YearHeatmap(journal: Journal(trackers: [tracker]), year: 2028, today: today)
        #expect(overall.cells.count == 366)
        #expect(overall.cells.filter { $0.state == .perfect }.count == 3)
        #expect(overall.cell(on: day("2028-03-01"))?.runLength == 3)
        #expect(YearHeatmap(trackers: [], year: 2027, today: today).cells.count == 365)
    }

    @Test func heatmapLevels() {
        // Four daily trackers from Monday 2026-01-05; the 12th has everything skipped.
        let trackers = [
            StatsFixture.tracker("a", start: "2026-01-05", marks: "..xxxxss"),
            StatsFixture.tracker("b", start: "2026-01-05", marks: "...xxs.s"),
            StatsFixture.tracker("c", start: "2026-01-05", marks: "....xxxs"),
            StatsFixture.tracker("d", start: "2026-01-05", marks: ".x...x.s"),
        ]
        let heatmap = YearHeatmap(trackers: trackers, year: 2026, today: day("2026-01-31"))
        let levels = (4..<11).map { heatmap.cells[$0].level }
        // 5th: 0 of 4 done; 6th, 7th: 1 of 4; 8th: 2 of 4; 9th: 3 of 4; 10th: 3 of 3 (one skipped);
        // 11th: 1 of 3 (one skipped), a share of exactly ⅓.
        #expect(levels == [0, 1, 1, 2, 3, 4, 2])
        #expect(heatmap.cells[11].state == .excused && heatmap.cells[11].level == 0)
        #expect(heatmap.cells[0].level == 0 && heatmap.cells[0].state == .nothingScheduled)
    }

    @Test func emptyData() {
        let today = day("2026-01-09")
        let calendar = MonthCalendar(trackers: [], containing: today, today: today)
        #expect(calendar.cells.prefix(9).allSatisfy { $0.state == .nothingScheduled })
        #expect(calendar.cells.dropFirst(9).allSatisfy { $0.state == .future })
        let grid = WeekGrid(trackers: [], containing: today, today: today)
        #expect(grid.rows.isEmpty && grid.summary.count == 7)
    }
}
