import Testing
@testable import HabitCore

/// The log keeps done days without a total as bits and every other entry whole: whatever the
/// days, it must read back exactly the entries it was given, and every edit must leave it as a
/// log built from the resulting entries would be.
@Suite struct CompactLogTests {
    /// A deterministic mix: runs of done days across word and year boundaries, gaps, single days,
    /// skips, slips, totals that do and do not meet a target, and done days with a total.
    static func mixedEntries(seed: UInt64, from first: CivilDate, days: Int) -> [CompletionLog.Entry] {
        var state = seed
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let measure = Measure(target: 2)
        var entries: [CompletionLog.Entry] = []
        for offset in 0..<days {
            let day = first.adding(days: offset)
            switch next() % 20 {
            case 0, 1, 2: continue
            case 3: entries.append(.init(day: day, mark: .skipped))
            case 4: entries.append(.init(day: day, mark: .slipped))
            case 5: entries.append(.init(day: day, value: .amount(1.5), measure: measure))
            case 6: entries.append(.init(day: day, value: .amount(3), measure: measure))
            default: entries.append(.init(day: day, mark: .done))
            }
        }
        return entries
    }

    static func expectReads(_ log: CompletionLog, as entries: [CompletionLog.Entry], around range: ClosedRange<Int>) {
        #expect(Array(log.entries) == entries)
        #expect(log.entries.count == entries.count)
        #expect(log.isEmpty == entries.isEmpty)
        #expect(log.first == entries.first && log.last == entries.last)
        #expect(log.doneCount == entries.filter { $0.mark == .done }.count)
        let byDay = Dictionary(uniqueKeysWithValues: entries.map { ($0.day.dayNumber, $0) })
        var cursor = CompletionLog.Cursor(log, from: range.lowerBound)
        for day in range {
            let date = CivilDate(dayNumber: day)
            #expect(log.entry(on: date) == byDay[day], "\(date)")
            #expect(cursor.entry(on: day) == byDay[day], "\(date)")
        }
        for day in stride(from: range.lowerBound, through: range.upperBound, by: 13) {
            let date = CivilDate(dayNumber: day)
            #expect(log.doneCount(through: date) == entries.filter { $0.mark == .done && $0.day <= date }.count, "\(date)")
            var marks: [Int: Mark?] = [:]
            log.forEachMark(from: day, through: day + 40) { marks[$0] = $1 }
            #expect(marks == Dictionary(uniqueKeysWithValues: entries.filter { (day...day + 40).contains($0.day.dayNumber) }
                .map { ($0.day.dayNumber, $0.mark) }), "\(date)")
        }
    }

    @Test(arguments: [("2019-12-20", 800), ("1969-11-01", 200), ("2026-11-30", 3), ("1999-12-31", 1)])
    func readsBackTheEntriesItWasGiven(start: String, days: Int) throws {
        let first = try #require(CivilDate(start))
        for seed: UInt64 in [1, 2, 3] {
            let entries = Self.mixedEntries(seed: seed, from: first, days: days)
            let log = CompletionLog(entries.reversed())
            Self.expectReads(log, as: entries, around: (first.dayNumber - 70)...(first.dayNumber + days + 70))
            #expect(CompletionLog(sortedUnique: entries) == log)
            let parts = try #require(CompletionLog(plainDone: log.plainDone, others: log.others))
            #expect(parts == log && parts.hashValue == log.hashValue)
        }
    }

    @Test func editsLeaveTheLogAFreshBuildWouldBe() {
        let first = CivilDate("2020-12-01")!
        var reference = Dictionary(uniqueKeysWithValues: Self.mixedEntries(seed: 7, from: first, days: 300).map { ($0.day, $0) })
        var log = CompletionLog(reference.values)
        var state: UInt64 = 11
        let measure = Measure(target: 2)
        for _ in 0..<600 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let day = first.adding(days: Int(state >> 33 % 420) - 60)
            let entry: CompletionLog.Entry? = switch (state >> 20) % 5 {
            case 0: nil
            case 1: .init(day: day, mark: .skipped)
            case 2: .init(day: day, value: .amount(Double((state >> 40) % 4)), measure: measure)
            default: .init(day: day, mark: .done)
            }
            log.setEntry(entry, on: day)
            reference[day] = entry
            let fresh = CompletionLog(reference.values)
            #expect(log == fresh && log.hashValue == fresh.hashValue, "after setting \(day)")
        }
        Self.expectReads(log, as: reference.values.sorted { $0.day < $1.day }, around: (first.dayNumber - 70)...(first.dayNumber + 380))
    }

    @Test func removesEntriesAndTheirNotesBeforeADay() {
        let first = CivilDate("2025-12-20")!
        let entries = Self.mixedEntries(seed: 5, from: first, days: 200)
        let noted = [first.adding(days: 3), first.adding(days: 2), first.adding(days: 150)]
        let notes = Dictionary(uniqueKeysWithValues: noted.map { ($0, "note") })
        for cut in [-5, 0, 1, 63, 64, 65, 130, 199, 260] {
            var log = CompletionLog(entries, notes: notes)
            let day = first.adding(days: cut)
            let removed = log.removeEntries(before: day)
            #expect(removed == entries.filter { $0.day < day })
            #expect(log == CompletionLog(entries.filter { $0.day >= day },
                                         notes: notes.filter { entry in entry.key >= day || !removed.contains { $0.day == entry.key } }))
        }
    }

    @Test func aLogOfDoneDaysIsOneBitADay() {
        let first = CivilDate("2016-11-23")!
        let log = CompletionLog(sortedUnique: (0..<3650).map { CompletionLog.Entry(day: first.adding(days: $0), mark: .done) })
        #expect(log.others.isEmpty && log.plainDone.words.count <= 3650 / 64 + 2)
        #expect(log.doneCount == 3650 && log.entries.count == 3650)
    }

    @Test func refusesPartsThatDoNotFitTogether() throws {
        let day = CivilDate("2026-01-10")!
        var bits = DayBits()
        bits.insert(day.dayNumber)
        #expect(CompletionLog(plainDone: bits, others: [.init(day: day, mark: .skipped)]) == nil, "a day in both parts")
        #expect(CompletionLog(plainDone: DayBits(), others: [.init(day: day, mark: .done)]) == nil, "a plain done day kept whole")
        #expect(CompletionLog(plainDone: DayBits(), others: [.init(day: day.adding(days: 1), mark: .skipped), .init(day: day, mark: .skipped)]) == nil,
                "out of order")
        let fits = try #require(CompletionLog(plainDone: bits, others: [.init(day: day.adding(days: 1), mark: .skipped)]))
        #expect(fits.doneCount == 1 && fits.entries.count == 2)
    }
}

@Suite struct DayBitsTests {
    @Test func keepsOneFormForEachSet() throws {
        var bits = DayBits()
        let days = [-130, -65, -64, -1, 0, 63, 64, 500, 20_000]
        for day in days.shuffled() { bits.insert(day) }
        #expect(bits.count == days.count && bits.last == 20_000 && bits.first == -192)
        for day in -200...20_100 { #expect(bits.contains(day) == days.contains(day)) }
        #expect(bits.next(from: -1000) == -130 && bits.next(from: -63) == -1 && bits.next(from: 65) == 500 && bits.next(from: 20_001) == nil)
        #expect(bits.count(from: -64) == 7 && bits.count(from: 1) == 4 && bits.count(from: 30_000) == 0)
        var seen: [Int] = []
        bits.forEach(from: -64, through: 500) { seen.append($0) }
        #expect(seen == [-64, -1, 0, 63, 64, 500])
        let copy = try #require(DayBits(first: bits.first, words: bits.words))
        #expect(copy == bits)
        bits.remove(20_000)
        bits.remove(-130)
        bits.remove(-65)
        var rebuilt = DayBits()
        for day in [-64, -1, 0, 63, 64, 500] { rebuilt.insert(day) }
        #expect(bits == rebuilt && bits.first == -64)
        bits.removeAll(before: 64)
        #expect(bits.first == 64 && bits.count == 2)
        bits.removeAll(before: 501)
        #expect(bits == DayBits() && bits.isEmpty)
    }

    @Test func refusesWordsNotInTheOneForm() {
        #expect(DayBits(first: 3, words: [1]) == nil)
        #expect(DayBits(first: 64, words: [0, 1]) == nil)
        #expect(DayBits(first: 64, words: [1, 0]) == nil)
        #expect(DayBits(first: 64, words: []) == nil)
        #expect(DayBits(first: 0, words: []) == DayBits())
        #expect(DayBits(first: -128, words: [1, 0, 2])?.count == 2)
    }
}
