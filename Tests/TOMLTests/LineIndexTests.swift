import Testing
import TestSupport
import TOML

/// The line index scans eight bytes at a time; every offset's line and column must still be what
/// counting byte by byte gives, wherever the newlines fall in a word and whatever bytes sit next to
/// them (UTF-8 continuation bytes such as the 0x8A of "Ê", tabs, CRLF).
@Suite("Line index")
struct LineIndexTests {
    @Test(arguments: 1...40)
    func locationsMatchCountingByteByByte(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let pieces = ["a", "Ê", "ʊ", "\t", " ", "7", "=", "é"]
        var text = ""
        for _ in 0..<Int.random(in: 0...60, using: &random) {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: text += "\n"
            case 1: text += "key\(Int.random(in: 0...999_999, using: &random)) = \(Int.random(in: 0...9, using: &random))\n"
            case 2: text += "\r\n"
            default:
                text += "#" + (0..<Int.random(in: 0...19, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined() + "\n"
            }
        }
        if Bool.random(using: &random) { text += "# no newline at the end" }
        let bytes = Array(text.utf8)
        let document = try TOMLDocument(parsing: bytes)
        var line = 1
        var column = 1
        for offset in 0...bytes.count {
            let location = document.location(ofOffset: offset)
            #expect(location.line == line && location.column == column, "offset \(offset) of \(bytes.count), seed \(seed)")
            guard offset < bytes.count else { break }
            if bytes[offset] == 0x0A {
                line += 1
                column = 1
            } else if bytes[offset] & 0xC0 != 0x80 {
                column += 1
            }
        }
    }
}
