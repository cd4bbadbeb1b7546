#if canImport(Glibc)
import Glibc
#endif

/// Single keys from the terminal, for the welcome pages: the terminal is put in non-canonical
/// mode without echo for one read, and restored.
enum RawTerminal {
    static func readKey() -> Context.Key {
        var saved = termios()
        guard tcgetattr(0, &saved) == 0 else { return .next }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        tcsetattr(0, TCSANOW, &raw)
        defer { tcsetattr(0, TCSANOW, &saved) }
        var buffer = [UInt8](repeating: 0, count: 8)
        let count = read(0, &buffer, buffer.count)
        guard count > 0 else { return .interrupt }
        switch buffer[0] {
        case 3, 4: return .interrupt                 // Ctrl-C, Ctrl-D
        case UInt8(ascii: "q"), UInt8(ascii: "Q"): return .skip
        case 27 where count == 1: return .skip       // Escape alone, not the start of an arrow key
        default: return .next                        // Enter, space, → (ESC [ C), anything else
        }
    }
}
