/// What happened on a day: done, or excused (illness, travel), which neither counts nor breaks a run.
public enum Mark: String, Hashable, Sendable {
    case done
    case skipped = "skip"
    /// A quit habit's lapse (`"slip"`): the day is not kept; it counts as missed, today included.
    case slipped = "slip"
}

/// What a line of the log says, as written: `true`, `"skip"`, `"slip"`, or a numeric habit's total.
public enum LogValue: Hashable, Sendable {
    case done
    case skipped
    case slipped
    case amount(Double)
}

/// The days a tracker was marked. Most of a log is done days without an amount: those are one
/// bit a day (`plainDone`), so years of a daily habit take a few hundred bytes to hold, to cache
/// and to load; every other entry (a skip, a slip, a total) is kept whole in `others`, sorted by
/// day. `entries` reads the two together in day order. Notes live beside the entries: any day may
/// carry one, with or without a mark.
public struct CompletionLog: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        // Packed into 12 bytes: the day number and the flags share one Int32 (days of the years
        // 0000–9999 need 23 bits); the amount's bits are two words, so nothing needs 8-byte
        // alignment. Plain done days are not kept as entries at all (see `CompletionLog`).
        /// The day number shifted left by three, over the flags: 0 no mark, 1 done, 2 skipped,
        /// 3 slipped; 4 set when there is an amount.
        @usableFromInline var dayAndFlags: Int32
        @usableFromInline var amountLow: UInt32
        @usableFromInline var amountHigh: UInt32

        /// Day numbers beyond this many days from 1970 either way are clamped (the years 0000–9999
        /// are about 3 million).
        @usableFromInline static let dayLimit = (1 << 28) - 1

        @inlinable var dayNumber32: Int32 { dayAndFlags >> 3 }
        @inlinable var flags: Int32 { dayAndFlags & 7 }
        @inlinable var amountBits: Double { Double(bitPattern: UInt64(amountHigh) << 32 | UInt64(amountLow)) }

        @inlinable static func packed(_ dayNumber: Int, flags: Int32) -> Int32 {
            Int32(truncatingIfNeeded: min(max(dayNumber, -dayLimit), dayLimit)) << 3 | flags
        }

        @inlinable public var day: CivilDate {
            get { CivilDate(dayNumber: Int(dayNumber32)) }
            set { dayAndFlags = Self.packed(newValue.dayNumber, flags: flags) }
        }

        /// The day's mark for every statistic: done, skipped, or nil for a numeric total that does
        /// not meet the target (see `CompletionLog.mark(forAmount:measure:)`).
        @inlinable public var mark: Mark? {
            get { flags & 3 == 1 ? .done : flags & 3 == 2 ? .skipped : flags & 3 == 3 ? .slipped : nil }
            set { dayAndFlags = dayAndFlags & ~3 | (newValue == .done ? 1 : newValue == .skipped ? 2 : newValue == .slipped ? 3 : 0) }
        }

        /// A numeric habit's total for the day, as written; nil for `true` and `"skip"`.
        @inlinable public var amount: Double? {
            get { flags & 4 != 0 ? amountBits : nil }
            set {
                let bits = (newValue ?? 0).bitPattern
                amountLow = UInt32(truncatingIfNeeded: bits)
                amountHigh = UInt32(truncatingIfNeeded: bits >> 32)
                dayAndFlags = dayAndFlags & ~4 | (newValue == nil ? 0 : 4)
            }
        }

        @inlinable public init(day: CivilDate, mark: Mark?, amount: Double? = nil) {
            let bits = (amount ?? 0).bitPattern
            amountLow = UInt32(truncatingIfNeeded: bits)
            amountHigh = UInt32(truncatingIfNeeded: bits >> 32)
            dayAndFlags = Self.packed(day.dayNumber,
                                      flags: (mark == .done ? 1 : mark == .skipped ? 2 : mark == .slipped ? 3 : 0) | (amount == nil ? 0 : 4))
        }

        /// A done day without an amount, from a day number inside the limit (the log's done days
        /// come back as entries this way).
        @inlinable public init(doneOnDayNumber dayNumber: Int32) {
            amountLow = 0
            amountHigh = 0
            dayAndFlags = dayNumber << 3 | 1
        }

        // Equal and hashed as the amount's Double (0.0 and -0.0 alike), as before the packing.
        @inlinable public static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.dayAndFlags == rhs.dayAndFlags && lhs.amountBits == rhs.amountBits
        }

        @inlinable public func hash(into hasher: inout Hasher) {
            hasher.combine(dayAndFlags)
            hasher.combine(amountBits)
        }

        /// A line's value read against a tracker's measure (nil for a yes/no habit).
        public init(day: CivilDate, value: LogValue, measure: Measure?) {
            switch value {
            case .done: self.init(day: day, mark: .done)
            case .skipped: self.init(day: day, mark: .skipped)
            case .slipped: self.init(day: day, mark: .slipped)
            case .amount(let total): self.init(day: day, mark: CompletionLog.mark(forAmount: total, measure: measure), amount: total)
            }
        }

        /// Done without an amount: the days the log keeps as bits.
        @inlinable var isPlainDone: Bool { flags == 1 }

        /// What the line says, as written.
        public var value: LogValue {
            if let amount { return .amount(amount) }
            switch mark {
            case .skipped?: return .skipped
            case .slipped?: return .slipped
            case .done?, nil: return .done
            }
        }
    }


    /// The done days without an amount.
    public private(set) var plainDone: DayBits
    /// Every other entry, sorted by day, none on a day of `plainDone`.
    public private(set) var others: [Entry]
    public private(set) var doneCount: Int
    /// Notes by day (`{ …, note = "hot day" }` in the file), with or without an entry.
    public private(set) var notes: [CivilDate: String]

    public init() {
        plainDone = DayBits()
        others = []
        doneCount = 0
        notes = [:]
    }

    /// The mark a total earns: done when it meets the target; on a yes/no habit (no measure),
    /// any total above 0 counts as done.
    public static func mark(forAmount total: Double, measure: Measure?) -> Mark? {
        if let measure { return measure.isMet(total) ? .done : nil }
        return total > 0 ? .done : nil
    }

    /// Entries in any order; a later entry for the same day wins.
    public init(_ entries: some Sequence<Entry>, notes: [CivilDate: String] = [:]) {
        var sorted = Array(entries)
        // Stable sort keeps the file order among duplicates, so "later wins" is well defined.
        var isSorted = true
        for index in sorted.indices.dropFirst() where sorted[index - 1].day >= sorted[index].day {
            isSorted = false
            break
        }
        if !isSorted {
            sorted = sorted.enumerated().sorted {
                $0.element.day != $1.element.day ? $0.element.day < $1.element.day : $0.offset < $1.offset
            }.map(\.element)
            var unique: [Entry] = []
            unique.reserveCapacity(sorted.count)
            for entry in sorted {
                if let last = unique.last, last.day == entry.day {
                    unique[unique.count - 1] = entry
                } else {
                    unique.append(entry)
                }
            }
            sorted = unique
        }
        self.init(sortedUnique: sorted, notes: notes)
    }

    /// Entries already sorted by day with no day twice (as a file usually has them); not checked.
    public init(sortedUnique entries: [Entry], notes: [CivilDate: String] = [:]) {
        // Two passes (a cold load's every day goes through here): the span of the done days and
        // the number of others, then the bits set in words allocated once.
        var low = Int.max, high = Int.min, otherCount = 0, done = 0
        for entry in entries {
            if entry.isPlainDone {
                low = Swift.min(low, Int(entry.dayNumber32))
                high = Swift.max(high, Int(entry.dayNumber32))
            } else {
                otherCount += 1
            }
            if entry.mark == .done { done += 1 }
        }
        let first = low <= high ? (low >> 6) << 6 : 0
        var words = [UInt64](repeating: 0, count: low <= high ? (high - first) >> 6 + 1 : 0)
        var others: [Entry] = []
        others.reserveCapacity(otherCount)
        words.withUnsafeMutableBufferPointer { words in
            for entry in entries {
                let day = Int(entry.dayNumber32)
                if entry.isPlainDone { words[(day - first) >> 6] |= 1 << UInt64(day & 63) } else { others.append(entry) }
            }
        }
        plainDone = DayBits(spanning: first, words: words)
        self.others = others
        doneCount = done
        self.notes = notes
    }

    /// The same, with the number of done entries the plain log reader counted while it read
    /// (checked in debug builds).
    public init(sortedUnique entries: [Entry], doneCount: Int, notes: [CivilDate: String] = [:]) {
        self.init(sortedUnique: entries, notes: notes)
        assert(self.doneCount == doneCount, "the done entries were miscounted")
    }

    /// The log from its two parts, as the load cache stores them; nil when they do not fit
    /// together (an entry of `others` done without an amount, out of order, or on a day of
    /// `plainDone`).
    public init?(plainDone: DayBits, others: [Entry], notes: [CivilDate: String] = [:]) {
        var done = plainDone.count
        var previous = Int.min
        for entry in others {
            let day = Int(entry.dayNumber32)
            guard !entry.isPlainDone, day > previous, !plainDone.contains(day) else { return nil }
            previous = day
            if entry.mark == .done { done += 1 }
        }
        self.plainDone = plainDone
        self.others = others
        self.doneCount = done
        self.notes = notes
    }

    /// Every entry, in day order.
    public var entries: Entries { Entries(plainDone: plainDone, others: others) }

    public var isEmpty: Bool { plainDone.isEmpty && others.isEmpty }
    public var first: Entry? { entries.first }

    public var last: Entry? {
        let lastDone = plainDone.last
        if let other = others.last, Int(other.dayNumber32) > lastDone ?? Int.min { return other }
        return lastDone.map { Entry(doneOnDayNumber: Int32($0)) }
    }

    /// The day number an entry on `day` has (days beyond the limit are clamped).
    static func dayNumber(_ day: CivilDate) -> Int {
        min(max(day.dayNumber, -Entry.dayLimit), Entry.dayLimit)
    }

    /// Index in `others` of the first entry on or after the day numbered `day`.
    func otherIndex(_ day: Int) -> Int {
        others.partitionIndex { Int($0.dayNumber32) >= day }
    }

    /// The done marks on or before `day`: what a tracker has done so far, whatever a line
    /// written ahead of the clock says.
    public func doneCount(through day: CivilDate) -> Int {
        let after = day.dayNumber + 1
        return doneCount - plainDone.count(from: after)
            - others[otherIndex(after)...].reduce(0) { $0 + ($1.mark == .done ? 1 : 0) }
    }

    public func entry(on day: CivilDate) -> Entry? {
        let number = Self.dayNumber(day)
        if plainDone.contains(number) { return Entry(doneOnDayNumber: Int32(number)) }
        let index = otherIndex(number)
        guard index < others.count, Int(others[index].dayNumber32) == number else { return nil }
        return others[index]
    }

    /// The day's mark as written (nil without a line, or for a total short of the target); see
    /// `Tracker.effectiveMark(on:)` for vacations and `at_most` days without a line.
    public func mark(on day: CivilDate) -> Mark? {
        entry(on: day)?.mark
    }

    public func isDone(on day: CivilDate) -> Bool { mark(on: day) == .done }

    /// A numeric day's total as written.
    public func amount(on day: CivilDate) -> Double? { entry(on: day)?.amount }

    public func note(on day: CivilDate) -> String? { notes[day] }

    /// Calls `body` with the day number and mark of every entry from `from` through `through`:
    /// the plain done days first, then the others, each in day order.
    @inline(__always)
    func forEachMark(from: Int, through: Int, _ body: (Int, Mark?) -> Void) {
        plainDone.forEach(from: from, through: through) { body($0, .done) }
        var index = otherIndex(from)
        while index < others.count, Int(others[index].dayNumber32) <= through {
            body(Int(others[index].dayNumber32), others[index].mark)
            index += 1
        }
    }

    /// Sets or clears the mark of a day (dropping any amount).
    public mutating func set(_ mark: Mark?, on day: CivilDate) {
        setEntry(mark.map { Entry(day: day, mark: $0) }, on: day)
    }

    /// Sets or clears (nil) the entry of a day.
    public mutating func setEntry(_ entry: Entry?, on day: CivilDate) {
        let number = Self.dayNumber(day)
        if plainDone.contains(number) {
            plainDone.remove(number)
            doneCount -= 1
        } else {
            let index = otherIndex(number)
            if index < others.count, Int(others[index].dayNumber32) == number {
                if others[index].mark == .done { doneCount -= 1 }
                others.remove(at: index)
            }
        }
        guard var entry else { return }
        entry.day = day
        if entry.isPlainDone { plainDone.insert(number) } else { others.insert(entry, at: otherIndex(number)) }
        if entry.mark == .done { doneCount += 1 }
    }

    /// Sets or clears (nil or empty) the note of a day.
    public mutating func setNote(_ note: String?, on day: CivilDate) {
        if let note, !note.isEmpty { notes[day] = note } else { notes[day] = nil }
    }

    /// Marks every total again against a new measure (after the target changed).
    public mutating func apply(_ measure: Measure?) {
        for index in others.indices {
            guard let amount = others[index].amount else { continue }
            others[index].mark = CompletionLog.mark(forAmount: amount, measure: measure)
        }
        doneCount = others.reduce(plainDone.count) { $0 + ($1.mark == .done ? 1 : 0) }
    }

    public mutating func removeEntries(before day: CivilDate) -> [Entry] {
        let number = Self.dayNumber(day)
        let removed = Array(entries.prefix { Int($0.dayNumber32) < number })
        plainDone.removeAll(before: number)
        others.removeFirst(otherIndex(number))
        doneCount -= removed.reduce(0) { $0 + ($1.mark == .done ? 1 : 0) }
        for entry in removed { notes[entry.day] = nil }
        return removed
    }
}
