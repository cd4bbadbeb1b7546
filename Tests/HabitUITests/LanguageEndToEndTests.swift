import Foundation
import HabitCore
import HabitKit
import HabitLocalization
import HabitStore
import HabitUI
import Testing
import TerminalUI
import TestSupport

/// `habit ui`'s main screen in every language habit has a translation file for (issue 37), on a
/// real pseudo-terminal (tmux) at 80×24 with the terminal's `LANG` set as a person's would be:
/// what tmux shows is cell for cell the in-memory grid drawn with that language's words (the grid
/// the language's snapshots hold), so it fits the terminal, and, but for English and its
/// pseudo-locale, it is not the English screen.
@Suite("habit ui end to end: each language", .serialized,
       .enabled(if: TerminalSession.tmux != nil && BuiltProduct.path("habit") != nil, "tmux or habit is missing"))
struct LanguageEndToEndTests {
    /// The locale name a terminal of that language sets ("pt_BR.UTF-8", "zh_Hans.UTF-8").
    static func locale(_ language: Language) -> String {
        language.rawValue.replacingOccurrences(of: "-", with: "_") + ".UTF-8"
    }

    static func grid(_ state: AppState, _ language: Language) -> String {
        var grid = Grid(width: 80, height: 24)
        ScreenView(Messages(language)).draw(state, into: &grid)
        return grid.text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
            .replacing(/\n+$/, with: "")
    }

    @Test(arguments: Language.allCases)
    func theMainScreenIsInTheTerminalsLanguage(_ language: Language) throws {
        let environment0 = ["LANG": Self.locale(language)]
        #expect(Language.from(environment: environment0) == language, "LANG=\(Self.locale(language)) does not choose \(language)")
        let scratch = try ScratchDirectory("habit-ui-language")
        let data = scratch.sub("data")
        try FileManager.default.copyItem(atPath: UIEndToEndTests.examples, toPath: data)
        let habit = try #require(BuiltProduct.path("habit"))
        let environment = ["PATH": "/usr/bin:/bin", "HOME": scratch.path, "LANG": Self.locale(language), "HABIT_DIR": data,
                           "HABIT_NOW": "2026-11-23T12:00", "XDG_CACHE_HOME": scratch.sub("cache"),
                           "SWIFT_BACKTRACE": "interactive=no,color=no"]
        var session: TerminalSession? = try TerminalSession([habit, "ui"], environment: environment, scratch: scratch.path, width: 80, height: 24)
        defer { session = nil }
        let tmux = try #require(session)
        let journal = try Habits(directory: DataDirectory(path: data), cache: nil, clock: { 1_795_000_000 }).read().journal
        let state = AppState(journal: journal, today: CivilDate("2026-11-23")!)
        let expected = Self.grid(state, language)
        let deadline = Date().addingTimeInterval(15)
        func screen() throws -> String { try tmux.screen().replacing(/\n+$/, with: "") }
        var shown = try screen()
        while shown != expected && Date() < deadline {
            usleep(50_000)
            shown = try screen()
        }
        #expect(shown == expected, "LANG=\(Self.locale(language)): tmux shows:\n\(shown)\n--- the grid in \(language) is:\n\(expected)")
        if !language.rawValue.hasPrefix("en") {
            #expect(shown != Self.grid(state, .english), "\(language): the screen is English")
        }
        try tmux.press("q")
        #expect(try tmux.waitForExit() == 0)
    }
}
