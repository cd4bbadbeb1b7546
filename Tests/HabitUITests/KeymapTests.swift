import Foundation
import HabitLocalization
import HabitUI
import Testing
import TerminalUI

/// The footer, the help and docs/ui.md all come from, or are checked against, the one keymap.
@Suite struct KeymapTests {
    @Test func noKeyIsBoundTwice() {
        let keys = Keymap.main.flatMap(\.keys)
        #expect(Set(keys).count == keys.count)
    }

    @Test(arguments: Language.allCases)
    func theFooterFitsAndComesFromTheKeymap(_ language: Language) {
        let t = Messages(language)
        for width in [80, 40] {
            let footer = Keymap.footer(t, width: width)
            #expect(TextWidth.width(footer) <= width)
            #expect(footer.hasPrefix(Keymap.main.first(where: \.inFooter)!.label))
        }
    }

    @Test func docsListEveryKey() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/ui.md"), encoding: .utf8)
        let t = Messages(.english)
        for (keys, words) in Keymap.help(t) {
            #expect(doc.contains("| `\(keys)` | \(words) |"), "docs/ui.md lacks the row of \(keys)")
        }
    }
}
