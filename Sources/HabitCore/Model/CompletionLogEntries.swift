extension CompletionLog {
    /// A log's entries in day order: its plain done days and its other entries read together.
    public struct Entries: Collection, Sendable {
        let plainDone: DayBits
        let others: [Entry]

        public struct Index: Comparable, Sendable {
            /// The entry's day number (`Int.max` at the end).
            let day: Int
            /// The position in `others` of the first entry on or after `day`.
            let other: Int

            public static func == (lhs: Index, rhs: Index) -> Bool { lhs.day == rhs.day }
            public static func < (lhs: Index, rhs: Index) -> Bool { lhs.day < rhs.day }
        }

        /// The first entry on or after `day`, `other` being the first of `others` on or after it.
        func index(from day: Int, other: Int) -> Index {
            let done = plainDone.next(from: day) ?? Int.max
            let next = other < others.count ? Int(others[other].dayNumber32) : Int.max
            return Index(day: Swift.min(done, next), other: other)
        }

        public var startIndex: Index { index(from: Int.min, other: 0) }
        public var endIndex: Index { Index(day: Int.max, other: others.count) }
        public var count: Int { plainDone.count + others.count }
        public var isEmpty: Bool { plainDone.isEmpty && others.isEmpty }

        public subscript(position: Index) -> Entry {
            if position.other < others.count, Int(others[position.other].dayNumber32) == position.day {
                return others[position.other]
            }
            precondition(plainDone.contains(position.day), "not an index of these entries")
            return Entry(doneOnDayNumber: Int32(position.day))
        }

        public func index(after position: Index) -> Index {
            let onOther = position.other < others.count && Int(others[position.other].dayNumber32) == position.day
            return index(from: position.day + 1, other: onOther ? position.other + 1 : position.other)
        }
    }

    /// Reads a log's entries day by day in increasing order, with no search and no allocation
    /// per day (the statistics' walks).
    struct Cursor {
        let plainDone: DayBits
        let others: [Entry]
        var other: Int

        init(_ log: CompletionLog, from day: Int) {
            plainDone = log.plainDone
            others = log.others
            other = log.otherIndex(day)
        }

        /// The entry on the day numbered `day`. Days must be asked in increasing order (the same
        /// day twice is fine).
        @inline(__always)
        mutating func entry(on day: Int) -> Entry? {
            if plainDone.contains(day) { return Entry(doneOnDayNumber: Int32(truncatingIfNeeded: day)) }
            while other < others.count, Int(others[other].dayNumber32) < day { other += 1 }
            guard other < others.count, Int(others[other].dayNumber32) == day else { return nil }
            return others[other]
        }
    }
}
