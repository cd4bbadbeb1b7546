/// A set of days as bits: bit `i` of word `w` is the day numbered `first + 64 * w + i`.
///
/// `first` is a multiple of 64 and neither the first nor the last word is zero (an empty set is
/// `first` 0 and no words), so equal sets are equal values.
public struct DayBits: Hashable, Sendable {
    public private(set) var first = 0
    public private(set) var words: [UInt64] = []

    public init() {}

    /// The set stored as `words` from `first`; nil unless it is in the one form described above,
    /// with days of a log (within about 2^28 days of 1970).
    public init?(first: Int, words: [UInt64]) {
        guard abs(first) <= 1 << 30, words.count <= 1 << 26 else { return nil }
        if let head = words.first, let tail = words.last {
            guard first & 63 == 0, head != 0, tail != 0 else { return nil }
        } else if first != 0 {
            return nil
        }
        self.first = first
        self.words = words
    }

    /// Words whose first and last hold a day (or none), from a multiple of 64.
    init(spanning first: Int, words: [UInt64]) {
        self.first = first
        self.words = words
    }

    public var isEmpty: Bool { words.isEmpty }

    public var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    public var last: Int? {
        guard let tail = words.last else { return nil }
        return first + (words.count - 1) * 64 + 63 - tail.leadingZeroBitCount
    }

    @inline(__always)
    public func contains(_ day: Int) -> Bool {
        let offset = day &- first
        guard offset >= 0, offset < words.count &* 64 else { return false }
        return words[offset >> 6] >> UInt64(offset & 63) & 1 != 0
    }

    /// The first day of the set on or after `day`.
    public func next(from day: Int) -> Int? {
        let offset = day <= first ? 0 : day - first
        var index = offset >> 6
        guard index < words.count else { return nil }
        var word = words[index] & (~0 << UInt64(offset & 63))
        while word == 0 {
            index += 1
            guard index < words.count else { return nil }
            word = words[index]
        }
        return first + index * 64 + word.trailingZeroBitCount
    }

    /// How many days of the set are on or after `day`.
    public func count(from day: Int) -> Int {
        let offset = day <= first ? 0 : day - first
        let index = offset >> 6
        guard index < words.count else { return 0 }
        return words[(index + 1)...].reduce((words[index] & (~0 << UInt64(offset & 63))).nonzeroBitCount) { $0 + $1.nonzeroBitCount }
    }

    /// Calls `body` with every day of the set from `from` through `through`, in order.
    @inline(__always)
    func forEach(from: Int, through: Int, _ body: (Int) -> Void) {
        guard !words.isEmpty, from <= through else { return }
        let low = max(from, first) - first
        let high = min(through - first, words.count * 64 - 1)
        guard low <= high else { return }
        words.withUnsafeBufferPointer { words in
            for index in (low >> 6)...(high >> 6) {
                var word = words[index]
                if index == low >> 6 { word &= ~0 << UInt64(low & 63) }
                if index == high >> 6 { word &= ~0 >> UInt64(63 - high & 63) }
                while word != 0 {
                    body(first + index * 64 + word.trailingZeroBitCount)
                    word &= word - 1
                }
            }
        }
    }

    public mutating func insert(_ day: Int) {
        let wordStart = (day >> 6) << 6
        if words.isEmpty {
            first = wordStart
        } else if wordStart < first {
            words.insert(contentsOf: repeatElement(0, count: (first - wordStart) >> 6), at: 0)
            first = wordStart
        }
        let index = (day - first) >> 6
        if index >= words.count { words.append(contentsOf: repeatElement(0, count: index - words.count + 1)) }
        words[index] |= 1 << UInt64(day & 63)
    }

    public mutating func remove(_ day: Int) {
        guard contains(day) else { return }
        words[(day - first) >> 6] &= ~(1 << UInt64(day & 63))
        trim()
    }

    /// Removes the days before `day`.
    public mutating func removeAll(before day: Int) {
        let offset = day - first
        guard offset > 0 else { return }
        guard offset < words.count * 64 else {
            self = DayBits()
            return
        }
        for index in 0..<(offset >> 6) { words[index] = 0 }
        words[offset >> 6] &= ~0 << UInt64(offset & 63)
        trim()
    }

    /// Drops zero words at either end, keeping the one form.
    private mutating func trim() {
        let leading = words.prefix { $0 == 0 }.count
        guard leading < words.count else {
            self = DayBits()
            return
        }
        words.removeLast(words.reversed().prefix { $0 == 0 }.count)
        words.removeFirst(leading)
        first += leading * 64
    }
}
