/// An ordered TOML table: keys keep their source (or insertion) order and
/// lookup by key is O(1).
///
/// Equality ignores key order, as TOML tables are unordered.
public struct TOMLTable: Sendable, Equatable, Sequence {
    public typealias Element = (key: String, value: TOMLValue)

    /// The keys as Strings, unless `keysInSource`.
    private var names: [String] = []
    /// Each entry's value and source positions, in one array: a parsed line is one append.
    private var slots: [Slot] = []
    var index = KeyIndex()
    /// Whether the entries' source positions are real: false once the table is edited in memory.
    private var hasMeta = true
    /// Byte offset of the `[header]` / `[[header]]` that defined this table, or -1.
    var headerOffset = -1
    /// A parsed table whose keys are all bare keeps them where they are written: key `slot` is
    /// `source[slots[slot].meta.keyStart..<slots[slot].meta.keyEnd]`, and no String is made per key while
    /// parsing (every line of a `[log]` has one). The first edit, or a quoted key, turns the
    /// keys into Strings.
    private var source: [UInt8] = []
    private var keysInSource = false

    public init() {}

    public init<S: Sequence>(_ entries: S) where S.Element == (String, TOMLValue) {
        for (key, value) in entries { self[key] = value }
    }

    /// A parsed table that keeps its bare keys in `source` (empty: keys are Strings).
    init(keysIn source: [UInt8]) {
        if !source.isEmpty {
            self.source = source
            keysInSource = true
        }
    }

    /// Keys in order. Made on each call for a parsed table: prefer iterating the table, or
    /// `key(at:)`.
    public var keys: [String] {
        keysInSource ? (0..<slots.count).map(sourceKey(at:)) : names
    }

    /// Values in the same order as the keys. Made on each call: prefer iterating the table, or
    /// `value(atSlot:)`.
    public var values: [TOMLValue] { slots.map(\.value) }

    /// The value of the entry at `slot` (`0..<count`).
    public func value(atSlot slot: Int) -> TOMLValue { slots[slot].value }

    /// The value at `slot`, replaceable in place (the parser swaps a placeholder in while it
    /// extends a nested table, so that table stays uniquely referenced).
    subscript(slot slot: Int) -> TOMLValue {
        get { slots[slot].value }
        set { slots[slot].value = newValue }
    }

    /// The key of the entry at `slot` (`0..<count`).
    public func key(at slot: Int) -> String {
        keysInSource ? sourceKey(at: slot) : names[slot]
    }

    /// The first slot whose key, as UTF-8, satisfies `predicate`: a search through a long table
    /// (a log of years) that makes no String of each key.
    public func firstSlot(whereKey predicate: (UnsafeBufferPointer<UInt8>) -> Bool) -> Int? {
        if keysInSource {
            return source.withUnsafeBufferPointer { source in
                slots.indices.first { slot in
                    let entry = slots[slot].meta
                    return predicate(UnsafeBufferPointer(rebasing: source[entry.keyStart..<entry.keyEnd]))
                }
            }
        }
        return names.indices.first { slot in
            var name = names[slot]
            return name.withUTF8 { predicate($0) }
        }
    }

    public var count: Int { slots.count }
    public var isEmpty: Bool { slots.isEmpty }

    /// The entries in order. Prefer iterating the table itself, which does
    /// not build an intermediate array.
    public var entries: [(key: String, value: TOMLValue)] { Array(self) }

    public func makeIterator() -> Iterator { Iterator(table: self) }

    public struct Iterator: IteratorProtocol {
        let table: TOMLTable
        var position = 0

        public mutating func next() -> (key: String, value: TOMLValue)? {
            guard position < table.slots.count else { return nil }
            defer { position += 1 }
            return (table.key(at: position), table.slots[position].value)
        }
    }

    /// Position of `key` among the entries.
    public func index(forKey key: String) -> Int? {
        var key = key
        return key.withUTF8 { bytes in
            index.find(hash: KeyIndex.hash(utf8: bytes)) { slot in keyBytes(at: slot, equal: bytes) }
        }
    }

    /// Whether the key at `slot` is `bytes` (TOML compares keys by their UTF-8 bytes).
    @inline(__always)
    private func keyBytes(at slot: Int, equal bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if keysInSource {
            let entry = slots[slot].meta
            guard entry.keyEnd - entry.keyStart == bytes.count else { return false }
            return source.withUnsafeBufferPointer { source in
                UnsafeBufferPointer(rebasing: source[entry.keyStart..<entry.keyEnd]).elementsEqual(bytes)
            }
        }
        var name = names[slot]
        return name.withUTF8 { $0.elementsEqual(bytes) }
    }

    /// Filling the String's own storage from bytes known to be ASCII (bare keys are A-Za-z0-9_-)
    /// costs half of `String(decoding:as:)` for a short key, and reading a log makes one a line.
    private func sourceKey(at slot: Int) -> String {
        let entry = slots[slot].meta
        return source.withUnsafeBufferPointer { source in
            let bytes = UnsafeBufferPointer(rebasing: source[entry.keyStart..<entry.keyEnd])
            return String(unsafeUninitializedCapacity: bytes.count) { buffer in
                _ = buffer.initialize(fromContentsOf: bytes)
                return bytes.count
            }
        }
    }

    /// Turns keys kept in the source into Strings, before an edit or a quoted key.
    mutating func materializeKeys() {
        guard keysInSource else { return }
        names = keys
        keysInSource = false
        source = []
    }

    public func contains(_ key: String) -> Bool { index(forKey: key) != nil }

    /// Gets, replaces, appends (new keys go last) or removes (`nil`) a value.
    public subscript(key: String) -> TOMLValue? {
        get {
            guard let slot = index(forKey: key) else { return nil }
            return slots[slot].value
        }
        set {
            materializeKeys()
            hasMeta = false
            if let slot = index(forKey: key) {
                if let newValue {
                    slots[slot].value = newValue
                } else {
                    remove(at: slot)
                }
            } else if let newValue {
                names.append(key)
                slots.append(Slot(value: newValue, meta: .none))
                index.insert(slot: names.count - 1, in: names)
            }
        }
    }

    /// Inserts or moves `key` to `position` (clamped to the valid range).
    public mutating func insert(_ value: TOMLValue, forKey key: String, at position: Int) {
        materializeKeys()
        hasMeta = false
        if let slot = index(forKey: key) { remove(at: slot) }
        let position = Swift.max(0, Swift.min(position, names.count))
        names.insert(key, at: position)
        slots.insert(Slot(value: value, meta: .none), at: position)
        index.rebuild(names)
    }

    @discardableResult
    public mutating func removeValue(forKey key: String) -> TOMLValue? {
        guard let slot = index(forKey: key) else { return nil }
        let value = slots[slot].value
        materializeKeys()
        hasMeta = false
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
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs {
            guard let other = rhs[key], other == value else { return false }
        }
        return true
    }

    private mutating func remove(at slot: Int) {
        names.remove(at: slot)
        slots.remove(at: slot)
        index.rebuild(names)
    }

    /// Room for `entries` parsed entries (an upper bound: the lines of the section).
    mutating func reserveForParsing(_ entries: Int) {
        guard entries > slots.count else { return }
        if !keysInSource { names.reserveCapacity(entries) }
        slots.reserveCapacity(entries)
        index.reserve(entries)
    }

    /// Appends a parsed entry; the caller has checked the key is new. `bare`: the key is written
    /// as itself at `entryMeta`'s key range (not quoted).
    mutating func appendParsed(_ key: String, bare: Bool, _ value: TOMLValue, _ entryMeta: EntryMeta) {
        if !bare { materializeKeys() }
        if !keysInSource { names.append(key) }
        slots.append(Slot(value: value, meta: entryMeta))
        index.insert(hash: KeyIndex.hash(key), slot: slots.count - 1)
    }

    /// Appends a parsed entry unless the key exists; returns the existing position in that case.
    mutating func appendParsedIfAbsent(_ key: String, bare: Bool, _ value: TOMLValue, _ entryMeta: EntryMeta) -> Int? {
        if let existing = index(forKey: key) { return existing }
        appendParsed(key, bare: bare, value, entryMeta)
        return nil
    }

    /// Appends a parsed entry with a bare key, read from the source bytes `src` (the bytes this
    /// table was made with) at `entryMeta`'s key range, unless the key exists; returns the
    /// existing position in that case. `hash` is `KeyIndex.hash(utf8:)` of the key.
    @inline(__always)
    mutating func appendParsedIfAbsent(
        bareKeyIn src: UnsafeBufferPointer<UInt8>, hash: UInt32, _ value: TOMLValue, _ entryMeta: EntryMeta
    ) -> Int? {
        let key = UnsafeBufferPointer(rebasing: src[entryMeta.keyStart..<entryMeta.keyEnd])
        if keysInSource {
            // Compared in `src`: the same bytes as `source`, without touching the array.
            let slot = slots.count
            let existing = slots.withUnsafeBufferPointer { slots in
                index.findOrInsert(hash: hash, slot: slot) { slot in
                    let other = slots[slot].meta
                    return other.keyEnd - other.keyStart == key.count
                        && UnsafeBufferPointer(rebasing: src[other.keyStart..<other.keyEnd]).elementsEqual(key)
                }
            }
            if let existing { return existing }
        } else {
            if let existing = index.find(hash: hash, matches: { slot in keyBytes(at: slot, equal: key) }) {
                return existing
            }
            names.append(String(decoding: key, as: UTF8.self))
            index.insert(hash: hash, slot: slots.count)
        }
        slots.append(Slot(value: value, meta: entryMeta))
        return nil
    }

    /// Replaces the source positions of the entry at `slot` (a table first created implicitly and
    /// now defined by its header); `bare` as in `appendParsed`.
    mutating func setParsedMeta(_ entryMeta: EntryMeta, at slot: Int, bare: Bool) {
        if !bare { materializeKeys() }
        slots[slot].meta = entryMeta
    }

    func meta(at slot: Int) -> EntryMeta? {
        hasMeta && slot < slots.count ? slots[slot].meta : nil
    }
}

extension TOMLTable: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, TOMLValue)...) {
        self.init(elements)
    }
}

/// An entry's value and where it is written (`EntryMeta.none` in a table edited in memory).
struct Slot: Sendable {
    var value: TOMLValue
    var meta: EntryMeta
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

    /// The positions of an entry made in memory, never read (`TOMLTable.meta(at:)` is nil).
    static let none = EntryMeta(keyStart: 0, keyEnd: 0, valueStart: 0, valueEnd: 0, kind: .value)

    var keyStart: Int { Int(start32) }
    var keyEnd: Int { Int(end32) }
    var valueStart: Int { Int(valueStart32) }
    var valueEnd: Int { Int(valueEnd32) }
}
