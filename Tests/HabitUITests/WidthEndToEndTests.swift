import Foundation
import HabitCore
import HabitKit
import HabitLocalization
import HabitStore
import HabitUI
import Testing
import TerminalUI
import TestSupport

/// `habit ui` on a real pseudo-terminal (tmux) with text-default pictographs in tracker names and
/// emoji: after every key, what tmux shows (`capture-pane`) is cell for cell the in-memory grid of
/// the same state, so no glyph was measured otherwise than the terminal draws it and no stray cell
/// stays behind; Ctrl-L repaints and Ctrl-C exits with status 130. Then a hundred trackers
/// travelled with End, and `u` restoring a file with one commit.
@Suite("habit ui end to end: widths, long lists, undo", .serialized,
       .enabled(if: TerminalSession.tmux != nil && BuiltProduct.path("habit") != nil, "tmux or habit is missing"))
struct WidthEndToEndTests {
    static let trackers = [
        ("gym.toml", "Gym 🏋 lifting", "🏋"), ("peace.toml", "Peace 🕊 walk", "🕊"), ("fever.toml", "Check 🌡 twice", "🌡"),
        ("screen.toml", "No 🖥 after ten", "🖥"), ("eyes.toml", "Rest 👁 eyes", "👁"), ("plan.toml", "Plan 🗓 week", "🗓"),
        ("tea.toml", "Green 中文 tea", "🍵"),
    ]

    @Test func movingOverPictographRowsAndChangingDayLeavesNoStrayCell() throws {
        let scratch = try ScratchDirectory("habit-ui-widths")
        let data = scratch.sub("data")
        try FileManager.default.copyItem(atPath: UIEndToEndTests.examples, toPath: data)
        for (file, name, emoji) in Self.trackers {
            let text = "name = \"\(name)\"\ncategory = \"Health\"\nschedule = \"daily\"\nemoji = \"\(emoji)\"\nstart = 2026-11-01\n\n[log]\n2026-11-20 = true\n"
            try writeFile(text, to: data + "/trackers/" + file)
        }
        #expect(try Habits(directory: DataDirectory(path: data), cache: nil, clock: { 1_795_000_000 }).enableHistory())
        let habit = try #require(BuiltProduct.path("habit"))
        let environment = ["PATH": "/usr/bin:/bin", "HOME": scratch.path, "LANG": "C.UTF-8", "HABIT_DIR": data,
                           "HABIT_NOW": "2026-11-23T12:00", "XDG_CACHE_HOME": scratch.sub("cache"),
                           "SWIFT_BACKTRACE": "interactive=no,color=no"]
        var session: TerminalSession? = try TerminalSession([habit, "ui"], environment: environment, scratch: scratch.path, width: 80, height: 24)
        defer { session = nil }
        let tmux = try #require(session)
        try tmux.waitFor("Monday, 23 November 2026")
        let journal = try Habits(directory: DataDirectory(path: data), cache: nil, clock: { 1_795_000_000 }).read().journal
        var state = AppState(journal: journal, today: CivilDate("2026-11-23")!)
        let view = ScreenView(Messages(.english))

        func expectSameScreen(after key: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            var grid = Grid(width: 80, height: 24)
            view.draw(state, into: &grid)
            let expected = grid.text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
                .replacing(/\n+$/, with: "")
            let deadline = Date().addingTimeInterval(10)
            func screen() throws -> String { try tmux.screen().replacing(/\n+$/, with: "") }
            var shown = try screen()
            while shown != expected && Date() < deadline {
                usleep(50_000)
                shown = try screen()
            }
            #expect(shown == expected, "after \(key), tmux shows:\n\(shown)\n--- the grid is:\n\(expected)", sourceLocation: sourceLocation)
        }

        try expectSameScreen(after: "the start")
        let keys: [(String, KeyPress)] = [("j", .character("j")), ("j", .character("j")), ("j", .character("j")), ("j", .character("j")),
                                          ("l", .character("l")), ("j", .character("j")), ("k", .character("k")), ("h", .character("h")),
                                          ("G", .character("G")), ("k", .character("k")), ("Home", KeyPress(.home)), ("l", .character("l"))]
        for (name, press) in keys {
            state.pages = view.pages(state, size: Size(width: 80, height: 24))
            _ = state.handle(press)
            try tmux.press(name)
            try expectSameScreen(after: name)
        }

        // Ctrl-L paints everything again: the same screen.
        try tmux.press("C-l")
        try expectSameScreen(after: "Ctrl-L")
        try tmux.press("C-c")
        #expect(try tmux.waitForExit() == 130)
    }

    /// A hundred trackers: End reaches the last card, with its position; the statistics tab
    /// scrolls to the last tracker's row.
    @Test func endReachesTheLastOfAHundredCardsAndTheStatisticsScrollToTheLastTracker() throws {
        let scratch = try ScratchDirectory("habit-ui-hundred")
        let data = scratch.sub("data")
        try FileManager.default.copyItem(atPath: UIEndToEndTests.examples, toPath: data)
        for index in 0..<94 {
            let text = "name = \"Zeta \(String(format: "%03d", index))\"\ncategory = \"Study\"\nschedule = \"daily\"\nstart = 2026-11-01\n"
            try writeFile(text, to: data + "/trackers/zeta-\(index).toml")
        }
        #expect(try Habits(directory: DataDirectory(path: data), cache: nil, clock: { 1_795_000_000 }).enableHistory())
        let habit = try #require(BuiltProduct.path("habit"))
        let environment = ["PATH": "/usr/bin:/bin", "HOME": scratch.path, "LANG": "C.UTF-8", "HABIT_DIR": data,
                           "HABIT_NOW": "2026-11-23T12:00", "XDG_CACHE_HOME": scratch.sub("cache"),
                           "SWIFT_BACKTRACE": "interactive=no,color=no"]
        var session: TerminalSession? = try TerminalSession([habit, "ui"], environment: environment, scratch: scratch.path, width: 80, height: 24)
        defer { session = nil }
        let tmux = try #require(session)
        let first = try tmux.waitFor("Monday, 23 November 2026")
        let count = try #require(first.split(separator: "\n").first { $0.hasPrefix("/ ") }?.split(separator: "/").last)
        #expect(Int(count) ?? 0 >= 94, "\(first)")
        let end = try tmux.press("End", thenWaitFor: "\(count)/\(count)")
        #expect(end.split(separator: "\n").contains { $0.hasPrefix("›") && $0.contains("Zeta 093") }, "\(end)")
        #expect(end.split(separator: "\n").contains("Study"), "the sticky title:\n\(end)")
        let top = try tmux.press("Tab", thenWaitFor: "strength")
        #expect(top.contains("1–"), "the rows shown are named:\n\(top)")
        // The statistics count archived trackers too: the last row is the last of them all.
        let bottom = try tmux.press("End", thenWaitFor: "Zeta 093")
        #expect(bottom.contains(try Regex(#"\d+–(\d+)/\1 "#)), "the last rows shown:\n\(bottom)")
        try tmux.press("q")
        #expect(try tmux.waitForExit() == 0)
    }

    /// Space then `u` on a real terminal: the file is byte for byte as it was, and the undo is one
    /// commit of its own.
    @Test func uRestoresTheFileWithOneCommit() throws {
        let scratch = try ScratchDirectory("habit-ui-undo")
        let data = scratch.sub("data")
        try FileManager.default.copyItem(atPath: UIEndToEndTests.examples, toPath: data)
        #expect(try Habits(directory: DataDirectory(path: data), cache: nil, clock: { 1_795_000_000 }).enableHistory())
        let habit = try #require(BuiltProduct.path("habit"))
        let environment = ["PATH": "/usr/bin:/bin", "HOME": scratch.path, "LANG": "C.UTF-8", "HABIT_DIR": data,
                           "HABIT_NOW": "2026-11-23T12:00", "XDG_CACHE_HOME": scratch.sub("cache"),
                           "SWIFT_BACKTRACE": "interactive=no,color=no"]
        let file = data + "/trackers/read-20-pages.toml"
        let before = readFile(file)
        let commits = try GitCommandLine.run(["rev-list", "--count", "HEAD"], in: data)
        var session: TerminalSession? = try TerminalSession([habit, "ui"], environment: environment, scratch: scratch.path, width: 80, height: 24)
        defer { session = nil }
        let tmux = try #require(session)
        try tmux.waitFor("Monday, 23 November 2026")
        try tmux.type("/read")
        try tmux.press("Enter", thenWaitFor: "/ read")
        try tmux.press("Space", thenWaitFor: "✓")
        #expect(readFile(file) != before)
        try tmux.press("u", thenWaitFor: "○")
        #expect(readFile(file) == before, "the file as it was")
        #expect(try GitCommandLine.run(["rev-list", "--count", "HEAD"], in: data) == String(Int(commits.trimmingCharacters(in: .whitespacesAndNewlines))! + 2) + "\n",
                "the mark and its undo: a commit each")
        #expect(try GitCommandLine.run(["status", "--porcelain"], in: data).isEmpty)
        try tmux.press("q")
        #expect(try tmux.waitForExit() == 0)
    }
}
