/// Open-addressing hash index from key to entry position.
///
/// Cheaper than `[String: Int]` on the parser's hot path (one insert per
/// `key = value` line): a seeded multiply-xorshift hash over the UTF-8 bytes,
/// eight at a time, instead of SipHash; 32 hash bits kept in each bucket so
/// growing never rehashes keys; keys compare by bytes, which is what TOML
/// means by "same key" (no Unicode normalisation).
struct KeyIndex: Sendable {
    /// Per bucket: hash bits << 32 | (entry position + 1); 0 is empty.
    private var buckets: [UInt64] = []
    private var count = 0

    /// Per-process seed so crafted files cannot force collisions. The parser reads it once per
    /// document (each read of a global goes through a once-check).
    static let seed = UInt64.random(in: 1...UInt64.max)

    @inline(__always)
    static func hash(_ key: String) -> UInt32 {
        var key = key
        return key.withUTF8 { hash(utf8: $0) }
    }

    /// The hash of a key's UTF-8 bytes (the parser hashes a key where it reads it in the source).
    @inline(__always)
    static func hash(utf8 bytes: UnsafeBufferPointer<UInt8>, seed: UInt64 = KeyIndex.seed) -> UInt32 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var h = seed ^ UInt64(truncatingIfNeeded: bytes.count) &* multiplier
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let count = bytes.count
            var p = 0
            while p + 8 <= count {
                h = (h ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: p, as: UInt64.self))) &* multiplier
                h ^= h >> 29
                p += 8
            }
            if p < count {
                var tail: UInt64
                if count >= 8 {
                    // The last eight bytes, overlapping the words already mixed: one load, no loop.
                    tail = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
                } else {
                    tail = 0
                    var shift: UInt64 = 0
                    while p < count {
                        tail |= UInt64(base[p]) << shift
                        shift += 8
                        p += 1
                    }
                }
                h = (h ^ tail) &* multiplier
            }
        }
        h ^= h >> 29
        h = h &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 32
        return UInt32(truncatingIfNeeded: h)
    }

    /// The position whose key `matches`, among those with this hash.
    @inline(__always)
    func find(hash: UInt32, matches: (Int) -> Bool) -> Int? {
        guard !buckets.isEmpty else { return nil }
        let mask = buckets.count - 1
        var position = Int(hash) & mask
        while true {
            let bucket = buckets[position]
            if bucket == 0 { return nil }
            let slot = Int(bucket & 0xFFFF_FFFF) - 1
            if UInt32(truncatingIfNeeded: bucket >> 32) == hash, matches(slot) { return slot }
            position = (position + 1) & mask
        }
    }

    /// Looks a key up and, if absent, indexes it as position `slot` in one probe. Returns the
    /// existing position, or nil after indexing (the caller must then append the entry).
    @inline(__always)
    mutating func findOrInsert(hash: UInt32, slot: Int, matches: (Int) -> Bool) -> Int? {
        if (count + 1) * 2 > buckets.count { grow() }
        let mask = buckets.count - 1
        var position = Int(hash) & mask
        while true {
            let bucket = buckets[position]
            if bucket == 0 { break }
            let existing = Int(bucket & 0xFFFF_FFFF) - 1
            if UInt32(truncatingIfNeeded: bucket >> 32) == hash, matches(existing) { return existing }
            position = (position + 1) & mask
        }
        buckets[position] = UInt64(hash) << 32 | UInt64(slot + 1)
        count += 1
        return nil
    }

    /// Indexes position `slot`, whose key (with this hash) must not be indexed yet.
    mutating func insert(hash: UInt32, slot: Int) {
        if (count + 1) * 2 > buckets.count { grow() }
        place(UInt64(hash) << 32 | UInt64(slot + 1))
        count += 1
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
