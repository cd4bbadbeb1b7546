/// Bytes from the terminal in, key presses, pastes and mouse events out.
///
/// Reads may end anywhere: inside a UTF-8 sequence, an escape sequence or a paste; what is
/// incomplete waits for the next `feed`. A lone Esc cannot be told from the start of a sequence
/// until time passes, so the caller (who owns the clock) calls `expire()` when no byte followed
/// an Esc within its timeout (`isWaiting`).
public struct InputParser {
    private var buffer: [UInt8] = []
    private var pasting = false
    private var paste: [UInt8] = []

    public init() {}

    /// Bytes wait for what may follow them: an Esc (or Esc and part of a sequence), an incomplete
    /// UTF-8 sequence, or an emoji that a joiner or modifier in the next read may extend. The
    /// caller calls `expire()` when nothing came within the timeout.
    public var isWaiting: Bool { !pasting && !buffer.isEmpty }

    /// Everything `bytes` completes, in order.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [InputEvent] where Bytes.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        var events: [InputEvent] = []
        let consumed = parse(from: 0, into: &events)
        buffer.removeFirst(consumed)
        return events
    }

    /// The Esc timeout passed with nothing after it: a waiting Esc is the Escape key, Esc and one
    /// byte is Alt and that key, and a sequence cut short is Escape and the text after it.
    public mutating func expire() -> [InputEvent] {
        guard isWaiting else { return [] }
        var events: [InputEvent] = []
        guard buffer[0] == 0x1B else {
            let used = parseText(at: 0, into: &events, final: true) ?? buffer.count
            buffer.removeFirst(min(used, buffer.count))
            return events
        }
        var start = 1
        if buffer.count == 2, let key = Self.singleKey(buffer[1]) {
            events.append(.key(KeyPress(key.key, key.modifiers.union(.alt))))
            start = 2
        } else {
            events.append(.key(KeyPress(.escape)))
        }
        buffer.removeFirst(start)
        // What follows is taken as typed; an Esc inside it waits again.
        let consumed = parse(from: 0, into: &events)
        buffer.removeFirst(consumed)
        return events
    }

    /// Parses from `start` as far as complete input goes; returns how many bytes were used.
    private mutating func parse(from start: Int, into events: inout [InputEvent]) -> Int {
        var index = start
        while index < buffer.count {
            if pasting {
                guard let used = takePaste(from: index, into: &events) else {
                    // Keep the paste's bytes out of the buffer, except a possibly cut end marker.
                    let keep = min(buffer.count - index, Self.pasteEnd.count - 1)
                    paste.append(contentsOf: buffer[index..<(buffer.count - keep)])
                    return buffer.count - keep
                }
                index += used
                continue
            }
            let byte = buffer[index]
            if byte == 0x1B {
                guard let used = parseEscape(at: index, into: &events) else { return index }
                index += used
            } else if byte < 0x20 || byte == 0x7F {
                if let key = Self.singleKey(byte) { events.append(.key(key)) }
                index += 1
            } else {
                guard let used = parseText(at: index, into: &events) else { return index }
                index += used
            }
        }
        return index
    }

    static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    private mutating func takePaste(from index: Int, into events: inout [InputEvent]) -> Int? {
        let end = buffer.count - Self.pasteEnd.count
        guard end >= index else { return nil }
        var position = index
        while position <= end {
            if buffer[position] == 0x1B && Array(buffer[position..<(position + Self.pasteEnd.count)]) == Self.pasteEnd {
                paste.append(contentsOf: buffer[index..<position])
                events.append(.paste(String(decoding: paste, as: UTF8.self)))
                paste.removeAll()
                pasting = false
                return position - index + Self.pasteEnd.count
            }
            position += 1
        }
        return nil
    }

    /// Ctrl-keys and other one-byte keys; printable ASCII as a character.
    static func singleKey(_ byte: UInt8) -> KeyPress? {
        switch byte {
        case 0x0D, 0x0A: return KeyPress(.enter)
        case 0x09: return KeyPress(.tab)
        case 0x7F, 0x08: return KeyPress(.backspace)
        case 0x1B: return KeyPress(.escape)
        case 0x00: return .control(" ")
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(byte + 0x60)))
        case 0x1C: return .control("\\")
        case 0x1D: return .control("]")
        case 0x1E: return .control("^")
        case 0x1F: return .control("_")
        case 0x20..<0x7F: return .character(Character(Unicode.Scalar(byte)))
        default: return nil
        }
    }

    /// A run of printable text, split into graphemes; nil when it ends inside a UTF-8 sequence
    /// and nothing before it is complete.
    private func parseText(at start: Int, into events: inout [InputEvent], final: Bool = false) -> Int? {
        var index = start
        var textEnd = start
        var cutAtEnd = false
        while index < buffer.count {
            let byte = buffer[index]
            if byte < 0x80 {
                if byte < 0x20 || byte == 0x7F { break }
                index += 1
                textEnd = index
                continue
            }
            let length: Int
            switch byte {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: length = 0
            }
            if length == 0 || (index + 1 < buffer.count && !(0x80...0xBF).contains(buffer[index + 1])) {
                // Not UTF-8: dropped, so one bad byte cannot swallow the keys after it.
                if index == start { return 1 }
                break
            }
            if index + length > buffer.count {
                if final { index = buffer.count; break }
                if index == start { return nil }
                cutAtEnd = true
                break
            }
            if !buffer[(index + 1)..<(index + length)].allSatisfy({ (0x80...0xBF).contains($0) }) {
                if index == start { return 1 }
                break
            }
            index += length
            textEnd = index
        }
        var text = String(decoding: buffer[start..<textEnd], as: UTF8.self)
        if !final, textEnd == buffer.count || cutAtEnd, let last = text.last, Self.mayBeExtended(last) {
            // The rest of this emoji may be in the next read (a read can end after any scalar).
            text.removeLast()
            textEnd -= last.utf8.count
            if textEnd == start { return nil }
        }
        for character in text { events.append(.key(.character(character))) }
        return max(textEnd, final ? index : textEnd) - start
    }

    /// An emoji a following joiner, modifier or second flag letter would make part of a longer
    /// grapheme.
    static func mayBeExtended(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first, first.value > 0xFF else { return false }
        return first.properties.isEmoji || character.unicodeScalars.last?.value == 0x200D
    }

    /// An escape sequence, or Alt and a key; nil while incomplete.
    private mutating func parseEscape(at start: Int, into events: inout [InputEvent]) -> Int? {
        guard start + 1 < buffer.count else { return nil }
        let next = buffer[start + 1]
        switch next {
        case 0x5B:  // [
            return parseCSI(at: start, into: &events)
        case 0x4F:  // O: SS3, what application cursor mode sends
            guard start + 2 < buffer.count else { return nil }
            if let key = Self.finalKey(buffer[start + 2]) {
                events.append(.key(KeyPress(key)))
                return 3
            }
            events.append(.key(.character("O", .alt)))
            return 2
        case 0x1B:
            events.append(.key(KeyPress(.escape)))
            return 1
        default:
            if next >= 0x80 {
                var alt: [InputEvent] = []
                guard let used = parseText(at: start + 1, into: &alt) else { return nil }
                if case .key(let key)? = alt.first {
                    events.append(.key(KeyPress(key.key, key.modifiers.union(.alt))))
                    events.append(contentsOf: alt.dropFirst())
                }
                return 1 + used
            }
            if let key = Self.singleKey(next) {
                events.append(.key(KeyPress(key.key, key.modifiers.union(.alt))))
            }
            return 2
        }
    }

    static func finalKey(_ byte: UInt8) -> Key? {
        switch byte {
        case 0x41: return .up
        case 0x42: return .down
        case 0x43: return .right
        case 0x44: return .left
        case 0x48: return .home
        case 0x46: return .end
        case 0x50: return .function(1)
        case 0x51: return .function(2)
        case 0x52: return .function(3)
        case 0x53: return .function(4)
        default: return nil
        }
    }

    private mutating func parseCSI(at start: Int, into events: inout [InputEvent]) -> Int? {
        var index = start + 2
        // The Linux console's F1–F5: ESC [ [ A … E.
        if index < buffer.count, buffer[index] == 0x5B {
            guard index + 1 < buffer.count else { return nil }
            let letter = buffer[index + 1]
            if (0x41...0x45).contains(letter) { events.append(.key(KeyPress(.function(Int(letter) - 0x40)))) }
            return 4
        }
        while index < buffer.count, (0x20...0x3F).contains(buffer[index]) { index += 1 }
        guard index < buffer.count else { return nil }
        let final = buffer[index]
        guard (0x40...0x7E).contains(final) else {
            // Not a sequence after all: Alt-[ and the rest as typed.
            events.append(.key(.character("[", .alt)))
            return 2
        }
        let body = buffer[(start + 2)..<index]
        let used = index - start + 1
        if body.first == 0x3C {  // <: SGR mouse
            if let mouse = Self.mouse(body.dropFirst(), final: final) { events.append(.mouse(mouse)) }
            return used
        }
        let numbers = Self.parameters(body)
        let modifiers = Modifiers(xtermParameter: numbers.count > 1 ? numbers[1] : 1)
        switch final {
        case 0x7E:  // ~
            let code = numbers.first ?? 0
            if code == 200 {
                pasting = true
                return used
            }
            if let key = Self.tildeKey(code) { events.append(.key(KeyPress(key, modifiers))) }
        case 0x5A:  // Z: Shift-Tab
            events.append(.key(KeyPress(.tab, modifiers.union(.shift))))
        case 0x75:  // u: the fixterms/kitty form, ESC [ code ; modifiers u
            if let code = numbers.first, let scalar = Unicode.Scalar(code) {
                let key: KeyPress = Self.singleKey(code < 0x80 ? UInt8(code) : 0x80) ?? .character(Character(scalar))
                events.append(.key(KeyPress(key.key, key.modifiers.union(modifiers))))
            }
        default:
            if let key = Self.finalKey(final) { events.append(.key(KeyPress(key, modifiers))) }
        }
        return used
    }

    static func tildeKey(_ code: Int) -> Key? {
        switch code {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(code - 10)
        case 17...21: return .function(code - 11)
        case 23, 24: return .function(code - 12)
        default: return nil
        }
    }

    /// `;`-separated decimal parameters; an empty one is 0 (callers use defaults of 1).
    static func parameters(_ body: ArraySlice<UInt8>) -> [Int] {
        var result: [Int] = []
        var current = 0
        var any = false
        for byte in body {
            if byte == 0x3B {
                result.append(any ? current : 1)
                current = 0; any = false
            } else if (0x30...0x39).contains(byte) {
                current = min(current * 10 + Int(byte - 0x30), 1_000_000)
                any = true
            }
        }
        result.append(any ? current : 1)
        return result
    }

    /// SGR (1006) mouse report: ESC [ < button ; column ; row M (press, motion) or m (release).
    static func mouse(_ body: ArraySlice<UInt8>, final: UInt8) -> MouseEvent? {
        guard final == 0x4D || final == 0x6D else { return nil }
        let numbers = parameters(body)
        guard numbers.count == 3 else { return nil }
        let code = numbers[0]
        var modifiers: Modifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let button = code & 3
        let action: MouseEvent.Action
        if code & 64 != 0 {
            action = [.scrollUp, .scrollDown, .scrollLeft, .scrollRight][button]
        } else if code & 32 != 0 {
            action = button == 3 ? .motion : .drag(button)
        } else {
            action = final == 0x6D ? .release(button) : .press(button)
        }
        return MouseEvent(action, at: Position(x: max(0, numbers[1] - 1), y: max(0, numbers[2] - 1)), modifiers: modifiers)
    }
}
