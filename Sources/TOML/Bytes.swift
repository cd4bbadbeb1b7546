/// ASCII bytes the scanner compares against, named for readability.
enum ASCII {
    static let tab: UInt8 = 0x09
    static let lf: UInt8 = 0x0A
    static let cr: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let hash: UInt8 = 0x23
    static let apostrophe: UInt8 = 0x27
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let equals: UInt8 = 0x3D
    static let leftBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let rightBracket: UInt8 = 0x5D
    static let underscore: UInt8 = 0x5F
    static let leftBrace: UInt8 = 0x7B
    static let rightBrace: UInt8 = 0x7D
    static let delete: UInt8 = 0x7F
}

extension UInt8 {
    @inline(__always) var isDigit: Bool { self &- 0x30 < 10 }

    @inline(__always) var isHexDigit: Bool {
        isDigit || (self | 0x20) &- 0x61 < 6
    }

    /// A-Z a-z 0-9 _ - : the characters of a bare key.
    @inline(__always) var isBareKeyByte: Bool {
        (self | 0x20) &- 0x61 < 26 || self &- 0x30 < 10 || self == 0x5F || self == 0x2D
    }

    /// Control characters TOML forbids in strings and comments (tab is allowed).
    @inline(__always) var isForbiddenControl: Bool {
        (self < 0x20 && self != 0x09) || self == 0x7F
    }
}

/// Length of the well-formed UTF-8 sequence starting at `j` (1...4), or 0 if
/// the bytes there are not valid UTF-8 (overlongs and surrogates included).
@inline(__always)
func utf8SequenceLength(_ src: UnsafeBufferPointer<UInt8>, at j: Int) -> Int {
    let n = src.count
    let lead = src[j]
    if lead < 0x80 { return 1 }
    @inline(__always) func continuation(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
        k < n && src[k] >= low && src[k] <= high
    }
    switch lead {
    case 0xC2...0xDF:
        return continuation(j + 1) ? 2 : 0
    case 0xE0:
        return continuation(j + 1, 0xA0) && continuation(j + 2) ? 3 : 0
    case 0xE1...0xEC, 0xEE...0xEF:
        return continuation(j + 1) && continuation(j + 2) ? 3 : 0
    case 0xED:
        return continuation(j + 1, 0x80, 0x9F) && continuation(j + 2) ? 3 : 0
    case 0xF0:
        return continuation(j + 1, 0x90) && continuation(j + 2) && continuation(j + 3) ? 4 : 0
    case 0xF1...0xF3:
        return continuation(j + 1) && continuation(j + 2) && continuation(j + 3) ? 4 : 0
    case 0xF4:
        return continuation(j + 1, 0x80, 0x8F) && continuation(j + 2) && continuation(j + 3) ? 4 : 0
    default:
        return 0
    }
}

/// Appends the UTF-8 encoding of a valid scalar value.
func appendUTF8(_ scalar: UInt32, to buffer: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
        buffer.append(UInt8(scalar))
    case 0x80..<0x800:
        buffer.append(UInt8(0xC0 | (scalar >> 6)))
        buffer.append(UInt8(0x80 | (scalar & 0x3F)))
    case 0x800..<0x10000:
        buffer.append(UInt8(0xE0 | (scalar >> 12)))
        buffer.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
        buffer.append(UInt8(0x80 | (scalar & 0x3F)))
    default:
        buffer.append(UInt8(0xF0 | (scalar >> 18)))
        buffer.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
        buffer.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
        buffer.append(UInt8(0x80 | (scalar & 0x3F)))
    }
}

extension UInt64 {
    /// The high bit of each byte of `word` that is not a bare-key byte (A-Z a-z 0-9 _ -), and
    /// no other bit. Exact: each test adds at most 0xFE to a seven-bit byte, so no carry crosses
    /// into the next byte.
    @inline(__always)
    static func nonBareKeyBytes(in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let low = word & ~high
        // High bit set where lo <= byte <= hi, for a seven-bit byte.
        @inline(__always) func within(_ v: UInt64, _ lo: UInt64, _ hi: UInt64) -> UInt64 {
            (v &+ (0x80 - lo) &* ones) & ~(v &+ (0x7F - hi) &* ones) & high
        }
        let letters = within(low | 0x20 &* ones, 0x61, 0x7A)
        let bare = letters | within(low, 0x30, 0x39) | within(low, 0x5F, 0x5F) | within(low, 0x2D, 0x2D)
        return (~bare & high) | (word & high)
    }
}
