import Foundation
import HabitKit
import HabitStore
import Testing
import TestSupport

/// The form and the card menu of `habit ui` on a real pseudo-terminal (tmux), waiting for text
/// after every key: a 39-character name shows the error and Create stays disabled; a valid form
/// makes the file and one commit; the card menu's delete asks, then removes the file in one commit.
@Suite("habit ui form end to end", .serialized,
       .enabled(if: TerminalSession.tmux != nil && BuiltProduct.path("habit") != nil, "tmux or habit is missing"))
struct FormEndToEndTests {
    @Test func addAHabitThroughTheFormThenDeleteItFromTheCardMenu() throws {
        let scratch = try ScratchDirectory("habit-ui-form")
        let data = scratch.sub("data")
        try FileManager.default.copyItem(atPath: UIEndToEndTests.examples, toPath: data)
        #expect(try Habits(directory: DataDirectory(path: data), cache: nil, clock: { 1_795_000_000 }).enableHistory())
        let habit = try #require(BuiltProduct.path("habit"))
        let environment = ["PATH": "/usr/bin:/bin", "HOME": scratch.path, "LANG": "C.UTF-8", "HABIT_DIR": data,
                           "HABIT_NOW": "2026-11-23T12:00", "XDG_CACHE_HOME": scratch.sub("cache"),
                           "SWIFT_BACKTRACE": "interactive=no,color=no"]
        var terminal: TerminalSession? = try TerminalSession([habit, "ui"], environment: environment, scratch: scratch.path, width: 80, height: 24)
        defer { terminal = nil }
        let tmux = try #require(terminal)
        try tmux.waitFor("Monday, 23 November 2026")
        let commits = try GitCommandLine.run(["rev-list", "--count", "HEAD"], in: data)

        try tmux.press("a", thenWaitFor: "Create a tracker")
        try tmux.press("Enter", thenWaitFor: "New habit")
        // 39 characters: the error under the field, and Enter on Create does nothing.
        try tmux.type("Walk the dog around the lake every day!", thenWaitFor: "Name is limited to 38 characters.")
        for _ in 0..<7 { try tmux.press("Down") }
        try tmux.press("Enter")
        for _ in 0..<7 { try tmux.press("Up") }
        try tmux.press("BSpace", thenWaitFor: "every day ✕")
        #expect(try !tmux.screen().contains("Name is limited"))
        #expect(try GitCommandLine.run(["rev-list", "--count", "HEAD"], in: data) == commits, "nothing was created")

        // The category list, then a weekday: the form is complete.
        try tmux.press("Down", "Enter", thenWaitFor: "+ Add category")
        try tmux.press("Enter", thenWaitFor: "Category  Health")
        try tmux.press("Down", "Enter", thenWaitFor: "Schedule: ")
        try tmux.press("Space", thenWaitFor: "Schedule: Mon")
        try tmux.press("Escape", thenWaitFor: "Schedule  Mon")
        for _ in 0..<5 { try tmux.press("Down") }
        try tmux.press("Enter", thenWaitFor: "/ Search")
        let file = data + "/trackers/walk-the-dog-around-the-lake-every-day.toml"
        #expect(readFile(file).contains("name = \"Walk the dog around the lake every day\"\n"))
        #expect(readFile(file).contains("schedule = [\"mon\"]\n"))
        #expect(try GitCommandLine.run(["log", "-1", "--format=%s"], in: data) == "add: Walk the dog around the lake every day (Health)\n")

        // The next form checks the category used last, as `habit add` remembers it.
        try tmux.press("a", thenWaitFor: "Create a tracker")
        try tmux.press("Enter", thenWaitFor: "Category  Health")
        try tmux.press("Escape", thenWaitFor: "/ Search")

        // The card menu: delete, with the question first.
        try tmux.press("Enter", thenWaitFor: "Details")
        for _ in 0..<4 { try tmux.press("Down") }
        try tmux.press("Enter", thenWaitFor: "[y/N]")
        #expect(try tmux.screen().contains("Delete “Walk the dog around the lake"), "the question names the tracker")
        try tmux.press("y")
        try tmux.type("/walk", thenWaitFor: "Nothing found")
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(try GitCommandLine.run(["log", "-1", "--format=%s"], in: data) == "rm: Walk the dog around the lake every day\n")
        #expect(try GitCommandLine.run(["show", "--name-only", "--format=", "HEAD"], in: data)
                == "trackers/walk-the-dog-around-the-lake-every-day.toml\n")

        try tmux.press("Escape", thenWaitFor: "/ Search")
        try tmux.press("q")
        #expect(try tmux.waitForExit() == 0)
    }
}
