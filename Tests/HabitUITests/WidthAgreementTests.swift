import Foundation
import Glibc
import HabitScreens
import Testing
import TerminalUI

/// TerminalUI's one width rule against glibc's `wcwidth` in a UTF-8 locale: every emoji the
/// pickers offer, the text-default pictographs people name trackers with, CJK, combining marks,
/// and every other code point, where the two differ only where this test names why.
@Suite("text width against glibc's wcwidth", .enabled(if: GlibcWidth.shared != nil, "no C.UTF-8 locale"))
struct WidthAgreementTests {
    /// Pictographs tracker names use: one column, as glibc and tmux count them, unless asked for
    /// the emoji presentation.
    static let textDefault = ["🏋", "🕊", "🌡", "🖥", "👁", "🗓", "🗺", "🏔", "🏕", "🛏", "🛋", "🖊", "🕯", "🎙", "🏎"]
    static let names = ["Gym 🏋", "Read 中文 books", "Café", "Cafe\u{301}", "Spanish — lesson", "Утренняя пробежка",
                        "日本語の勉強", "한국어", "Méditation 🧘", "Drink water 💧"]

    @Test func everyEmojiThePickersOfferAndEveryTextDefaultPictographAgreesWithGlibc() throws {
        let glibc = try #require(GlibcWidth.shared)
        for emoji in FormPalette.emojis + Self.textDefault {
            let character = try #require(emoji.count == 1 ? emoji.first : nil, "\(emoji) is one grapheme")
            if character.unicodeScalars.count == 1 {
                #expect(TextWidth.width(of: character) == glibc.width(of: character.unicodeScalars.first!), "\(emoji)")
            } else {
                // An emoji by its VS16 (💖 is not; ❤️ would be): glibc counts the base alone, and the
                // renderer places the cursor absolutely after it.
                #expect(TextWidth.width(of: character) == 2 && TextWidth.isAmbiguous(character), "\(emoji)")
            }
        }
        for emoji in Self.textDefault {
            #expect(TextWidth.width(emoji) == 1 && TextWidth.width(emoji + "\u{FE0F}") == 2, "\(emoji)")
        }
    }

    @Test func trackerNamesMeasureAsGlibcsWcswidth() throws {
        let glibc = try #require(GlibcWidth.shared)
        for name in Self.names {
            let sum = name.unicodeScalars.reduce(0) { $0 + glibc.width(of: $1) }
            #expect(TextWidth.width(name) == sum, "\(name)")
        }
    }

    @Test func zwjSequencesAreOneTwoColumnGlyphThatPlacesTheCursorAfterIt() {
        for sequence in ["🧑‍🌾", "👨‍👩‍👧‍👦", "🏋️‍♀️", "🏳️‍🌈", "👁️‍🗨️", "🧘🏽‍♂️"] {
            let character = Character(sequence)
            #expect(TextWidth.width(of: character) == 2 && TextWidth.isAmbiguous(character), "\(sequence)")
        }
    }

    /// Every code point alone: the same width as glibc's, except the few places named here.
    @Test func everyCodePointAgreesWithGlibcOrIsNamedHere() throws {
        let glibc = try #require(GlibcWidth.shared)
        var disagreements: [String] = []
        for value in UInt32(0x20)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let theirs = glibc.width(of: scalar)
            let character = Character(scalar)
            let ours = TextWidth.width(of: character)
            if ours == theirs { continue }
            // Not printable to glibc: controls, line and paragraph separators, and code points
            // its Unicode 14 tables do not have (unassigned, or new in Unicode 15).
            if theirs == -1 && (ours == 0 || scalar.properties.generalCategory == .unassigned || Self.isNewerThanGlibc(scalar)) { continue }
            // Yijing hexagrams and circled numbers on black squares: glibc widens their blocks
            // whole; Unicode says one column. The renderer places the cursor absolutely after them.
            if theirs == 2 && ours == 1 && TextWidth.isAmbiguous(character) && ((0x3248...0x324F).contains(value) || (0x4DC0...0x4DFF).contains(value)) { continue }
            disagreements.append(String(format: "U+%04X ours %d glibc %d", value, ours, theirs))
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(20).joined(separator: ", "))")
    }

    static func isNewerThanGlibc(_ scalar: Unicode.Scalar) -> Bool {
        guard let age = scalar.properties.age else { return true }
        return age.major >= 15
    }

    @Test func cjkAndCombiningMarks() throws {
        let glibc = try #require(GlibcWidth.shared)
        for value: UInt32 in [0x4E2D, 0x6587, 0x3042, 0x30AB, 0xAC00, 0xD55C, 0xFF21, 0xFF76, 0x20000, 0x0301, 0x0308, 0x20DD, 0x0E31, 0x302A] {
            let scalar = Unicode.Scalar(value)!
            #expect(TextWidth.width(of: Character(scalar)) == max(0, glibc.width(of: scalar)), "U+\(String(value, radix: 16))")
        }
        #expect(TextWidth.width("e\u{301}") == 1 && TextWidth.width("中\u{301}") == 2)
    }
}

/// glibc's `wcwidth` through the C library itself (Swift does not import it), in the C.UTF-8
/// locale set for this thread only, so the rest of the test process keeps its own.
struct GlibcWidth: @unchecked Sendable {
    private typealias Function = @convention(c) (Int32) -> Int32
    private let function: Function
    private let locale: locale_t

    static let shared = GlibcWidth()

    private init?() {
        guard let library = dlopen(nil, RTLD_NOW), let symbol = dlsym(library, "wcwidth"),
              let locale = newlocale(Int32(1 << LC_CTYPE), "C.UTF-8", nil) else { return nil }
        function = unsafeBitCast(symbol, to: Function.self)
        self.locale = locale
    }

    func width(of scalar: Unicode.Scalar) -> Int {
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return Int(function(Int32(bitPattern: scalar.value)))
    }
}
