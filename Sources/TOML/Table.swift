/// An ordered TOML table: keys keep their source (or insertion) order and
/// lookup by key is O(1).
///
/// Equality ignores key order, as TOML tables are unordered.
public struct TOMLTable: Sendable, Equatable, Sequence {
    public typealias Element = (key: String, value: TOMLValue)

    /// The keys as Strings, unless `keysInSource`.
    private var names: [String] = []
    /// Values in the same order as the keys.
    public internal(set) var values: [TOMLValue] = []
    var index = KeyIndex()
    /// Source positions per entry, parallel to `values` for parsed tables and
    /// empty once the table is edited in memory.
    var meta: [EntryMeta] = []
    /// Byte offset of the `[header]` / `[[header]]` that defined this table, or -1.
    var headerOffset = -1
    /// A parsed table whose keys are all bare keeps them where they are written: key `slot` is
    /// `source[meta[slot].keyStart..<meta[slot].keyEnd]`, and no String is made per key while
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
        keysInSource ? (0..<values.count).map(sourceKey(at:)) : names
    }

    /// The key of the entry at `slot` (`0..<count`).
    public func key(at slot: Int) -> String {
        keysInSource ? sourceKey(at: slot) : names[slot]
    }

    public var count: Int { values.count }
    public var isEmpty: Bool { values.isEmpty }

    /// The entries in order. Prefer iterating the table itself, which does
    /// not build an intermediate array.
    public var entries: [(key: String, value: TOMLValue)] { Array(self) }

    public func makeIterator() -> Iterator { Iterator(table: self) }

    public struct Iterator: IteratorProtocol {
        let table: TOMLTable
        var position = 0

        public mutating func next() -> (key: String, value: TOMLValue)? {
            guard position < table.values.count else { return nil }
            defer { position += 1 }
            return (table.key(at: position), table.values[position])
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
            let entry = meta[slot]
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
        let entry = meta[slot]
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
            return values[slot]
        }
        set {
            materializeKeys()
            meta.removeAll()
            if let slot = index(forKey: key) {
                if let newValue {
                    values[slot] = newValue
                } else {
                    remove(at: slot)
                }
            } else if let newValue {
                names.append(key)
                values.append(newValue)
                index.insert(slot: names.count - 1, in: names)
            }
        }
    }

    /// Inserts or moves `key` to `position` (clamped to the valid range).
    public mutating func insert(_ value: TOMLValue, forKey key: String, at position: Int) {
        materializeKeys()
        meta.removeAll()
        if let slot = index(forKey: key) { remove(at: slot) }
        let position = Swift.max(0, Swift.min(position, names.count))
        names.insert(key, at: position)
        values.insert(value, at: position)
        index.rebuild(names)
    }

    @discardableResult
    public mutating func removeValue(forKey key: String) -> TOMLValue? {
        guard let slot = index(forKey: key) else { return nil }
        let value = values[slot]
        materializeKeys()
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
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs {
            guard let other = rhs[key], other == value else { return false }
        }
        return true
    }

    private mutating func remove(at slot: Int) {
        names.remove(at: slot)
        values.remove(at: slot)
        index.rebuild(names)
    }

    /// Room for `entries` parsed entries (an upper bound: the lines of the section).
    mutating func reserveForParsing(_ entries: Int) {
        guard entries > values.count else { return }
        if !keysInSource { names.reserveCapacity(entries) }
        values.reserveCapacity(entries)
        meta.reserveCapacity(entries)
        index.reserve(entries)
    }

    /// Appends a parsed entry; the caller has checked the key is new. `bare`: the key is written
    /// as itself at `entryMeta`'s key range (not quoted).
    mutating func appendParsed(_ key: String, bare: Bool, _ value: TOMLValue, _ entryMeta: EntryMeta) {
        if !bare { materializeKeys() }
        if !keysInSource { names.append(key) }
        values.append(value)
        meta.append(entryMeta)
        var bytes = key
        let hash = bytes.withUTF8 { KeyIndex.hash(utf8: $0) }
        index.insert(hash: hash, slot: values.count - 1)
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
            let slot = values.count
            let existing = meta.withUnsafeBufferPointer { metas in
                index.findOrInsert(hash: hash, slot: slot) { slot in
                    let other = metas[slot]
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
            index.insert(hash: hash, slot: values.count)
        }
        values.append(value)
        meta.append(entryMeta)
        return nil
    }

    /// Replaces the source positions of the entry at `slot` (a table first created implicitly and
    /// now defined by its header); `bare` as in `appendParsed`.
    mutating func setParsedMeta(_ entryMeta: EntryMeta, at slot: Int, bare: Bool) {
        if !bare { materializeKeys() }
        meta[slot] = entryMeta
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
