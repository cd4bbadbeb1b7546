import HabitCore
import HabitScreens
import Testing

@Suite struct FormPaletteTests {
    @Test func everyEmojiOfferedIsOneTheRulesAccept() {
        #expect(FormPalette.emojis.count == 18)
        #expect(FormPalette.emojis.allSatisfy(TrackerEmoji.isValid))
        #expect(Set(FormPalette.emojis).count == FormPalette.emojis.count)
    }

    @Test func theColoursAreThePalettes() {
        #expect(FormPalette.colors == PaletteColor.allCases.map { .palette($0) })
    }

    @Test func aTrackersOwnChoiceIsKeptWhenEditing() {
        #expect(FormPalette.emojis(keeping: "🏃") == FormPalette.emojis + ["🏃"])
        #expect(FormPalette.emojis(keeping: "🙂") == FormPalette.emojis)
        #expect(FormPalette.emojis(keeping: nil) == FormPalette.emojis)
        let exact = TrackerColor("#102030")
        #expect(FormPalette.colors(keeping: exact).last == exact)
        #expect(FormPalette.colors(keeping: .palette(.teal)) == FormPalette.colors)
    }
}
