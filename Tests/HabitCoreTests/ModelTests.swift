import Testing
@testable import HabitCore

@Suite struct CivilDateTests {
    @Test(arguments: [
        ("1970-01-01", 0), ("2026-11-21", 20_778), ("2000-02-29", 11_016), ("1969-12-31", -1),
    ])
    func roundTripsThroughDayNumber(text: String, dayNumber: Int) throws {
        let date = try #require(CivilDate(text))
        #expect(date.dayNumber == dayNumber)
        #expect(date.description == text)
        #expect(CivilDate(dayNumber: dayNumber) == date)
    }

    @Test(arguments: ["2026-02-29", "2026-02-30", "2026-13-01", "2026-00-10", "2026-1-1", "20261121", "2026-11-2x",
                            "2026/11/21", " 2026-11-2", "+026-11-21", "2026-11-21 ", "２０２６-11-21", "2026-1\u{0}-21"])
    func rejectsImpossibleDays(text: String) {
        #expect(CivilDate(text) == nil)
    }

    @Test func readsSubstringsAndBridgedText() throws {
        let line = "x 2026-11-21 = true"
        let slice = line.dropFirst(2).prefix(10)
        #expect(try #require(CivilDate(slice)).dayNumber == 20_778)
        #expect(try #require(CivilDate(Substring("1969-12-31"))).dayNumber == -1)
        #expect(CivilDate(line.dropFirst(2).prefix(9)) == nil)
    }

    @Test func logEntriesKeepDayMarkAndAmountIn12Bytes() {
        var entry = CompletionLog.Entry(day: CivilDate(dayNumber: -719_468), mark: .skipped, amount: 2.5)
        #expect(entry.day.description == "0000-03-01" && entry.mark == .skipped && entry.amount == 2.5)
        entry.mark = nil
        entry.amount = nil
        entry.day = CivilDate(dayNumber: 2_932_896)
        #expect(entry.mark == nil && entry.amount == nil && entry.day.description == "9999-12-31")
        #expect(entry == CompletionLog.Entry(day: CivilDate(dayNumber: 2_932_896), mark: nil))
        entry.amount = 0
        entry.mark = .done
        #expect(entry.amount == 0 && entry.mark == .done)
        #expect(entry != CompletionLog.Entry(day: entry.day, mark: .done))
        #expect(Set([entry, entry]).count == 1)
        #expect(MemoryLayout<CompletionLog.Entry>.stride == 12)
        // The amount's bits are stored in two words, compared as the Double they make.
        let negative = CompletionLog.Entry(day: CivilDate(dayNumber: -1), mark: nil, amount: -1234.5678)
        #expect(negative.amount == -1234.5678 && negative.day.dayNumber == -1 && negative.mark == nil)
        let minusZero = CompletionLog.Entry(day: entry.day, mark: .done, amount: -0.0)
        #expect(minusZero == entry && Set([minusZero, entry]).count == 1)
        #expect(CompletionLog.Entry(doneOnDayNumber: -719_468) == CompletionLog.Entry(day: CivilDate(dayNumber: -719_468), mark: .done))
    }

    @Test func knowsWeekdays() throws {
        #expect(try #require(CivilDate("2026-11-21")).weekday == .saturday)
        #expect(try #require(CivilDate("2028-02-29")).weekday == .tuesday)
        #expect(try #require(CivilDate("1969-12-29")).weekday == .monday)
    }

    @Test func addsMonthsClampingToMonthLength() throws {
        let jan31 = try #require(CivilDate("2026-01-31"))
        #expect(jan31.adding(months: 1).description == "2026-02-28")
        #expect(jan31.adding(months: 13).description == "2027-02-28")
        #expect(try #require(CivilDate("2028-01-31")).adding(months: 1).description == "2028-02-29")
        #expect(try #require(CivilDate("2026-11-15")).adding(months: -11).description == "2025-12-15")
    }

    @Test func walksEveryDayOfFourHundredYearsConsistently() {
        var expected = CivilDate(year: 1900, month: 1, day: 1)!.dayNumber
        for year in 1900..<2300 {
            for month in 1...12 {
                for day in 1...CivilDate.daysIn(month: month, year: year) {
                    let date = CivilDate(year: year, month: month, day: day)!
                    #expect(date.dayNumber == expected)
                    expected += 1
                }
            }
        }
    }
}

@Suite struct ScheduleTests {
    let today = CivilDate("2026-11-21")!  // a Saturday

    @Test func habitIsDueOnItsWeekdaysFromItsStart() {
        let run = Tracker(
            id: "run", name: "Run", category: "Health",
            schedule: .weekly(WeekdaySet([.monday, .wednesday, .friday])), start: CivilDate("2026-11-04")!)
        #expect(!run.isScheduled(on: CivilDate("2026-11-02")!, today: today), "a Monday before the start")
        #expect(run.isScheduled(on: CivilDate("2026-11-04")!, today: today))
        #expect(!run.isScheduled(on: CivilDate("2026-11-05")!, today: today), "a Thursday")
        #expect(run.isScheduled(on: CivilDate("2026-11-20")!, today: today))
    }

    @Test func eventIsDueUntilTheDayItIsDone() {
        var event = Tracker(id: "dentist", name: "Dentist", category: "Health", schedule: .event, start: CivilDate("2026-11-10")!)
        #expect(event.isScheduled(on: CivilDate("2026-11-25")!, today: today), "an open event stays due")
        event.log.set(.done, on: CivilDate("2026-11-12")!)
        #expect(event.isScheduled(on: CivilDate("2026-11-12")!, today: today))
        #expect(!event.isScheduled(on: CivilDate("2026-11-13")!, today: today))
        #expect(!event.isScheduled(on: CivilDate("2026-11-09")!, today: today))
    }

    @Test func refusesFutureUnscheduledAndEarlyDays() {
        let run = Tracker(
            id: "run", name: "Run", category: "Health",
            schedule: .weekly(WeekdaySet([.monday])), start: CivilDate("2026-11-09")!)
        #expect(run.markingRefusal(on: CivilDate("2026-11-23")!, today: today) == .future)
        #expect(run.markingRefusal(on: CivilDate("2026-11-02")!, today: today) == .beforeStart(CivilDate("2026-11-09")!))
        #expect(run.markingRefusal(on: CivilDate("2026-11-17")!, today: today) == .notScheduled(WeekdaySet([.monday])))
        #expect(run.markingRefusal(on: CivilDate("2026-11-16")!, today: today) == nil)
    }
}

@Suite struct CompletionLogTests {
    @Test func keepsEntriesSortedAndCountsDone() {
        var log = CompletionLog()
        let days = ["2026-11-05", "2026-11-01", "2026-11-03"].map { CivilDate($0)! }
        for day in days { log.set(.done, on: day) }
        log.set(.skipped, on: CivilDate("2026-11-02")!)
        #expect(log.entries.map(\.day.description) == ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-05"])
        #expect(log.doneCount == 3)
        log.set(nil, on: CivilDate("2026-11-03")!)
        log.set(.skipped, on: CivilDate("2026-11-05")!)
        #expect(log.doneCount == 1)
        #expect(log.mark(on: CivilDate("2026-11-05")!) == .skipped)
        #expect(log.mark(on: CivilDate("2026-11-04")!) == nil)
    }

    @Test func laterDuplicateWinsWhenBuiltFromUnsortedEntries() {
        let d1 = CivilDate("2026-11-01")!, d2 = CivilDate("2026-11-02")!
        let log = CompletionLog([.init(day: d2, mark: .done), .init(day: d1, mark: .done), .init(day: d2, mark: .skipped)])
        #expect(log.entries.count == 2)
        #expect(log.mark(on: d2) == .skipped)
        #expect(log.doneCount == 1)
    }

    @Test func dropsEntriesBeforeADay() {
        var log = CompletionLog((1...9).map { .init(day: CivilDate("2026-11-0\($0)")!, mark: $0 == 2 ? .skipped : .done) })
        let removed = log.removeEntries(before: CivilDate("2026-11-04")!)
        #expect(removed.count == 3)
        #expect(log.doneCount == 6)
    }
}

@Suite struct NameAndSlugTests {
    @Test func limitsNamesToThirtyEightVisibleCharacters() {
        #expect(TrackerName.problem(with: String(repeating: "a", count: 38)) == nil)
        #expect(TrackerName.problem(with: String(repeating: "a", count: 39)) == .tooLong(count: 39))
        #expect(TrackerName.problem(with: String(repeating: "👨‍👩‍👧", count: 38)) == nil, "graphemes, not scalars")
        #expect(TrackerName.problem(with: "  ") == .empty)
        #expect(TrackerName.problem(with: "a\u{1B}[2J") == .controlCharacter)
    }

    @Test(arguments: [
        ("Morning run", "morning-run"), ("Читать книгу", "chitat-knigu"), ("../../etc/passwd", "etc-passwd"),
        ("🏃", "tracker"), ("a/b\\c", "a-b-c"), ("  Read  20 pages!", "read-20-pages"),
    ])
    func slugsStayInsideTheDirectory(name: String, slug: String) {
        #expect(Slug.make(from: name) == slug)
    }

    @Test func slugsAvoidTakenNames() {
        #expect(Slug.make(from: "Read", taken: ["read", "read-2"]) == "read-3")
    }

    @Test(arguments: [("30d", 30, Goal.Unit.days), ("8w", 8, .weeks), ("3m", 3, .months), ("12", 12, .days)])
    func parsesGoals(text: String, count: Int, unit: Goal.Unit) throws {
        let goal = try #require(Goal(text))
        #expect(goal.count == count && goal.unit == unit)
    }

    @Test(arguments: [
        ("2026-01-15", "1m", "2026-02-14"), ("2026-01-31", "1m", "2026-02-28"), ("2028-01-31", "1m", "2028-02-29"),
        ("2026-01-30", "1m", "2026-02-28"), ("2026-11-30", "3m", "2027-02-28"), ("2026-11-01", "3m", "2027-01-31"),
        ("2026-11-01", "30d", "2026-11-30"), ("2026-11-02", "1w", "2026-11-08"),
    ])
    func goalPeriodsEndTheDayBeforeTheSameDayLater(start: String, goal: String, end: String) throws {
        #expect(try #require(Goal(goal)).endDay(from: try #require(CivilDate(start))).description == end)
    }

    @Test func rejectsBadGoals() {
        for text in ["", "d", "0d", "-3d", "3y", "3.5w"] { #expect(Goal(text) == nil, "\(text)") }
    }
}
