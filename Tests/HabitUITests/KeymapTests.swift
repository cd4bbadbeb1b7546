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
            for part in footer.components(separatedBy: " · ") {
                #expect(Keymap.main.contains { $0.inFooter && part == "\($0.label) \(t[$0.words])" }, "\(part)")
            }
        }
    }

    @Test(arguments: Language.allCases)
    func theFooterAlwaysKeepsTheHelpKey(_ language: Language) {
        let t = Messages(language)
        let help = "? " + t[.uiKeyHelp]
        for width in 30...120 {
            for footer in [Keymap.footer(t, width: width), Keymap.footer(t, width: width, page: .statistics)] {
                #expect(TextWidth.width(footer) <= width)
                #expect(footer.contains(help), "\(language) at \(width) columns: \(footer)")
            }
        }
        #expect(Keymap.footer(Messages(.english), width: 40) == "Space done / not done · a add · ? help")
        #expect(Keymap.footer(Messages(.russian), width: 40) == "→/l следующий день · / поиск · ? справка")
    }

    @Test func theStatisticsFooterShowsOnlyItsKeys() {
        let footer = Keymap.footer(Messages(.english), width: 80, page: .statistics)
        #expect(footer == "↑/↓/k/j scroll · PgUp/PgDn a page · Tab trackers · q quit · ? help")
        #expect(Keymap.footer(Messages(.english), width: 120, page: .statistics)
            == "↑/↓/k/j scroll · PgUp/PgDn a page · Home/End/G first, last · Tab trackers · q quit · ? help")
    }

    /// Each mode's footer has its own keys, fits, and keeps the way out: in the search field `q`
    /// is a letter, so the footer offers no `q`.
    @Test(arguments: Language.allCases)
    func everyModeHasAFooterOfItsOwnKeysThatFits(_ language: Language) {
        let t = Messages(language)
        for mode in PageKind.allCases {
            for width in [30, 40, 80] {
                let footer = Keymap.footer(t, width: width, page: mode)
                #expect(!footer.isEmpty && TextWidth.width(footer) <= width, "\(mode) at \(width): \(footer)")
                let way = mode == .statistics ? "Tab " + t[.uiStatisticsKeyTrackers] : "Esc " + t[.uiFormKeyBack]
                #expect(footer.contains(way), "\(mode) at \(width): \(footer)")
                for part in footer.components(separatedBy: " · ") {
                    #expect(Keymap.pages.contains { $0.pages.contains(mode) && part == "\($0.label) \(t[$0.words])" }, "\(mode): \(part)")
                }
            }
        }
        #expect(!Keymap.footer(t, width: 80, page: .search).contains("q "))
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
