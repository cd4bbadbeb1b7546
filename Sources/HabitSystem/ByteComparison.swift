#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Array where Element == UInt8 {
    /// Whether `other` holds the same bytes, compared by `memcmp`: `==` on two arrays of bytes
    /// compares them one element at a time, and a change compares whole
    /// tracker files (a ten-year one is 65 KB) with what is on disk.
    public func hasSameBytes(as other: [UInt8]) -> Bool {
        guard count == other.count else { return false }
        // An empty array need not have an address to compare from.
        guard !isEmpty else { return true }
        return withUnsafeBytes { mine in other.withUnsafeBytes { memcmp(mine.baseAddress!, $0.baseAddress!, count) == 0 } }
    }
}

extension Optional where Wrapped == [UInt8] {
    /// Both absent, or both present with the same bytes (`Array.hasSameBytes(as:)`).
    public func hasSameBytes(as other: [UInt8]?) -> Bool {
        switch (self, other) {
        case (nil, nil): true
        case let (mine?, other?): mine.hasSameBytes(as: other)
        default: false
        }
    }
}
