import Testing
import TerminalUI

@Suite("TerminalUI: text width")
struct TextWidthTests {
    @Test("graphemes, not scalars", arguments: [
        ("abc", 3), ("", 0), ("é", 1), ("e\u{301}", 1), ("中文", 4), ("ｱ", 1), ("Ａ", 2), ("한국", 4),
        ("🙂", 2), ("❤️", 2), ("❤", 1), ("👍🏽", 2), ("🧑‍🌾", 2), ("👨‍👩‍👧‍👦", 2), ("🇷🇺", 2), ("1️⃣", 2), ("🫨", 2),
        ("\u{200B}", 0), ("\u{301}", 0), ("\u{1B}", 0), ("\t", 0), ("\u{85}", 0), ("a\u{200D}", 1), ("─│┌", 3), ("привет", 6),
        // Text-default pictographs are one column, as glibc's wcwidth and tmux count them...
        ("🏋", 1), ("🕊", 1), ("🌡", 1), ("🖥", 1), ("👁", 1), ("🗓", 1), ("☀", 1), ("🏋 Gym", 5),
        // ...and two when the grapheme asks for the emoji presentation.
        ("🏋️", 2), ("🏋🏽", 2), ("🏋️‍♀️", 2), ("👁️‍🗨️", 2), ("🕊️", 2),
        // Emoji_Presentation in the blocks the old rule widened whole, and their neighbours.
        ("🏃", 2), ("🌺", 2), ("🤔", 2), ("🗻", 2), ("🗺", 1), ("🇷", 1),
        ("\u{600}", 1), ("\u{AD}", 1), ("\u{1160}", 0), ("한", 2), ("\u{1100}\u{1161}", 2), ("ｶﾞ", 2), ("कि", 2), ("e\u{301}\u{302}", 1),
    ])
    func width(_ text: String, _ columns: Int) {
        #expect(TextWidth.width(text) == columns, "\(text.debugDescription)")
    }

    @Test("glyphs terminals disagree on are flagged", arguments: [
        ("❤️", true), ("👍🏽", true), ("🧑‍🌾", true), ("🇷🇺", true), ("1️⃣", true), ("🫨", true),
        ("🙂", false), ("中", false), ("a", false), ("é", false), ("─", false),
        ("🏋", true), ("🕊", true), ("🗓", true), ("䷀", true), ("☀", false), ("▶", false), ("✓", false), ("ｶﾞ", true), ("e\u{301}", false),
    ])
    func ambiguity(_ text: String, _ ambiguous: Bool) {
        #expect(TextWidth.isAmbiguous(Character(text)) == ambiguous, "\(text.debugDescription)")
    }

    @Test("the table names the Unicode version it was generated from")
    func version() {
        #expect(TextWidth.unicodeVersion == "15.0.0")
    }

    @Test("truncation keeps whole graphemes and the result never exceeds the width")
    func truncation() {
        #expect(TextWidth.truncate("Hello", to: 10) == "Hello")
        #expect(TextWidth.truncate("Hello world", to: 6) == "Hello…")
        #expect(TextWidth.truncate("中文中文", to: 4) == "中…")
        #expect(TextWidth.truncate("ab🧑‍🌾cd", to: 4) == "ab…")
        #expect(TextWidth.truncate("e\u{301}e\u{301}e\u{301}", to: 2) == "e\u{301}…")
        #expect(TextWidth.truncate("abc", to: 0) == "")
        for text in ["🧑‍🌾🧑‍🌾🧑‍🌾", "a中b文c", "👍🏽x👍🏽", "🇷🇺🇷🇺"] {
            for columns in 0...7 {
                let cut = TextWidth.truncate(text, to: columns)
                #expect(TextWidth.width(cut) <= columns)
                #expect(text.hasPrefix(String(cut.dropLast(cut.hasSuffix("…") ? 1 : 0))), "cut inside a grapheme: \(cut)")
                #expect(TextWidth.width(TextWidth.fit(text, to: columns)) == columns)
            }
        }
    }

    @Test("padding counts columns, not characters")
    func padding() {
        #expect(TextWidth.pad("中", to: 4) == "中  ")
        #expect(TextWidth.padLeft("🙂", to: 3) == " 🙂")
        #expect(TextWidth.pad("toolong", to: 3) == "toolong")
    }
}
