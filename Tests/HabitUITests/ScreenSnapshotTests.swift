import Foundation
import HabitCore
import HabitLocalization
import HabitUI
import Testing
import TerminalUI

/// The screens drawn into an in-memory grid, compared with committed text files in Snapshots/.
/// A missing or different snapshot fails; it is written only when HABIT_RECORD_SNAPSHOT names it
/// (a comma-separated list; never in CI), and the test still fails so a recording run cannot pass by itself.
@Suite struct ScreenSnapshotTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    static func render(_ state: AppState, _ language: Language, width: Int, height: Int) -> String {
        var grid = Grid(width: width, height: height)
        ScreenView(Messages(language)).draw(state, into: &grid)
        return grid.text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n") + "\n"
    }

    static func expectSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name + ".txt")
        let recorded = try? String(contentsOf: url, encoding: .utf8)
        if recorded == text { return }
        let recording = ProcessInfo.processInfo.environment["HABIT_RECORD_SNAPSHOT"]?.split(separator: ",").map(String.init) ?? []
        if recording.contains(name) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name); run again without HABIT_RECORD_SNAPSHOT", sourceLocation: sourceLocation)
            return
        }
        Issue.record("\(name) differs from Snapshots/\(name).txt:\n\(text)", sourceLocation: sourceLocation)
    }

    static let sizes = [(80, 24), (40, 15)]

    @Test(arguments: Language.allCases)
    func mainScreen(_ language: Language) throws {
        // The week strip starts on the language's first day (habit.toml sets no week_starts_on).
        let state = AppState(journal: AppStateTests.journal(), today: AppStateTests.today, language: language)
        for (width, height) in Self.sizes {
            try Self.expectSnapshot(Self.render(state, language, width: width, height: height), named: "main-\(language.rawValue)-\(width)x\(height)")
        }
    }

    @Test(arguments: Language.allCases)
    func emptyStatesAndOverlays(_ language: Language) throws {
        let empty = AppState(journal: Journal(), today: AppStateTests.today)
        try Self.expectSnapshot(Self.render(empty, language, width: 40, height: 15), named: "empty-\(language.rawValue)-40x15")
        var help = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        _ = help.handle(.character("?"))
        try Self.expectSnapshot(Self.render(help, language, width: 80, height: 24), named: "help-\(language.rawValue)-80x24")
        var filter = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        _ = filter.handle(.character("f"))
        try Self.expectSnapshot(Self.render(filter, language, width: 40, height: 15), named: "filter-\(language.rawValue)-40x15")
        var calendar = AppState(journal: AppStateTests.journal(), today: AppStateTests.today, language: language)
        _ = calendar.handle(.character("g"))
        _ = calendar.handle(.character("l"))
        try Self.expectSnapshot(Self.render(calendar, language, width: 40, height: 15), named: "calendar-\(language.rawValue)-40x15")
        var menu = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        _ = menu.handle(KeyPress(.enter))
        try Self.expectSnapshot(Self.render(menu, language, width: 40, height: 15), named: "menu-\(language.rawValue)-40x15")
        // pin, edit, details, archive, delete
        for _ in 0..<4 { _ = menu.handle(.character("j")) }
        _ = menu.handle(KeyPress(.enter))
        try Self.expectSnapshot(Self.render(menu, language, width: 80, height: 24), named: "delete-\(language.rawValue)-80x24")
        var statistics = AppState(journal: AppStateTests.journal(), today: AppStateTests.today)
        _ = statistics.handle(KeyPress(.tab))
        try Self.expectSnapshot(Self.render(statistics, language, width: 80, height: 24), named: "statistics-\(language.rawValue)-80x24")
    }

    /// A tracker just added that is not due on the day shown says where it went, at the top.
    @Test(arguments: Language.allCases)
    func aNewTrackerNotDueOnTheDayShown(_ language: Language) throws {
        let state = try FormStateTests.afterCreatingAMondayHabit(named: "Swim 🏊")
        for (width, height) in Self.sizes {
            try Self.expectSnapshot(Self.render(state, language, width: width, height: height), named: "new-not-due-\(language.rawValue)-\(width)x\(height)")
        }
    }

    @Test func manyTrackersScrollWithTheSelectionVisible() throws {
        var journal = AppStateTests.journal()
        for index in 0..<30 {
            journal.trackers.append(Tracker(id: "t\(index)", name: "Tracker \(index)", category: "Study", schedule: .daily,
                                            start: AppStateTests.day("2026-11-01")))
        }
        var state = AppState(journal: journal, today: AppStateTests.today)
        for _ in 0..<25 { _ = state.handle(.character("j")) }
        let text = Self.render(state, .english, width: 40, height: 15)
        let selected = try #require(state.selectedCard)
        #expect(text.split(separator: "\n").contains { $0.hasPrefix("›") && $0.contains(selected.name) },
                "the selected card is on screen:\n\(text)")
    }

    @Test func aTerminalTooSmallGetsAMessage() {
        let text = Self.render(AppState(journal: AppStateTests.journal(), today: AppStateTests.today), .english, width: 20, height: 6)
        #expect(text.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("The terminal is too small: habit ui needs at least 30×10."))
        #expect(text.split(separator: "\n").allSatisfy { TextWidth.width(String($0)) <= 20 })
    }
}
