/// The xterm-family sequences the layer uses; every modern emulator, tmux and screen know them.
enum ControlSequence {
    static let synchronizedBegin: [UInt8] = Array("\u{1B}[?2026h".utf8)
    static let synchronizedEnd: [UInt8] = Array("\u{1B}[?2026l".utf8)
    static let clearScreen: [UInt8] = Array("\u{1B}[H\u{1B}[2J".utf8)
    static let resetStyle: [UInt8] = Array("\u{1B}[m".utf8)
    static let showCursor: [UInt8] = Array("\u{1B}[?25h".utf8)
    static let hideCursor: [UInt8] = Array("\u{1B}[?25l".utf8)
    static let alternateScreenOn: [UInt8] = Array("\u{1B}[?1049h".utf8)
    static let alternateScreenOff: [UInt8] = Array("\u{1B}[?1049l".utf8)
    static let bracketedPasteOn: [UInt8] = Array("\u{1B}[?2004h".utf8)
    static let bracketedPasteOff: [UInt8] = Array("\u{1B}[?2004l".utf8)
    /// Press, release and drag reports (1002) in the SGR encoding (1006), which has no 223-column limit.
    static let mouseOn: [UInt8] = Array("\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h".utf8)
    static let mouseOff: [UInt8] = Array("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l".utf8)
}

extension Array where Element == UInt8 {
    @inline(__always)
    mutating func appendDecimal(_ value: Int) {
        if value < 10 {
            append(UInt8(48 + value))
        } else if value < 100 {
            append(UInt8(48 + value / 10)); append(UInt8(48 + value % 10))
        } else {
            var divisor = 100
            while divisor <= value / 10 { divisor *= 10 }
            var rest = value
            while divisor > 0 { append(UInt8(48 + rest / divisor)); rest %= divisor; divisor /= 10 }
        }
    }

    @inline(__always)
    mutating func appendCSI() { append(0x1B); append(0x5B) }
}

/// Number of decimal digits, for choosing the shorter of two cursor moves.
@inline(__always)
func decimalLength(_ value: Int) -> Int { value < 10 ? 1 : value < 100 ? 2 : value < 1000 ? 3 : value < 10000 ? 4 : 5 }
