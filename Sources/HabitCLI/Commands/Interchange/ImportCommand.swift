import ArgumentParser
import HabitKit

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring in trackers and their history from another habit tracker.",
        discussion: """
            Everything is written in one change (one commit); a malformed file writes nothing.
            Examples:
              habit import loop "Loop Habits CSV 2025-11-01.zip" --dry-run
              habit import harsh ~/.config/harsh
              habit import habitctl ~/.habitctl
            """,
        subcommands: [ImportLoopCommand.self, ImportFolderCommand<HarshFolder>.self, ImportFolderCommand<HabitctlFolder>.self])
}
