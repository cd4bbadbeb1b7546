/// The order in which every list shows names: the way a person reads them, not the order of
/// code points. Case and accents are ignored as search ignores them (`TextFolding`), and a run
/// of digits compares as a number, so "Tracker 2" comes before "Tracker 10" and "Day 9" before
/// "day 10". Names equal that way ("Run" and "run", "Cafe" and "Café", "07" and "7") fall back to
/// the plain text, so the order is the same on every run.
public enum NameOrder {
    /// Whether `lhs` comes before `rhs`.
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        Key(lhs) < Key(rhs)
    }

    /// Trackers by name, the id deciding between equal names (ids are unique).
    public static func precedes(_ lhs: Tracker, _ rhs: Tracker) -> Bool {
        lhs.name != rhs.name ? precedes(lhs.name, rhs.name) : lhs.id < rhs.id
    }

    /// Names in this order.
    public static func sorted(_ names: some Sequence<String>) -> [String] {
        names.map(Key.init).sorted().map(\.name)
    }

    /// Trackers in this order: each name is folded once, not once per comparison.
    public static func sorted(_ trackers: some Sequence<Tracker>) -> [Tracker] {
        sorted(trackers) { $0 }
    }

    /// `elements` by their tracker's name, each name folded once, the tracker's id deciding
    /// between equal names.
    public static func sorted<Element>(_ elements: some Sequence<Element>, by tracker: (Element) -> Tracker) -> [Element] {
        elements.map { (element: $0, tracker: tracker($0), key: Key(tracker($0).name)) }
            .sorted { $0.key != $1.key ? $0.key < $1.key : $0.tracker.id < $1.tracker.id }
            .map(\.element)
    }

    /// Trackers as the day view lists them: categories in `categoryOrder` (the settings' order),
    /// categories it does not name after them by their text, and inside each category by name.
    public static func sorted(_ trackers: some Sequence<Tracker>, categoryOrder: [String]) -> [Tracker] {
        var members = Dictionary(grouping: trackers, by: \.category)
        let known = Set(categoryOrder)
        let extra = members.keys.filter { !known.contains($0) }.sorted()
        return (categoryOrder + extra).flatMap { sorted(members.removeValue(forKey: $0) ?? []) }
    }

    /// A name with its folded text, compared in this order.
    public struct Key: Comparable, Sendable {
        public let name: String
        let folded: [Unicode.Scalar]

        public init(_ name: String) {
            self.name = name
            folded = Array(TextFolding.fold(name).unicodeScalars)
        }

        public static func < (lhs: Key, rhs: Key) -> Bool {
            let order = compare(lhs.folded, rhs.folded)
            return order != 0 ? order < 0 : lhs.name < rhs.name
        }

        public static func == (lhs: Key, rhs: Key) -> Bool { lhs.name == rhs.name }
    }

    /// -1, 0 or 1: folded texts compared scalar by scalar, digit runs by their value.
    static func compare(_ lhs: String, _ rhs: String) -> Int {
        compare(Array(lhs.unicodeScalars), Array(rhs.unicodeScalars))
    }

    static func compare(_ left: [Unicode.Scalar], _ right: [Unicode.Scalar]) -> Int {
        var i = 0, j = 0
        while i < left.count, j < right.count {
            if isDigit(left[i]), isDigit(right[j]) {
                let (leftNumber, nextI) = digits(left, from: i)
                let (rightNumber, nextJ) = digits(right, from: j)
                if leftNumber.count != rightNumber.count { return leftNumber.count < rightNumber.count ? -1 : 1 }
                for (a, b) in zip(leftNumber, rightNumber) where a != b { return a < b ? -1 : 1 }
                (i, j) = (nextI, nextJ)
                continue
            }
            if left[i] != right[j] { return left[i].value < right[j].value ? -1 : 1 }
            i += 1
            j += 1
        }
        let leftRest = left.count - i, rightRest = right.count - j
        return leftRest == rightRest ? 0 : (leftRest < rightRest ? -1 : 1)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// The digit run starting at `start` without its leading zeros, and where the run ends.
    private static func digits(_ scalars: [Unicode.Scalar], from start: Int) -> (ArraySlice<Unicode.Scalar>, Int) {
        var end = start
        while end < scalars.count, isDigit(scalars[end]) { end += 1 }
        var first = start
        while first < end - 1, scalars[first] == "0" { first += 1 }
        return (scalars[first..<end], end)
    }
}
