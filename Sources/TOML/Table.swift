/// An ordered TOML table: keys keep their source (or insertion) order and
/// lookup by key is O(1).
///
/// Equality ignores key order, as TOML tables are unordered.
public struct TOMLTable: Sendable, Equatable, Sequence {
    public typealias Element = (key: String, value: TOMLValue)

    /// Keys in order.
    public private(set) var keys: [String] = []
    /// Values in the same order as `keys`.
    public internal(set) var values: [TOMLValue] = []
    var index = KeyIndex()
    /// Source positions per entry, parallel to `keys` for parsed tables and
    /// empty once the table is edited in memory.
    var meta: [EntryMeta] = []
    /// Byte offset of the `[header]` / `[[header]]` that defined this table, or -1.
    var headerOffset = -1

    public init() {}

    public init<S: Sequence>(_ entries: S) where S.Element == (String, TOMLValue) {
        for (key, value) in entries { self[key] = value }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The entries in order. Prefer iterating the table itself, which does
    /// not build an intermediate array.
    public var entries: [(key: String, value: TOMLValue)] { Array(self) }

    public func makeIterator() -> Iterator { Iterator(table: self) }

    public struct Iterator: IteratorProtocol {
        let table: TOMLTable
        var position = 0

        public mutating func next() -> (key: String, value: TOMLValue)? {
            guard position < table.keys.count else { return nil }
            defer { position += 1 }
            return (table.keys[position], table.values[position])
        }
    }

    /// Position of `key` among the entries.
    public func index(forKey key: String) -> Int? { index.find(key, in: keys) }

    public func contains(_ key: String) -> Bool { index(forKey: key) != nil }

    /// Gets, replaces, appends (new keys go last) or removes (`nil`) a value.
    public subscript(key: String) -> TOMLValue? {
        get {
            guard let slot = index(forKey: key) else { return nil }
            return values[slot]
        }
        set {
            meta.removeAll()
            if let slot = index(forKey: key) {
                if let newValue {
                    values[slot] = newValue
                } else {
                    remove(at: slot)
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
                index.insert(slot: keys.count - 1, in: keys)
            }
        }
    }

    /// Inserts or moves `key` to `position` (clamped to the valid range).
    public mutating func insert(_ value: TOMLValue, forKey key: String, at position: Int) {
        meta.removeAll()
        if let slot = index(forKey: key) { remove(at: slot) }
        let position = Swift.max(0, Swift.min(position, keys.count))
        keys.insert(key, at: position)
        values.insert(value, at: position)
        index.rebuild(keys)
    }

    @discardableResult
    public mutating func removeValue(forKey key: String) -> TOMLValue? {
        guard let slot = index(forKey: key) else { return nil }
        let value = values[slot]
        meta.removeAll()
        remove(at: slot)
        return value
    }

    /// Looks up a nested value; numeric components index into arrays.
    public func value(at path: [String]) -> TOMLValue? {
        guard let first = path.first, var value = self[first] else { return nil }
        for component in path.dropFirst() {
            switch value {
            case .table(let table):
                guard let next = table[component] else { return nil }
                value = next
            case .array(let elements):
                guard let index = Int(component), elements.indices.contains(index) else { return nil }
                value = elements[index]
            default:
                return nil
            }
        }
        return value
    }

    public static func == (lhs: TOMLTable, rhs: TOMLTable) -> Bool {
        guard lhs.keys.count == rhs.keys.count else { return false }
        for (key, value) in lhs {
            guard let other = rhs[key], other == value else { return false }
        }
        return true
    }

    private mutating func remove(at slot: Int) {
        keys.remove(at: slot)
        values.remove(at: slot)
        index.rebuild(keys)
    }

    /// Room for `entries` parsed entries (an upper bound: the lines of the section).
    mutating func reserveForParsing(_ entries: Int) {
        guard entries > keys.count else { return }
        keys.reserveCapacity(entries)
        values.reserveCapacity(entries)
        meta.reserveCapacity(entries)
        index.reserve(entries)
    }

    /// Appends a parsed entry; the caller has checked the key is new.
    mutating func appendParsed(_ key: String, _ value: TOMLValue, _ entryMeta: EntryMeta) {
        keys.append(key)
        values.append(value)
        meta.append(entryMeta)
        index.insert(slot: keys.count - 1, in: keys)
    }

    /// Appends a parsed entry unless the key exists; returns the existing
    /// position in that case.
    mutating func appendParsedIfAbsent(_ key: String, _ value: TOMLValue, _ entryMeta: EntryMeta) -> Int? {
        appendParsedIfAbsent(key, hash: KeyIndex.hash(key), value, entryMeta)
    }

    /// `appendParsedIfAbsent` with the key's hash computed from its bytes in the source.
    @inline(__always)
    mutating func appendParsedIfAbsent(_ key: String, hash: UInt32, _ value: TOMLValue, _ entryMeta: EntryMeta) -> Int? {
        if let existing = index.findOrInsert(key, hash: hash, in: keys) { return existing }
        keys.append(key)
        values.append(value)
        meta.append(entryMeta)
        return nil
    }

    func meta(at slot: Int) -> EntryMeta? {
        slot < meta.count ? meta[slot] : nil
    }
}

extension TOMLTable: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, TOMLValue)...) {
        self.init(elements)
    }
}

/// How an entry came to exist; TOML's rules on redefining tables depend on it.
enum EntryKind: UInt8, Sendable {
    /// `key = value`, including inline tables and arrays (which are sealed).
    case value
    /// A table created by a dotted key such as `a.b = 1`.
    case dottedTable
    /// A table created only as a prefix of a `[header]`.
    case implicitTable
    /// A table defined by its own `[header]`.
    case headerTable
    /// An array of tables built from `[[header]]`s.
    case arrayOfTables
}

/// Source ranges of one entry. For tables without a `key = value` line the
/// value range is the defining header (or the dotted key part).
///
/// Stored as 32-bit offsets (documents are limited to 2 GiB) because big
/// tables hold one of these per key.
struct EntryMeta: Sendable {
    private var start32: Int32
    private var end32: Int32
    private var valueStart32: Int32
    private var valueEnd32: Int32
    var kind: EntryKind

    init(keyStart: Int, keyEnd: Int, valueStart: Int, valueEnd: Int, kind: EntryKind) {
        start32 = Int32(truncatingIfNeeded: keyStart)
        end32 = Int32(truncatingIfNeeded: keyEnd)
        valueStart32 = Int32(truncatingIfNeeded: valueStart)
        valueEnd32 = Int32(truncatingIfNeeded: valueEnd)
        self.kind = kind
    }

    var keyStart: Int { Int(start32) }
    var keyEnd: Int { Int(end32) }
    var valueStart: Int { Int(valueStart32) }
    var valueEnd: Int { Int(valueEnd32) }
}
