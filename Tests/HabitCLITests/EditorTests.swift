import Foundation
import Testing

/// `habit edit TRACKER` with no option on a terminal: the file in $EDITOR, checked on save.
@Suite struct EditorTests {
    /// An "editor" that applies a sed script to the file it is given.
    func editor(_ habit: Harness, _ sedScript: String) throws -> String {
        let script = habit.root.appendingPathComponent("editor-\(UUID().uuidString).sh")
        try "#!/bin/sh\nsed -i '\(sedScript)' \"$1\"\n".write(to: script, atomically: false, encoding: .utf8)
        chmod(script.path, 0o755)
        return script.path
    }

    @Test func aValidEditIsSaved() throws {
        let habit = try Harness()
        let path = try editor(habit, "s/^emoji = .*/emoji = \"🚰\"/")
        let result = habit.run(["edit", "drink"], input: [], environment: ["EDITOR": path])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.contains("Updated “Drink water”"))
        #expect(habit.file("trackers/drink-water.toml").contains("emoji = \"🚰\""))
    }

    @Test func aBrokenEditIsOfferedAgainAndNeverLands() throws {
        let habit = try Harness()
        let before = habit.file("trackers/drink-water.toml")
        let path = try editor(habit, "s/^pinned = true/pinned = yes please/")
        let result = habit.run(["edit", "drink"], input: ["n"], environment: ["EDITOR": path])
        #expect(result.err.contains("trackers/drink-water.toml:"), "\(result.err)")
        #expect(result.out.contains("Edit again?"))
        #expect(result.out.contains("Cancelled"))
        #expect(habit.file("trackers/drink-water.toml") == before)
    }

    @Test func noChangeChangesNothing() throws {
        let habit = try Harness()
        let before = habit.snapshot()
        let result = habit.run(["edit", "drink"], input: [], environment: ["EDITOR": "true"])
        #expect(result.code == 0)
        #expect(result.out.contains("No change; nothing was written."))
        #expect(habit.snapshot() == before, "nothing appears in the data directory, not even a cache")
    }

    @Test func withoutATerminalAnOptionIsRequired() throws {
        let habit = try Harness()
        let result = habit.run(["edit", "drink"])
        #expect(result.code == 2)
        #expect(result.err.contains("Nothing to change"))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func shellCompletions(shell: String) throws {
        let habit = try Harness()
        let result = habit.run(["--generate-completion-script", shell])
        #expect(result.code == 0)
        #expect(result.out.contains("habit"))
        #expect(result.out.contains("category"))
    }
}
