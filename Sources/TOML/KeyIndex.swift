/// Open-addressing hash index from key to entry position.
///
/// Cheaper than `[String: Int]` on the parser's hot path (one insert per
/// `key = value` line): a seeded FNV-1a over the UTF-8 bytes instead of
/// SipHash, 32 hash bits kept in each bucket so growing never rehashes keys,
/// and keys compare by bytes, which is what TOML means by "same key" (no
/// Unicode normalisation).
struct KeyIndex: Sendable {
    /// Per bucket: hash bits << 32 | (entry position + 1); 0 is empty.
    private var buckets: [UInt64] = []
    private var count = 0

    /// Per-process seed so crafted files cannot force collisions.
    private static let seed = UInt64.random(in: 1...UInt64.max)

    @inline(__always)
    static func hash(_ key: String) -> UInt32 {
        var key = key
        return key.withUTF8 { hash(utf8: $0) }
    }

    /// The hash of a key's UTF-8 bytes (the parser hashes a key where it reads it in the source).
    @inline(__always)
    static func hash(utf8 bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
        for byte in bytes {
            h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        h ^= h >> 29
        h = h &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 32
        return UInt32(truncatingIfNeeded: h)
    }

    @inline(__always)
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { x in b.withUTF8 { y in x.elementsEqual(y) } }
    }

    func find(_ key: String, in keys: [String]) -> Int? {
        guard !buckets.isEmpty else { return nil }
        let hash = KeyIndex.hash(key)
        let mask = buckets.count - 1
        var position = Int(hash) & mask
        while true {
            let bucket = buckets[position]
            if bucket == 0 { return nil }
            let slot = Int(bucket & 0xFFFF_FFFF) - 1
            if UInt32(truncatingIfNeeded: bucket >> 32) == hash, KeyIndex.sameBytes(keys[slot], key) {
                return slot
            }
            position = (position + 1) & mask
        }
    }

    /// Looks `key` up and, if absent, reserves its bucket for position
    /// `keys.count` in one probe. Returns the existing position, or nil
    /// after indexing the key (the caller must then append it).
    mutating func findOrInsert(_ key: String, in keys: [String]) -> Int? {
        findOrInsert(key, hash: KeyIndex.hash(key), in: keys)
    }

    /// `findOrInsert` with the key's hash already computed (`hash(utf8:)`).
    mutating func findOrInsert(_ key: String, hash: UInt32, in keys: [String]) -> Int? {
        if (count + 1) * 2 > buckets.count { grow() }
        let mask = buckets.count - 1
        var position = Int(hash) & mask
        while true {
            let bucket = buckets[position]
            if bucket == 0 { break }
            let slot = Int(bucket & 0xFFFF_FFFF) - 1
            if UInt32(truncatingIfNeeded: bucket >> 32) == hash, KeyIndex.sameBytes(keys[slot], key) {
                return slot
            }
            position = (position + 1) & mask
        }
        buckets[position] = UInt64(hash) << 32 | UInt64(keys.count + 1)
        count += 1
        return nil
    }

    /// Indexes `keys[slot]`, which must not be indexed yet.
    mutating func insert(slot: Int, in keys: [String]) {
        if (count + 1) * 2 > buckets.count { grow() }
        place(UInt64(KeyIndex.hash(keys[slot])) << 32 | UInt64(slot + 1))
        count += 1
    }

    mutating func rebuild(_ keys: [String]) {
        var capacity = 8
        while keys.count * 2 > capacity { capacity *= 2 }
        buckets = [UInt64](repeating: 0, count: capacity)
        count = keys.count
        for (slot, key) in keys.enumerated() {
            place(UInt64(KeyIndex.hash(key)) << 32 | UInt64(slot + 1))
        }
    }

    /// Makes room for `entries` keys without growing again (the parser knows how many lines a
    /// section has: a long `[log]` would otherwise grow and re-place its buckets a dozen times).
    mutating func reserve(_ entries: Int) {
        var size = Swift.max(8, buckets.count)
        while entries * 2 > size { size *= 2 }
        guard size > buckets.count else { return }
        let old = buckets
        buckets = [UInt64](repeating: 0, count: size)
        for bucket in old where bucket != 0 { place(bucket) }
    }

    private mutating func grow() {
        let old = buckets
        buckets = [UInt64](repeating: 0, count: Swift.max(8, old.count * 2))
        for bucket in old where bucket != 0 { place(bucket) }
    }

    @inline(__always)
    private mutating func place(_ bucket: UInt64) {
        let mask = buckets.count - 1
        var position = Int(truncatingIfNeeded: bucket >> 32) & mask
        while buckets[position] != 0 { position = (position + 1) & mask }
        buckets[position] = bucket
    }
}
