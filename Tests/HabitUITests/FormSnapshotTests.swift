import HabitCore
import HabitLocalization
import HabitUI
import Testing
import TerminalUI

/// The form, its pages and the details drawn into a grid, in both languages and both sizes, with
/// emoji in the names (Snapshots/, recorded only with HABIT_RECORD_SNAPSHOT).
@Suite struct FormSnapshotTests {
    static func state(_ keys: [KeyPress], lastUsed: String? = nil) -> AppState {
        var state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        state.lastUsedCategory = lastUsed
        for key in keys { _ = state.handle(key) }
        return state
    }

    static func typing(_ text: String) -> [KeyPress] { text.map { .character($0) } }

    static func snapshot(_ state: AppState, _ name: String, _ language: Language, sizes: [(Int, Int)] = ScreenSnapshotTests.sizes) throws {
        for (width, height) in sizes {
            try ScreenSnapshotTests.expectSnapshot(ScreenSnapshotTests.render(state, language, width: width, height: height),
                                                   named: "\(name)-\(language.rawValue)-\(width)x\(height)")
        }
    }

    @Test(arguments: Language.allCases)
    func theFormWithAnEmojiNameAndTheErrorUnderIt(_ language: Language) throws {
        let name = "Йога 🧘 " + String(repeating: "x", count: 32)
        let form = Self.state([.character("a"), KeyPress(.enter)] + Self.typing(name), lastUsed: "Study")
        try Self.snapshot(form, "form-error", language)
        let complete = Self.state([.character("a"), KeyPress(.enter)] + Self.typing("Йога 🧘") + [KeyPress(.down), KeyPress(.down)],
                                  lastUsed: "Study")
        try Self.snapshot(complete, "form-schedule-missing", language, sizes: [(40, 15)])
        let sheet = Self.state([.character("a")])
        try Self.snapshot(sheet, "form-kind", language, sizes: [(40, 15)])
    }

    @Test(arguments: Language.allCases)
    func theCategoryListAndItsQuestions(_ language: Language) throws {
        let list = Self.state([.character("a"), KeyPress(.enter), KeyPress(.down), KeyPress(.enter)], lastUsed: "Health")
        try Self.snapshot(list, "categories", language, sizes: [(40, 15)])
        var empty = AppState(journal: Journal(), today: AppStateTests.today)
        for key in [KeyPress.character("a"), KeyPress(.enter), KeyPress(.down), KeyPress(.enter)] { _ = empty.handle(key) }
        try Self.snapshot(empty, "categories-empty", language, sizes: [(40, 15)])
        let delete = Self.state([.character("a"), KeyPress(.enter), KeyPress(.down), KeyPress(.enter), .character("d")])
        try Self.snapshot(delete, "categories-delete", language, sizes: [(80, 24)])
    }

    @Test(arguments: Language.allCases)
    func scheduleEmojiAndColourPickers(_ language: Language) throws {
        let base: [KeyPress] = [.character("a"), KeyPress(.enter)]
        let schedule = Self.state(base + [KeyPress(.down), KeyPress(.down), KeyPress(.enter), .character(" "), KeyPress(.down), .character(" ")])
        try Self.snapshot(schedule, "schedule", language, sizes: [(40, 15)])
        let emoji = Self.state(base + Array(repeating: KeyPress(.down), count: 4) + [KeyPress(.enter), KeyPress(.right), KeyPress(.enter), KeyPress(.enter)])
        try Self.snapshot(emoji, "emoji", language, sizes: [(40, 15)])
        let color = Self.state(base + Array(repeating: KeyPress(.down), count: 5) + [KeyPress(.enter), KeyPress(.down), KeyPress(.enter), KeyPress(.enter), KeyPress(.down)])
        try Self.snapshot(color, "color", language, sizes: [(40, 15)])
    }

    @Test(arguments: Language.allCases)
    func theDetailsOfATracker(_ language: Language) throws {
        // The selected card is "Read 📚"; its menu's third row is Details.
        let details = Self.state([KeyPress(.enter), KeyPress(.down), KeyPress(.down), KeyPress(.enter)])
        try Self.snapshot(details, "details", language)
        // At 40×15 the page is taller than the screen: ↓ brings up the month, then the heatmap.
        var heatmap = details
        for _ in 0..<3 { _ = heatmap.handle(KeyPress(.down)) }
        try Self.snapshot(heatmap, "details-heatmap", language, sizes: [(40, 15)])
        let text = ScreenSnapshotTests.render(heatmap, language, width: 40, height: 15)
        #expect(text.contains(Messages(language)[.uiDetailsLastYear]) && text.contains("✗○"), "the heatmap with today:\n\(text)")
        _ = heatmap.handle(.character("k"))
        _ = heatmap.handle(.character("k"))
        #expect(ScreenSnapshotTests.render(heatmap, language, width: 40, height: 15) == ScreenSnapshotTests.render(details, language, width: 40, height: 15),
                "↑ goes back to the top")
    }
}
