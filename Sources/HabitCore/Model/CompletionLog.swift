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

/// The days a tracker was marked, kept sorted by day so lookups are binary searches and
/// walks over history are linear. Notes live beside the entries: any day may carry one, with or
/// without a mark.
public struct CompletionLog: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        // Packed into 12 bytes (the plain fields took 32, then 16): a decade of a hundred daily
        // habits is 365,000 entries, most of what a warm `habit list` holds in memory, and each
        // byte of it is a byte the kernel zeroes and the load cache writes. The day number and the
        // flags share one Int32 (days of the years 0000–9999 need 23 bits); the amount's bits are
        // two words, so nothing needs 8-byte alignment.
        // Inlinable: the load cache builds one per day of every tracker from another module.
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

        /// A done day without an amount, from its day number: the load cache writes years of a
        /// daily habit as runs of these, and a warm start builds one per day, so it is stored
        /// as is (`init(day:mark:amount:)` clamps and classifies on every call). The load cache
        /// only stores day numbers of real days, well inside the limit.
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

    public private(set) var entries: [Entry]
    public private(set) var doneCount: Int
    /// Notes by day (`{ …, note = "hot day" }` in the file), with or without an entry.
    public private(set) var notes: [CivilDate: String]

    public init() {
        entries = []
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
        self.entries = sorted
        self.doneCount = sorted.reduce(0) { $0 + ($1.mark == .done ? 1 : 0) }
        self.notes = notes
    }

    /// Entries already sorted by day with no day twice (as a cache stores them); not checked.
    public init(sortedUnique entries: [Entry], notes: [CivilDate: String] = [:]) {
        self.entries = entries
        self.doneCount = entries.reduce(0) { $0 + ($1.mark == .done ? 1 : 0) }
        self.notes = notes
    }

    /// The same, with the number of done entries already counted (the load cache counts them
    /// while it decodes).
    public init(sortedUnique entries: [Entry], doneCount: Int, notes: [CivilDate: String] = [:]) {
        self.entries = entries
        self.doneCount = doneCount
        self.notes = notes
    }

    public var isEmpty: Bool { entries.isEmpty }
    public var first: Entry? { entries.first }
    public var last: Entry? { entries.last }

    /// Index of the first entry on or after `day`.
    public func lowerBound(_ day: CivilDate) -> Int {
        entries.partitionIndex { $0.day >= day }
    }

    /// The done marks on or before `day`: what a tracker has done so far, whatever a line
    /// written ahead of the clock says.
    public func doneCount(through day: CivilDate) -> Int {
        doneCount - entries[lowerBound(day.adding(days: 1))...].reduce(0) { $0 + ($1.mark == .done ? 1 : 0) }
    }

    public func entry(on day: CivilDate) -> Entry? {
        let index = lowerBound(day)
        guard index < entries.count, entries[index].day == day else { return nil }
        return entries[index]
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

    /// The entries with `range.lowerBound <= day <= range.upperBound`.
    public func entries(in range: ClosedRange<CivilDate>) -> ArraySlice<Entry> {
        entries[lowerBound(range.lowerBound)..<lowerBound(range.upperBound.adding(days: 1))]
    }

    /// Sets or clears the mark of a day (dropping any amount); returns the index it has (or had)
    /// in `entries`.
    @discardableResult
    public mutating func set(_ mark: Mark?, on day: CivilDate) -> Int {
        setEntry(mark.map { Entry(day: day, mark: $0) }, on: day)
    }

    /// Sets or clears (nil) the entry of a day; returns the index it has (or had) in `entries`.
    @discardableResult
    public mutating func setEntry(_ entry: Entry?, on day: CivilDate) -> Int {
        let index = lowerBound(day)
        let exists = index < entries.count && entries[index].day == day
        if exists, entries[index].mark == .done { doneCount -= 1 }
        if var entry {
            entry.day = day
            if exists { entries[index] = entry } else { entries.insert(entry, at: index) }
            if entry.mark == .done { doneCount += 1 }
        } else if exists {
            entries.remove(at: index)
        }
        return index
    }

    /// Sets or clears (nil or empty) the note of a day.
    public mutating func setNote(_ note: String?, on day: CivilDate) {
        if let note, !note.isEmpty { notes[day] = note } else { notes[day] = nil }
    }

    /// Marks every total again against a new measure (after the target changed).
    public mutating func apply(_ measure: Measure?) {
        for index in entries.indices {
            guard let amount = entries[index].amount else { continue }
            entries[index].mark = CompletionLog.mark(forAmount: amount, measure: measure)
        }
        doneCount = entries.reduce(0) { $0 + ($1.mark == .done ? 1 : 0) }
    }

    public mutating func removeEntries(before day: CivilDate) -> [Entry] {
        let index = lowerBound(day)
        let removed = Array(entries[..<index])
        entries.removeFirst(index)
        doneCount -= removed.reduce(0) { $0 + ($1.mark == .done ? 1 : 0) }
        for entry in removed { notes[entry.day] = nil }
        return removed
    }
}
