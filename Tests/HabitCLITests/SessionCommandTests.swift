import ArgumentParser
import Testing
@testable import HabitCLI

/// `TimerRecovery` finds a command's global options through `SessionCommand`: a command that
/// takes `--dir` but is not a `SessionCommand` would never be offered an interrupted timer.
@Suite struct SessionCommandTests {
    static func commands(_ type: ParsableCommand.Type = HabitCommand.self) -> [ParsableCommand.Type] {
        let children = type.configuration.subcommands
        return children.isEmpty ? [type] : children.flatMap { commands($0) }
    }

    @Test func everyCommandWithTheGlobalOptionsIsASessionCommand() {
        let all = Self.commands()
        #expect(all.count > 40)
        for command in all {
            let takesDir = command.helpMessage(columns: 200).contains("--dir <path>")
            #expect(takesDir == (command is any SessionCommand.Type), "\(command)")
        }
    }

    @Test func theOfferReadsTheParsedDirectory() throws {
        let command = try HabitCommand.parseAsRoot(["stats", "--dir", "/data/here"])
        let session = try #require(command as? any SessionCommand)
        #expect(session.global.dir == "/data/here")
    }
}
