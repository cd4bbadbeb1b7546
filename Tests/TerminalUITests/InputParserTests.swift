import Testing
import TerminalUI

@Suite("TerminalUI: key and escape-sequence parser")
struct InputParserTests {
    /// The events of `text` read at once, then the timeout.
    static func keys(_ text: String) -> [InputEvent] {
        var parser = InputParser()
        return parser.feed(Array(text.utf8)) + parser.expire()
    }

    static func key(_ key: Key, _ modifiers: Modifiers = []) -> InputEvent { .key(KeyPress(key, modifiers)) }
    static func char(_ character: Character, _ modifiers: Modifiers = []) -> InputEvent { .key(.character(character, modifiers)) }

    @Test("sequences", arguments: [
        ("\r", [key(.enter)]), ("\t", [key(.tab)]), ("\u{1B}[Z", [key(.tab, .shift)]), ("\u{7F}", [key(.backspace)]),
        ("\u{08}", [key(.backspace)]), ("\u{1B}[A", [key(.up)]), ("\u{1B}[B", [key(.down)]), ("\u{1B}[C", [key(.right)]),
        ("\u{1B}[D", [key(.left)]), ("\u{1B}OA", [key(.up)]), ("\u{1B}[H", [key(.home)]), ("\u{1B}[F", [key(.end)]),
        ("\u{1B}[1~", [key(.home)]), ("\u{1B}[4~", [key(.end)]), ("\u{1B}[5~", [key(.pageUp)]), ("\u{1B}[6~", [key(.pageDown)]),
        ("\u{1B}[3~", [key(.delete)]), ("\u{1B}[2~", [key(.insert)]), ("\u{1B}OP", [key(.function(1))]), ("\u{1B}OS", [key(.function(4))]),
        ("\u{1B}[15~", [key(.function(5))]), ("\u{1B}[17~", [key(.function(6))]), ("\u{1B}[21~", [key(.function(10))]),
        ("\u{1B}[23~", [key(.function(11))]), ("\u{1B}[24~", [key(.function(12))]), ("\u{1B}[[A", [key(.function(1))]),
        ("\u{1B}[1;5C", [key(.right, .control)]), ("\u{1B}[1;2A", [key(.up, .shift)]), ("\u{1B}[1;3D", [key(.left, .alt)]),
        ("\u{1B}[3;5~", [key(.delete, .control)]), ("\u{1B}[1;2P", [key(.function(1), .shift)]),
        ("\u{03}", [.key(.control("c"))]), ("\u{1A}", [.key(.control("z"))]), ("\u{01}", [.key(.control("a"))]), ("\u{00}", [.key(.control(" "))]),
        ("\u{1B}x", [char("x", .alt)]), ("\u{1B}\u{7F}", [key(.backspace, .alt)]), ("\u{1B}ж", [char("ж", .alt)]),
        ("\u{1B}[97;5u", [char("a", .control)]), ("\u{1B}[27u", [key(.escape)]),
        ("q", [char("q")]), ("ж", [char("ж")]), ("🧑‍🌾", [char("🧑‍🌾")]), ("e\u{301}", [char("e\u{301}")]),
        ("jk\u{1B}[Bq", [char("j"), char("k"), key(.down), char("q")]),
    ])
    func sequence(_ input: String, _ expected: [InputEvent]) {
        #expect(Self.keys(input) == expected, "\(input.debugDescription)")
    }

    @Test("UTF-8 and sequences split anywhere across reads give the same events")
    func splitReads() {
        let text = "aж🧑‍🌾\u{1B}[1;5C\u{1B}[15~b\u{1B}[<0;5;3M\u{1B}[200~paste ж\u{1B}[201~\r"
        let whole = Self.keys(text)
        #expect(whole.count == 9, "\(whole)")
        let bytes = Array(text.utf8)
        for cut in 1..<bytes.count {
            var parser = InputParser()
            var events = parser.feed(bytes[..<cut])
            events += parser.feed(bytes[cut...])
            #expect(events == whole, "cut at \(cut)")
        }
        var parser = InputParser()
        var oneByOne: [InputEvent] = []
        for byte in bytes { oneByOne += parser.feed([byte]) }
        #expect(oneByOne == whole)
    }

    @Test("a lone Esc waits for its timeout; a sequence does not")
    func escapeTimeout() {
        var parser = InputParser()
        #expect(parser.feed([0x1B]).isEmpty)
        #expect(parser.isWaiting)
        #expect(parser.expire() == [Self.key(.escape)])
        #expect(!parser.isWaiting)
        #expect(parser.expire().isEmpty)
        #expect(parser.feed([0x1B]).isEmpty)
        #expect(parser.feed(Array("[A".utf8)) == [Self.key(.up)], "bytes before the timeout complete the sequence")
        #expect(parser.feed([0x1B, 0x5B]).isEmpty)
        #expect(parser.expire() == [Self.char("[", .alt)])
        #expect(parser.feed([0x1B, 0x5B, 0x31, 0x3B]).isEmpty)
        #expect(parser.expire() == [Self.key(.escape), Self.char("["), Self.char("1"), Self.char(";")])
        #expect(parser.feed([0x1B, 0x1B]) == [Self.key(.escape)])
        #expect(parser.expire() == [Self.key(.escape)])
    }

    @Test("an emoji at the end of a read waits for a joiner or modifier; a letter does not")
    func emojiAtTheEndOfARead() {
        var parser = InputParser()
        #expect(parser.feed(Array("ж".utf8)) == [Self.char("ж")])
        #expect(parser.feed(Array("a👍".utf8)) == [Self.char("a")])
        #expect(parser.isWaiting)
        #expect(parser.feed(Array("🏽".utf8)).isEmpty, "a skin tone may still be followed by more")
        #expect(parser.expire() == [Self.char("👍🏽")])
        #expect(parser.feed([0xD0]).isEmpty)
        #expect(parser.expire().isEmpty, "half a letter is dropped after the timeout")
        #expect(parser.feed(Array("q".utf8)) == [Self.char("q")])
    }

    @Test("bracketed paste is text, never keys, even with control bytes and a split end marker")
    func paste() {
        var parser = InputParser()
        #expect(parser.feed(Array("\u{1B}[200~q\r\u{1B}[A".utf8)).isEmpty)
        #expect(!parser.isWaiting, "a paste is not an Esc waiting")
        #expect(parser.feed(Array("x\u{1B}[20".utf8)).isEmpty)
        #expect(parser.feed(Array("1~j".utf8)) == [.paste("q\r\u{1B}[Ax"), Self.char("j")])
    }

    @Test("SGR mouse reports: press, release, drag, wheel, modifiers, 0-based cells")
    func mouse() {
        #expect(Self.keys("\u{1B}[<0;10;5M") == [.mouse(MouseEvent(.press(0), at: Position(x: 9, y: 4)))])
        #expect(Self.keys("\u{1B}[<0;10;5m") == [.mouse(MouseEvent(.release(0), at: Position(x: 9, y: 4)))])
        #expect(Self.keys("\u{1B}[<2;1;1M") == [.mouse(MouseEvent(.press(2), at: Position(x: 0, y: 0)))])
        #expect(Self.keys("\u{1B}[<32;3;4M") == [.mouse(MouseEvent(.drag(0), at: Position(x: 2, y: 3)))])
        #expect(Self.keys("\u{1B}[<35;3;4M") == [.mouse(MouseEvent(.motion, at: Position(x: 2, y: 3)))])
        #expect(Self.keys("\u{1B}[<64;300;200M") == [.mouse(MouseEvent(.scrollUp, at: Position(x: 299, y: 199)))])
        #expect(Self.keys("\u{1B}[<65;1;1M") == [.mouse(MouseEvent(.scrollDown, at: Position(x: 0, y: 0)))])
        #expect(Self.keys("\u{1B}[<20;2;2M") == [.mouse(MouseEvent(.press(0), at: Position(x: 1, y: 1), modifiers: [.shift, .control]))])
    }

    @Test("invalid UTF-8 and unknown sequences are dropped without losing the keys after them")
    func garbage() {
        var parser = InputParser()
        #expect(parser.feed([0xFF, 0x61, 0xC3, 0x28, 0x62]) == [Self.char("a"), Self.char("("), Self.char("b")])
        #expect(Self.keys("\u{1B}[99~a\u{1B}[?1;2cb") == [Self.char("a"), Self.char("b")])
    }
}
