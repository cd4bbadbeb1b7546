/// FNV-1a, 64 bits: a stable name for some bytes where a collision costs nothing worse than a
/// miss (a cache or lock file named after a directory, a validator of a static file). Not for
/// anything an adversary may choose to collide.
public enum FNV1a {
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The hash as 16 hex digits.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = String(hash(bytes), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
