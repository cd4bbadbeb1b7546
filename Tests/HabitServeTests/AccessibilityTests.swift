import Foundation
import HabitCore
import HabitLocalization
import HabitScreens
import Testing
@testable import HabitServe

/// Issue 34: every card colour and the muted text read at WCAG AA (4.5:1) in light and dark, the
/// tap targets are 44 px, and every mark button names its tracker for a screen reader.
@Suite struct AccessibilityTests {
    /// WCAG 2's contrast ratio, computed here independently of the style sheet's code.
    static func contrast(_ a: String, _ b: String) -> Double {
        func luminance(_ hex: String) -> Double {
            let digits = Array(hex.dropFirst())
            let channels = stride(from: 0, to: 6, by: 2).map { Double(Int(String(digits[$0...$0 + 1]), radix: 16)!) / 255 }
            let linear = channels.map { $0 <= 0.03928 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
            return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    static func variable(_ name: String, in block: Substring) -> String {
        let range = block.range(of: "--\(name): ")!
        return String(block[range.upperBound...].prefix(7))
    }

    @Test func whiteTextOnEveryCardColourIsAA() {
        let css = CardColors.css
        for line in css.split(separator: "\n") {
            let hex = String(line[line.range(of: "background: ")!.upperBound...].prefix(7))
            #expect(Self.contrast(hex, "#ffffff") >= 4.5, "\(line)")
        }
        #expect(css.split(separator: "\n").count == CardColors.named.count)
    }

    /// A skipped or slipped card once faded its face (opacity .6): the white name on blue fell to
    /// about 2.5:1, and grey on navy in dark. The state may only darken the card (black stripes),
    /// which keeps every card colour's contrast with white at least as high as tested above.
    @Test func aSkippedOrSlippedCardKeepsItsNameReadable() {
        let rules = (AppStyle.css + "\n" + FormStyle.css).split(separator: "\n").map { $0.drop { $0 == " " } }
        let faces = rules.filter { $0.hasPrefix(".card") && $0.contains(".face") }
        #expect(faces.allSatisfy { !$0.contains("opacity") && !$0.contains("filter") }, "\(faces)")
        let state = rules.first { $0.contains(".card.skipped .face") && $0.contains(".card.slipped .face") } ?? ""
        let overlays = state.matches(of: /rgba\((\d+),\s*(\d+),\s*(\d+),/).map { [Int($0.1)!, Int($0.2)!, Int($0.3)!] }
        #expect(!overlays.isEmpty && overlays.allSatisfy { $0 == [0, 0, 0] }, "\(state)")
    }

    /// A quit habit's kept day is drawn "done", and a done ✓ was once faded (opacity .35): the ✗
    /// that logs a slip was faded with it, grey on pale grey, nearly invisible in the screenshots.
    /// No tick is faded now, and the done state's ring is the ✓'s only (`:not(.slip)`).
    @Test func aQuitHabitsSlipButtonIsNotFadedOnAKeptDay() throws {
        let rules = (AppStyle.css + "\n" + FormStyle.css).split(separator: "\n").map { $0.drop { $0 == " " } }
        let ticks = rules.filter { $0.hasPrefix(".card") && $0.contains(".tick") }
        #expect(!ticks.isEmpty && ticks.allSatisfy { !$0.contains("opacity") && !$0.contains("filter") }, "\(ticks)")
        #expect(ticks.filter { $0.contains(".card.done .tick") }.allSatisfy { $0.contains(".tick:not(.slip)") }, "\(ticks)")
        let today = CivilDate("2026-11-21")!
        let smoke = Tracker(id: "smoke", name: "Smoking", category: "Health", schedule: .daily, start: CivilDate("2026-11-01")!, isQuit: true)
        let html = DayPage(text: WebText(language: .english), screen: DayScreen(journal: Journal(trackers: [smoke]), day: today, today: today),
                           csrf: "c", problems: []).render()
        let card = try #require(html.firstMatch(of: /<li class="([^"]*)" data-tracker="smoke"/))
        #expect(card.1.split(separator: " ").contains("done") && html.contains("class=\"tick slip\""), "the kept day is not drawn done: \(card.1)")
    }

    /// A done ✓ (WCAG 1.4.11): drawn at full opacity, its circle (every card colour, and the accent
    /// of a card with none) stands 3:1 against the page it sits on (the card's foot has no
    /// background of its own), its white ✓ 4.5:1 on the circle, and the ring that tells it from a
    /// day still to do, in the text colour, 3:1 against the page; in light and dark.
    @Test func aDoneTickStandsOutInLightAndDark() throws {
        let css = AppStyle.css
        let rules = (css + "\n" + FormStyle.css).split(separator: "\n").map { $0.drop { $0 == " " } }
        let done = try #require(rules.first { $0.hasPrefix(".card.done .tick") && $0.contains("{") })
        #expect(!done.contains("opacity") && !done.contains("filter"), "\(done)")
        #expect(done.contains("box-shadow: 0 0 0 2px var(--bg), 0 0 0 4px var(--fg);"), "\(done)")
        let tick = try #require(rules.first { $0.hasPrefix(".card .tick {") })
        #expect(!tick.contains("opacity") && !tick.contains("background"), "the tick takes the card's colour: \(tick)")
        let faces = CardColors.css.split(separator: "\n").map { line in
            #expect(line.contains(".tick:not(.slip)"), "\(line)")
            return String(line[line.range(of: "background: ")!.upperBound...].prefix(7))
        }
        #expect(faces.count == CardColors.named.count)
        let light = css[css.range(of: ":root {")!.lowerBound...].prefix(400)
        let dark = css[css.range(of: "prefers-color-scheme: dark")!.lowerBound...].prefix(400)
        for block in [light, dark] {
            let page = Self.variable("bg", in: block), text = Self.variable("fg", in: block)
            for fill in faces + [Self.variable("accent-fill", in: block)] {
                #expect(Self.contrast(fill, page) >= 3, "the done circle \(fill) on \(page)")
                #expect(Self.contrast(fill, "#ffffff") >= 4.5, "the ✓ on \(fill)")
            }
            #expect(Self.contrast(text, page) >= 3, "the ring \(text) on \(page)")
        }
    }

    @Test func mutedTextAccentAndProblemAreAAInLightAndDark() {
        let css = AppStyle.css
        let light = css[css.range(of: ":root {")!.lowerBound...].prefix(400)
        let dark = css[css.range(of: "prefers-color-scheme: dark")!.lowerBound...].prefix(400)
        for (block, background, card) in [(light, "#ffffff", "#f2f2f4"), (dark, "#1a1b22", "#2c2d35")] {
            for name in ["muted", "accent"] {
                let color = Self.variable(name, in: block)
                #expect(Self.contrast(color, background) >= 4.5, "--\(name) \(color) on \(background)")
            }
            #expect(Self.contrast(Self.variable("accent-fill", in: block), "#ffffff") >= 4.5)
            #expect(Self.contrast(Self.variable("muted", in: block), card) >= 4.5, "the target beside an amount, on its field")
        }
        #expect(Self.contrast(Self.variable("problem", in: light), "#ffffff") >= 4.5)
    }

    @Test func tapTargetsAreAtLeast44Pixels() {
        let css = AppStyle.css
        let rules = css.split(separator: "\n").map { $0.drop { $0 == " " } }
        for selector in [".card .tick", ".card .save", ".week .step"] {
            let rule = rules.first { $0.hasPrefix(selector + " {") } ?? ""
            let sizes = rule.matches(of: /(?:width|height|flex): (?:0 0 )?(\d+)px/).map { Int($0.1)! }
            #expect(!sizes.isEmpty && sizes.allSatisfy { $0 >= 44 }, "\(selector): \(rule)")
        }
    }

    @Test(arguments: [Language.english, .russian])
    func everyMarkButtonNamesItsTracker(_ language: Language) {
        let today = CivilDate("2026-11-21")!
        let run = Tracker(id: "run", name: "Run", category: "Health", schedule: .daily, start: CivilDate("2026-11-01")!)
        let read = Tracker(id: "read", name: "Read", category: "Health", schedule: .daily, start: CivilDate("2026-11-01")!,
                           log: CompletionLog([.init(day: today, mark: .done)]))
        let smoke = Tracker(id: "smoke", name: "Smoking", category: "Health", schedule: .daily, start: CivilDate("2026-11-01")!, isQuit: true)
        let text = WebText(language: language)
        let html = DayPage(text: text, screen: DayScreen(journal: Journal(trackers: [run, read, smoke]), day: today, today: today),
                           csrf: "c", problems: []).render()
        #expect(html.contains("aria-label=\"\(HTML.escape(text[.webMarkDone])): Run\""))
        #expect(html.contains("aria-label=\"\(HTML.escape(text[.webMarkUndone])): Read\""))
        #expect(html.contains("aria-label=\"\(HTML.escape(text.words[.formLogSlip])): Smoking\""))
    }
}
