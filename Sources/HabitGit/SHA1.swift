/// SHA-1 (FIPS 180-4): hashed known_hosts names, and the check that a loose commit read without
/// libgit2 (`LooseObjects`) is the one its name says. Linux has no system hashing API Swift can
/// import without another dependency; objects habit stores are hashed by libgit2.
struct SHA1 {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
    private var pending: [UInt8] = []
    private var length: UInt64 = 0
    init() {
        pending.reserveCapacity(64)
    }

    static func digest(_ bytes: [UInt8]) -> [UInt8] {
        var hash = SHA1()
        hash.update(bytes)
        return hash.finish()
    }

    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { update($0) }
    }

    mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        length &+= UInt64(bytes.count)
        var start = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<take])
            start = take
            guard pending.count == 64 else { return }
            pending.withUnsafeBufferPointer { compress($0.baseAddress!, blocks: 1) }
            pending.removeAll(keepingCapacity: true)
        }
        let blocks = (bytes.count - start) / 64
        if blocks > 0 {
            compress(bytes.baseAddress! + start, blocks: blocks)
            start += blocks * 64
        }
        if start < bytes.count { pending.append(contentsOf: bytes[start...]) }
    }

    mutating func finish() -> [UInt8] {
        let bits = length &* 8
        var tail: [UInt8] = [0x80]
        let used = (pending.count + 1) % 64
        tail += [UInt8](repeating: 0, count: used <= 56 ? 56 - used : 120 - used)
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        let savedLength = length
        update(tail)
        length = savedLength
        var out: [UInt8] = []
        out.reserveCapacity(20)
        for word in [state.0, state.1, state.2, state.3, state.4] {
            out += [UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)]
        }
        return out
    }

    private mutating func compress(_ data: UnsafePointer<UInt8>, blocks: Int) {
        for index in 0..<blocks { compress(data + index &* 64) }
    }

    private mutating func compress(_ block: UnsafePointer<UInt8>) {
        state = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { w in
            for index in 0..<16 {
                let base = block + index &* 4
                w[index] = UInt32(base[0]) << 24 | UInt32(base[1]) << 16 | UInt32(base[2]) << 8 | UInt32(base[3])
            }
            for index in 16..<80 {
                let mixed = w[index &- 3] ^ w[index &- 8] ^ w[index &- 14] ^ w[index &- 16]
                w[index] = mixed << 1 | mixed >> 31
            }
            var (a, b, c, d, e) = state
            for index in 0..<20 {
                let next = (a << 5 | a >> 27) &+ ((b & c) | (~b & d)) &+ e &+ 0x5A82_7999 &+ w[index]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, next)
            }
            for index in 20..<40 {
                let next = (a << 5 | a >> 27) &+ (b ^ c ^ d) &+ e &+ 0x6ED9_EBA1 &+ w[index]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, next)
            }
            for index in 40..<60 {
                let next = (a << 5 | a >> 27) &+ ((b & c) | (b & d) | (c & d)) &+ e &+ 0x8F1B_BCDC &+ w[index]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, next)
            }
            for index in 60..<80 {
                let next = (a << 5 | a >> 27) &+ (b ^ c ^ d) &+ e &+ 0xCA62_C1D6 &+ w[index]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, next)
            }
            return (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
        }
    }
}
