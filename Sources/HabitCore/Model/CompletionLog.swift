/// What happened on a day: done, or excused (illness, travel), which neither counts nor breaks a run.
public enum Mark: String, Hashable, Sendable {
    case done
    case skipped = "skip"
}

/// The days a tracker was marked, kept sorted by day so lookups are binary searches and
/// walks over history are linear.
public struct CompletionLog: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var day: CivilDate
        public var mark: Mark
        public init(day: CivilDate, mark: Mark) {
            self.day = day
            self.mark = mark
        }
    }

    public private(set) var entries: [Entry]
    public private(set) var doneCount: Int

    public init() {
        entries = []
        doneCount = 0
    }

    /// Entries in any order; a later entry for the same day wins.
    public init(_ entries: some Sequence<Entry>) {
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
    }

    /// Entries already sorted by day with no day twice (as a cache stores them); not checked.
    public init(sortedUnique entries: [Entry]) {
        self.entries = entries
        self.doneCount = entries.reduce(0) { $0 + ($1.mark == .done ? 1 : 0) }
    }

    public var isEmpty: Bool { entries.isEmpty }
    public var first: Entry? { entries.first }
    public var last: Entry? { entries.last }

    /// Index of the first entry on or after `day`.
    public func lowerBound(_ day: CivilDate) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].day < day { low = mid + 1 } else { high = mid }
        }
        return low
    }

    public func mark(on day: CivilDate) -> Mark? {
        let index = lowerBound(day)
        guard index < entries.count, entries[index].day == day else { return nil }
        return entries[index].mark
    }

    public func isDone(on day: CivilDate) -> Bool { mark(on: day) == .done }

    /// The entries with `range.lowerBound <= day <= range.upperBound`.
    public func entries(in range: ClosedRange<CivilDate>) -> ArraySlice<Entry> {
        entries[lowerBound(range.lowerBound)..<lowerBound(range.upperBound.adding(days: 1))]
    }

    /// Sets or clears the mark of a day; returns the index it has (or had) in `entries`.
    @discardableResult
    public mutating func set(_ mark: Mark?, on day: CivilDate) -> Int {
        let index = lowerBound(day)
        let exists = index < entries.count && entries[index].day == day
        if exists, entries[index].mark == .done { doneCount -= 1 }
        if let mark {
            if exists { entries[index].mark = mark } else { entries.insert(Entry(day: day, mark: mark), at: index) }
            if mark == .done { doneCount += 1 }
        } else if exists {
            entries.remove(at: index)
        }
        return index
    }

    public mutating func removeEntries(before day: CivilDate) -> [Entry] {
        let index = lowerBound(day)
        let removed = Array(entries[..<index])
        entries.removeFirst(index)
        doneCount -= removed.reduce(0) { $0 + ($1.mark == .done ? 1 : 0) }
        return removed
    }
}
