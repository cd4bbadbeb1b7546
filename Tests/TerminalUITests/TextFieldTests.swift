import Testing
import TerminalUI

@Suite("TerminalUI: a text field edited as readline edits a line")
struct TextFieldTests {
    static func field(_ text: String, caret: Int? = nil) -> TextField {
        var field = TextField(text)
        if let caret { for _ in caret..<text.count { _ = field.handle(KeyPress(.left)) } }
        return field
    }

    @Test func theCaretMovesByGraphemeToTheEndsAndByWord() {
        var field = TextField("read 中文 🧑‍🌾")
        #expect(field.caret == 9 && field.caretColumn == 12)
        #expect(field.handle(KeyPress(.left)) == .moved)
        #expect(field.caret == 8 && field.caretColumn == 10, "a ZWJ sequence is one step")
        _ = field.handle(KeyPress(.home))
        #expect(field.caret == 0)
        _ = field.handle(KeyPress(.left))
        #expect(field.caret == 0, "no further")
        _ = field.handle(.character("f", .alt))
        #expect(field.caret == 4)
        _ = field.handle(KeyPress(.right, .alt))
        #expect(field.caret == 7)
        _ = field.handle(.character("b", .alt))
        #expect(field.caret == 5)
        _ = field.handle(.control("e"))
        #expect(field.caret == 9)
        _ = field.handle(.control("a"))
        _ = field.handle(.control("f"))
        #expect(field.caret == 1)
        _ = field.handle(KeyPress(.end))
        #expect(field.caret == 9)
    }

    @Test func typingInsertsAtTheCaret() {
        var field = Self.field("rad", caret: 1)
        #expect(field.handle(.character("e")) == .edited)
        #expect(field.text == "read" && field.caret == 2)
        #expect(field.handle(.character("x"), accepts: { $0.isNumber }) == .ignored)
        #expect(field.text == "read")
        #expect(field.handle(.character("z", .control)) == .ignored)
        #expect(field.handle(KeyPress(.enter)) == .ignored)
    }

    @Test func deletionsByGraphemeWordAndToTheEnds() {
        var field = TextField("read twenty  pages")
        #expect(field.handle(.control("w")) == .edited)
        #expect(field.text == "read twenty  ")
        _ = field.handle(KeyPress(.backspace, .alt))
        #expect(field.text == "read " && field.caret == 5, "spaces, then the word")
        _ = field.handle(KeyPress(.backspace))
        #expect(field.text == "read")
        field = Self.field("read pages", caret: 4)
        _ = field.handle(KeyPress(.delete))
        #expect(field.text == "readpages" && field.caret == 4)
        _ = field.handle(.control("d"))
        #expect(field.text == "readages")
        _ = field.handle(.control("k"))
        #expect(field.text == "read" && field.caret == 4)
        _ = field.handle(KeyPress(.left))
        _ = field.handle(.control("u"))
        #expect(field.text == "d" && field.caret == 0)
        #expect(field.handle(KeyPress(.backspace)) == .moved, "nothing before the caret")
        #expect(field.handle(.control("w")) == .moved)
    }
}
