/// SHA-256 (FIPS 180-4) and PBKDF2-HMAC-SHA256 (RFC 8018), the slow salted hash the password of
/// `habit serve` is kept as. Written here because the binary links no cryptography library; the
/// tests compare it with Python's `hashlib`.
enum SHA256 {
    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]
    static let initial: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]

    static func hash(_ message: [UInt8]) -> [UInt8] {
        var state = initial
        var padded = message
        padded.append(0x80)
        while padded.count % 64 != 56 { padded.append(0) }
        let bits = UInt64(message.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) { padded.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        for start in stride(from: 0, to: padded.count, by: 64) { compress(&state, padded[start..<start + 64]) }
        return bytes(state)
    }

    static func bytes(_ state: [UInt32]) -> [UInt8] {
        state.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> $0) } }
    }

    /// One 64-byte block into the state.
    static func compress(_ state: inout [UInt32], _ block: ArraySlice<UInt8>) {
        var w = [UInt32](repeating: 0, count: 64)
        var index = block.startIndex
        for t in 0..<16 {
            w[t] = UInt32(block[index]) << 24 | UInt32(block[index + 1]) << 16 | UInt32(block[index + 2]) << 8 | UInt32(block[index + 3])
            index += 4
        }
        func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }
        for t in 16..<64 {
            let s0 = rotate(w[t - 15], 7) ^ rotate(w[t - 15], 18) ^ (w[t - 15] >> 3)
            let s1 = rotate(w[t - 2], 17) ^ rotate(w[t - 2], 19) ^ (w[t - 2] >> 10)
            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
        for t in 0..<64 {
            let t1 = h &+ (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[t] &+ w[t]
            let t2 = (rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
        }
        for (offset, value) in [a, b, c, d, e, f, g, h].enumerated() { state[offset] = state[offset] &+ value }
    }
}

/// HMAC-SHA256 with the key's inner and outer states computed once, which PBKDF2's many rounds reuse.
struct HMACSHA256 {
    private var inner: [UInt32]
    private var outer: [UInt32]

    init(key: [UInt8]) {
        var block = key.count > 64 ? SHA256.hash(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        inner = SHA256.initial
        outer = SHA256.initial
        SHA256.compress(&inner, block.map { $0 ^ 0x36 }[...])
        SHA256.compress(&outer, block.map { $0 ^ 0x5c }[...])
    }

    /// The MAC of `message`, continuing the states past their one key block.
    func mac(_ message: [UInt8]) -> [UInt8] {
        let innerHash = Self.finish(inner, message)
        return Self.finish(outer, innerHash)
    }

    private static func finish(_ start: [UInt32], _ message: [UInt8]) -> [UInt8] {
        var state = start
        var padded = message
        padded.append(0x80)
        while padded.count % 64 != 56 { padded.append(0) }
        let bits = UInt64(64 + message.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) { padded.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        for start in stride(from: 0, to: padded.count, by: 64) { SHA256.compress(&state, padded[start..<start + 64]) }
        return SHA256.bytes(state)
    }
}

enum PBKDF2 {
    /// The first 32 bytes of PBKDF2-HMAC-SHA256 (one block: all a password check needs).
    static func sha256(password: [UInt8], salt: [UInt8], iterations: Int) -> [UInt8] {
        let hmac = HMACSHA256(key: password)
        var u = hmac.mac(salt + [0, 0, 0, 1])
        var result = u
        for _ in 1..<max(1, iterations) {
            u = hmac.mac(u)
            for index in result.indices { result[index] ^= u[index] }
        }
        return result
    }
}
