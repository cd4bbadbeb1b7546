/// Days off for every tracker (`[[vacation]]` in habit.toml): each day in a vacation is excused
/// like a skip, unless the tracker has its own mark on it.
public struct Vacation: Hashable, Sendable {
    public var from: CivilDate
    public var to: CivilDate

    public init(from: CivilDate, to: CivilDate) {
        (self.from, self.to) = (from, to)
    }

    public var days: ClosedRange<CivilDate> { from...to }
}

/// Vacations merged into sorted, disjoint ranges of day numbers, for lookups on the hot paths.
public struct Vacations: Hashable, Sendable {
    /// Disjoint, sorted, not adjacent.
    public private(set) var ranges: [ClosedRange<Int>]

    public static let none = Vacations([])

    public init(_ vacations: [Vacation]) {
        let sorted = vacations.filter { $0.from <= $0.to }.map { $0.from.dayNumber...$0.to.dayNumber }
            .sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<Int>] = []
        for range in sorted {
            if let last = merged.last, range.lowerBound <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        ranges = merged
    }

    public var isEmpty: Bool { ranges.isEmpty }

    /// Index of the first range ending on or after `day`.
    func firstRange(endingOnOrAfter day: Int) -> Int {
        ranges.partitionIndex { $0.upperBound >= day }
    }

    public func contains(_ day: CivilDate) -> Bool { contains(day.dayNumber) }

    public func contains(_ day: Int) -> Bool {
        let index = firstRange(endingOnOrAfter: day)
        return index < ranges.count && ranges[index].contains(day)
    }

    /// The vacation containing `day`, if any.
    public func range(containing day: CivilDate) -> ClosedRange<CivilDate>? {
        let index = firstRange(endingOnOrAfter: day.dayNumber)
        guard index < ranges.count, ranges[index].contains(day.dayNumber) else { return nil }
        return CivilDate(dayNumber: ranges[index].lowerBound)...CivilDate(dayNumber: ranges[index].upperBound)
    }

    /// Whether every day of `from...through` is already a vacation day.
    public func covers(from: CivilDate, through: CivilDate) -> Bool {
        let index = firstRange(endingOnOrAfter: from.dayNumber)
        return index < ranges.count && ranges[index].contains(from.dayNumber) && ranges[index].contains(through.dayNumber)
    }

    /// Walks days in increasing order answering "is this a vacation day?" in amortised O(1).
    struct Cursor {
        let ranges: [ClosedRange<Int>]
        var index: Int

        init(_ vacations: Vacations, from day: Int) {
            ranges = vacations.ranges
            index = vacations.firstRange(endingOnOrAfter: day)
        }

        /// Days must be asked in increasing order.
        @inline(__always)
        mutating func contains(_ day: Int) -> Bool {
            while index < ranges.count, ranges[index].upperBound < day { index += 1 }
            return index < ranges.count && ranges[index].lowerBound <= day
        }
    }
}
