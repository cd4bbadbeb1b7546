import Testing
@testable import HabitCore

/// Zones for the reminder rule: the rule sees a zone only as "the offset at an instant".
enum TestZones {
    /// Europe/Berlin's rules: CET (+1), CEST (+2) from the last Sunday of March 01:00 UTC to the
    /// last Sunday of October 01:00 UTC.
    static let berlin = LocalClock { instant in
        let year = CivilDate(dayNumber: instant >= 0 ? instant / 86_400 : -((-instant + 86_399) / 86_400)).year
        let summer = lastSunday(year, 3) * 86_400 + 3600..<lastSunday(year, 10) * 86_400 + 3600
        return summer.contains(instant) ? 7200 : 3600
    }

    static func lastSunday(_ year: Int, _ month: Int) -> Int {
        var day = CivilDate(year: year, month: month, day: CivilDate.daysIn(month: month, year: year))!
        while day.weekday != .sunday { day = day.adding(days: -1) }
        return day.dayNumber
    }

    /// The instant of a UTC wall time, "2027-03-28T01:00".
    static func utc(_ text: String) -> Int {
        let day = CivilDate(text.prefix(10))!
        let clock = text.dropFirst(11).split(separator: ":").map { Int($0)! }
        return day.dayNumber * 86_400 + clock[0] * 3600 + clock[1] * 60
    }
}

@Suite struct LocalClockTests {
    let berlin = TestZones.berlin

    @Test func readsAndWritesOrdinaryTimes() {
        let winter = TestZones.utc("2027-01-15T07:00")
        #expect(berlin.local(at: winter).day == CivilDate("2027-01-15")! && berlin.local(at: winter).minutes == 8 * 60)
        #expect(berlin.instant(of: CivilDate("2027-01-15")!, minutes: 8 * 60) == winter)
        #expect(berlin.instant(of: CivilDate("2027-07-15")!, minutes: 8 * 60) == TestZones.utc("2027-07-15T06:00"))
        #expect(LocalClock.utc.local(at: -60).day == CivilDate("1969-12-31")!)
        #expect(LocalClock.utc.local(at: -60).minutes == 23 * 60 + 59)
    }

    @Test func aTimeTheClocksSkipIsTheMomentTheyJump() {
        // 2027-03-28: 02:00 CET becomes 03:00 CEST at 01:00 UTC; 02:30 is never shown.
        let jump = TestZones.utc("2027-03-28T01:00")
        #expect(berlin.instant(of: CivilDate("2027-03-28")!, minutes: 2 * 60 + 30) == jump)
        #expect(berlin.local(at: jump).minutes == 3 * 60)
        #expect(berlin.local(at: jump - 1).minutes == 1 * 60 + 59)
    }

    @Test func aTimeTheClocksShowTwiceIsTheEarlierMoment() {
        // 2027-10-31: 03:00 CEST becomes 02:00 CET at 01:00 UTC; 02:30 is shown at 00:30 and 01:30 UTC.
        let first = TestZones.utc("2027-10-31T00:30")
        #expect(berlin.local(at: first).minutes == 2 * 60 + 30)
        #expect(berlin.local(at: first + 3600).minutes == 2 * 60 + 30)
        #expect(berlin.instant(of: CivilDate("2027-10-31")!, minutes: 2 * 60 + 30) == first)
    }
}

@Suite struct ReminderTimeTests {
    @Test func parsesTheFilesForm() {
        #expect(ReminderTime("08:00")?.minutes == 480)
        #expect(ReminderTime("23:59")?.description == "23:59")
        for bad in ["8:00", "24:00", "08:60", "0800", "08:0", "08-00", "", "ab:cd", "+8:00"] {
            #expect(ReminderTime(bad) == nil, "\(bad)")
        }
    }

    @Test func parsesWhatPeopleType() {
        #expect(ReminderTime(lenient: "8:00")?.description == "08:00")
        #expect(ReminderTime(lenient: "8")?.description == "08:00")
        #expect(ReminderTime(lenient: "20:30")?.description == "20:30")
        for bad in ["8:0", "8:", ":30", "25", "8:00:00", "8h"] {
            #expect(ReminderTime(lenient: bad) == nil, "\(bad)")
        }
    }
}

@Suite struct ReminderRuleTests {
    static func day(_ text: String) -> CivilDate { CivilDate(text)! }
    static func time(_ text: String) -> ReminderTime { ReminderTime(text)! }

    static func habit(_ id: String, _ times: [String], days: Schedule = .daily, start: String = "2026-11-01",
                      marks: [(String, Mark)] = []) -> Tracker {
        Tracker(id: id, name: id.capitalized, category: "C", schedule: days, start: day(start),
                log: CompletionLog(marks.map { CompletionLog.Entry(day: day($0.0), mark: $0.1) }), reminders: times.map(time))
    }

    /// Instants on the UTC clock: "2026-11-22T08:00".
    static func at(_ text: String) -> Int { TestZones.utc(text) }

    func due(_ trackers: [Tracker], now: String, lastRun: String?, settings: Settings = Settings(),
             clock: LocalClock = .utc) -> [String] {
        ReminderRule.due(trackers, settings: settings, clock: clock, now: Self.at(now), lastRun: lastRun.map(Self.at))
            .map { "\($0.tracker.id) \($0.time)" }
    }

    @Test func aReminderIsDueFromItsTimeOnAndOnlyOnce() {
        let read = Self.habit("read", ["08:00"])
        #expect(due([read], now: "2026-11-22T07:59", lastRun: "2026-11-22T07:00").isEmpty, "before its time")
        #expect(due([read], now: "2026-11-22T08:00", lastRun: "2026-11-22T07:59") == ["read 08:00"], "at its time")
        #expect(due([read], now: "2026-11-22T08:01", lastRun: "2026-11-22T08:00").isEmpty, "not again after it was delivered")
        #expect(due([read], now: "2026-11-22T23:00", lastRun: "2026-11-22T08:00").isEmpty)
    }

    @Test func aRunAfterAGapCatchesUpOncePerTracker() {
        let water = Self.habit("water", ["08:00", "12:00", "16:00"])
        let read = Self.habit("read", ["12:00"])
        let stretch = Self.habit("stretch", ["18:00"])
        // Suspended from 07:00 to 13:00: the 08:00 and 12:00 reminders rang meanwhile.
        #expect(due([water, read, stretch], now: "2026-11-22T13:00", lastRun: "2026-11-22T07:00") == ["read 12:00", "water 12:00"])
        // The first run ever catches up on the day so far.
        #expect(due([water, read, stretch], now: "2026-11-22T13:00", lastRun: nil) == ["read 12:00", "water 12:00"])
    }

    @Test func aReminderOfADayThatEndedIsDropped() {
        let read = Self.habit("read", ["20:00", "08:00"])
        // Asleep from 19:00 to 07:00 the next morning: yesterday's 20:00 is not delivered.
        #expect(due([read], now: "2026-11-23T07:00", lastRun: "2026-11-22T19:00").isEmpty)
        #expect(due([read], now: "2026-11-23T08:00", lastRun: "2026-11-22T19:00") == ["read 08:00"])
    }

    @Test func onlyTrackersStillToDoAreReminded() {
        let trackers = [
            Self.habit("done", ["08:00"], marks: [("2026-11-22", .done)]),
            Self.habit("skipped", ["08:00"], marks: [("2026-11-22", .skipped)]),
            Self.habit("weekdays", ["08:00"], days: .weekly(WeekdaySet([.monday, .friday]))),  // the 22nd is a Sunday
            Self.habit("later", ["08:00"], start: "2026-11-23"),
            Self.habit("todo", ["08:00"], marks: [("2026-11-21", .done)]),
            Self.habit("silent", []),
        ]
        #expect(due(trackers, now: "2026-11-22T09:00", lastRun: "2026-11-22T07:00") == ["todo 08:00"])
        let states = ReminderRule.reminders(of: trackers, on: Self.day("2026-11-22"), today: Self.day("2026-11-22"),
                                            settings: Settings(), clock: .utc).map { "\($0.tracker.id) \($0.state.rawValue)" }
        #expect(states == ["done done", "later not_scheduled", "skipped skipped", "todo due", "weekdays not_scheduled"])
    }

    @Test func anEventRemindsUntilItIsDone() {
        let open = Self.habit("open", ["08:00"], days: .event)
        let doneBefore = Self.habit("before", ["08:00"], days: .event, marks: [("2026-11-20", .done)])
        let doneToday = Self.habit("today", ["08:00"], days: .event, marks: [("2026-11-22", .done)])
        #expect(due([open, doneBefore, doneToday], now: "2026-11-22T08:00", lastRun: "2026-11-22T07:00") == ["open 08:00"])
        let states = ReminderRule.reminders(of: [doneBefore, doneToday], on: Self.day("2026-11-22"), today: Self.day("2026-11-22"),
                                            settings: Settings(), clock: .utc).map(\.state)
        #expect(states == [.notScheduled, .done])
    }

    @Test func aTimeBeforeTheDaysStartBelongsToTheDayBefore() {
        let settings = Settings(dayStartsAt: 4 * 60)
        // Sundays only; 01:00 is the end of Sunday's day for someone whose day starts at 04:00.
        let sunday = Self.habit("sunday", ["01:00", "22:00"], days: .weekly(WeekdaySet([.sunday])))
        #expect(due([sunday], now: "2026-11-23T01:00", lastRun: "2026-11-22T23:00", settings: settings) == ["sunday 01:00"])
        let done = Self.habit("sunday", ["01:00"], days: .weekly(WeekdaySet([.sunday])), marks: [("2026-11-22", .done)])
        #expect(due([done], now: "2026-11-23T01:00", lastRun: "2026-11-22T23:00", settings: settings).isEmpty)
        // Monday's own reminders start after 04:00: the 01:00 of Monday night belongs to Monday.
        let daily = Self.habit("daily", ["01:00", "08:00"])
        #expect(due([daily], now: "2026-11-23T05:00", lastRun: "2026-11-23T01:30", settings: settings).isEmpty)
        #expect(due([daily], now: "2026-11-24T01:00", lastRun: "2026-11-23T08:30", settings: settings) == ["daily 01:00"])
        // In the day's order, 01:00 comes last.
        let order = ReminderRule.reminders(of: [daily], on: Self.day("2026-11-23"), today: Self.day("2026-11-23"),
                                           settings: settings, clock: .utc).map(\.time.description)
        #expect(order == ["08:00", "01:00"])
    }

    @Test func aTimeTheClocksSkipRingsWhenTheyJump() {
        let berlin = TestZones.berlin
        let night = Self.habit("night", ["02:30"], start: "2027-03-01")
        // 2027-03-28 01:00 UTC: 02:00 becomes 03:00. Cron runs skipped jobs right after the jump.
        #expect(due([night], now: "2027-03-28T00:59", lastRun: "2027-03-28T00:00", clock: berlin).isEmpty)
        #expect(due([night], now: "2027-03-28T01:00", lastRun: "2027-03-28T00:00", clock: berlin) == ["night 02:30"])
        // systemd skips the time instead: the next run (08:00 CEST) catches up on it.
        #expect(due([night], now: "2027-03-28T06:00", lastRun: "2027-03-28T00:00", clock: berlin) == ["night 02:30"])
    }

    @Test func aTimeTheClocksShowTwiceRingsOnce() {
        let berlin = TestZones.berlin
        let night = Self.habit("night", ["02:30"], start: "2027-10-01")
        // 2027-10-31: 02:30 CEST is 00:30 UTC, 02:30 CET is 01:30 UTC.
        #expect(due([night], now: "2027-10-31T00:30", lastRun: "2027-10-31T00:00", clock: berlin) == ["night 02:30"])
        #expect(due([night], now: "2027-10-31T01:30", lastRun: "2027-10-31T00:30", clock: berlin).isEmpty)
    }

    @Test func theSameWallTimeRingsAtTheRightInstantOnBothSidesOfAChange() {
        let berlin = TestZones.berlin
        let morning = Self.habit("morning", ["08:00"], start: "2027-03-01")
        // 08:00 is 07:00 UTC in winter and 06:00 UTC in summer.
        #expect(due([morning], now: "2027-03-27T06:59", lastRun: "2027-03-27T06:00", clock: berlin).isEmpty)
        #expect(due([morning], now: "2027-03-27T07:00", lastRun: "2027-03-27T06:00", clock: berlin) == ["morning 08:00"])
        #expect(due([morning], now: "2027-03-28T06:00", lastRun: "2027-03-28T05:00", clock: berlin) == ["morning 08:00"])
        #expect(due([morning], now: "2027-10-31T06:59", lastRun: "2027-10-31T06:00", clock: berlin).isEmpty)
        #expect(due([morning], now: "2027-10-31T07:00", lastRun: "2027-10-31T06:00", clock: berlin) == ["morning 08:00"])
    }

    @Test func theDayIsTheLocalDay() {
        // 23:30 UTC on the 21st is 00:30 on the 22nd in Berlin.
        let settings = Settings()
        #expect(ReminderRule.today(at: Self.at("2026-11-21T23:30"), settings: settings, clock: TestZones.berlin) == Self.day("2026-11-22"))
        #expect(ReminderRule.today(at: Self.at("2026-11-21T23:30"), settings: Settings(dayStartsAt: 60), clock: TestZones.berlin)
                == Self.day("2026-11-21"))
    }

    @Test func theJournalKnowsEveryDistinctTime() {
        let journal = Journal(trackers: [Self.habit("a", ["20:30", "08:00"]), Self.habit("b", ["08:00"]), Self.habit("c", [])])
        #expect(journal.reminderTimes.map(\.description) == ["08:00", "20:30"])
    }
}
