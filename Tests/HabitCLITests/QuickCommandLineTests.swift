import ArgumentParser
import Testing
@testable import HabitCLI

/// `habit done`, `undone`, `slip`, `unslip`, `stats` and `cal` are read without ArgumentParser on
/// their fast path (`QuickCommandLine`): it must know every option of each command it takes, read
/// each value as ArgumentParser does or leave the line to ArgumentParser, and a command line must
/// give the same output, exit code and files either way.
@Suite struct QuickCommandLineTests {
    static let marking: [String: ParsableCommand.Type] = [
        "done": DoneCommand.self, "undone": UndoneCommand.self, "slip": SlipCommand.self, "unslip": UnslipCommand.self,
    ]
    /// The commands that show figures: no tracker word, flags.
    static let showing: [String: ParsableCommand.Type] = ["stats": StatsCommand.self, "cal": CalendarCommand.self]
    static let commands = marking.merging(showing) { first, _ in first }

    /// The long options a command's help lists, `--help` aside (its discussion may name other
    /// commands' options).
    static func options(of command: ParsableCommand.Type) -> Set<String> {
        let help = command.helpMessage(columns: 200).split(separator: "\nOPTIONS:").last ?? ""
        return Set(help.matches(of: /--[a-z][a-z-]*/).map { String($0.output) }).subtracting(["--help"])
    }

    @Test func knowsEveryOptionOfEachCommand() {
        #expect(Set(QuickCommandLine.grammars.keys) == Set(Self.commands.keys))
        for (name, command) in Self.commands {
            let grammar = QuickCommandLine.grammars[name]!
            #expect(grammar.valueOptions.union(grammar.flags) == Self.options(of: command), "\(name)")
            #expect(grammar.valueOptions.isDisjoint(with: grammar.flags), "\(name)")
            #expect(grammar.unconditional.isSubset(of: grammar.valueOptions), "\(name)")
        }
    }

    /// Values of each option, good and bad, in both spellings, with words missing or extra.
    static var commandLines: [[String]] {
        let values: [String: [String]] = [
            "--dir": ["/tmp/data", "-x", ""],
            "--color": ColorChoice.allCases.map(\.rawValue) + ["orange", "NEVER", ""],
            "--date": ["2026-11-21", "yesterday", "-3", "--note", ""],
            "--from": ["2026-11-16", "-6", "--to", ""],
            "--to": ["2026-11-20", "-1", ""],
            "--amount": ["2", "-1", "--set", "", "x"],
            "--set": ["5", "-5", ""],
            "--note": ["hot day", "-x", "--date", ""],
        ]
        var lines: [[String]] = [
            [], ["run"], ["run", "run"], ["--unknown", "run"], ["run", "--unknown"], ["-h"], ["run", "-h"], ["run", "--help"],
            ["help"], ["help", "run"], ["run", "--"], ["--", "run"], ["--", "-run"], ["-run"], [""], ["list"], ["run", "--date"],
            ["run", "--version"], ["run", "--generate-completion-script"], ["---completion", "--", "tracker", "0", "0"],
            ["run", "--date", "-2", "--date", "-3"], ["--date=-1", "run"], ["run", "-d", "-1"],
        ]
        for (name, examples) in values {
            for value in examples {
                lines += [["run", name, value], ["run", "\(name)=\(value)"], [name, value, "run"], ["run", name, value, name, value],
                          ["run", name, value, "--dir", "/tmp/data"], [name, value]]
            }
        }
        var figureLines: [[String]] = [
            [], ["2026-10"], ["2026"], ["+1"], ["-1"], ["2026-10", "2026-11"], ["help"], ["-h"], ["--help"], ["--"], ["--", "2026"],
            ["--unknown"], ["2026", "--unknown"], ["--version"], ["-1", "--json"], ["2026-13"], ["+1", "-1"],
        ]
        let showingValues: [String: [String]] = [
            "--dir": ["/tmp/data", "-x", ""],
            "--color": ColorChoice.allCases.map(\.rawValue) + ["orange", ""],
            "--tracker": ["run", "-run", "--json", "--year", ""],
        ]
        for (name, examples) in showingValues {
            for value in examples {
                figureLines += [[name, value], ["\(name)=\(value)"], ["2026", name, value], [name, value, "--year"],
                                [name, value, name, value], [name, value, "--json", "2026-10"], [name]]
            }
        }
        for flag in ["--json", "--year"] {
            figureLines += [[flag], [flag, flag], ["\(flag)=1"], ["\(flag)="], [flag, "2026"], ["2026", flag], [flag, "-1"],
                            [flag, "--dir", "/tmp/data"]]
        }
        figureLines += [["--year", "--json"], ["--json", "--year", "2025", "--tracker", "run"], ["--year", "--tracker=run", "+1"]]
        return Self.marking.keys.sorted().flatMap { command in lines.map { [command] + $0 } }
            + Self.showing.keys.sorted().flatMap { command in figureLines.map { [command] + $0 } }
    }

    @Test(arguments: commandLines)
    func readsEachOptionAsTheParserDoes(_ arguments: [String]) throws {
        guard let quick = QuickCommandLine.invocation(arguments) else { return }  // ArgumentParser's to judge
        let parsed = try #require(try? HabitCommand.parseAsRoot(arguments),
                                  "QuickCommandLine accepted what ArgumentParser refuses: \(arguments)")
        let command = try #require(parsed as? any InvocableCommand, "ArgumentParser reads another command: \(arguments)")
        #expect(quick == command.invocation, "\(arguments)")
        #expect(type(of: command).configuration.commandName == arguments.first, "\(arguments)")
    }

    @Test func takesTheCommonCommandLines() {
        for arguments in [["done", "run"], ["undone", "run"], ["done", "run", "--date", "-1"], ["done", "water", "--amount", "2"],
                          ["done", "run", "--dir", "/d", "--note", "hot day"], ["undone", "--date=yesterday", "run"],
                          ["done", "run", "--from", "-6", "--to", "-1"],
                          ["slip", "run", "--note", "rain"], ["unslip", "run", "--date", "-1"],
                          ["stats"], ["stats", "--json"], ["cal"], ["cal", "--year"], ["cal", "--year", "--json"],
                          ["cal", "2026-10", "--tracker", "run"], ["cal", "--year", "2025", "--dir", "/d"]] {
            #expect(QuickCommandLine.invocation(arguments) != nil, "\(arguments)")
        }
    }

    /// Whole runs, valid and invalid, with help, in English and Russian: the same output, exit
    /// code and files with the fast path and without it.
    static var runs: [[String]] {
        let lines: [[String]] = [
            ["run"], ["morning"], ["run", "--date", "-1"], ["run", "--date", "tomorrow"], ["run", "--date", "someday"],
            ["water", "--amount", "2"], ["water", "--set", "5", "--note", "hot day"], ["water", "--amount", "x"],
            ["water", "--amount", "2", "--set", "3"], ["run", "--note", "felt good"], ["run", "--from", "-6", "--to", "-1"],
            ["run", "--from", "-6"], ["run", "--from", "-6", "--date", "-1"], ["nothing"], ["run", "--color", "always"],
            ["run", "--color", "orange"], ["run", "--dir"], ["run", "--help"], ["-h"], [], ["run", "extra"], ["run", "--unknown"],
            ["dentist"], ["plants", "--date", "-2"],
        ]
        let figureLines: [[String]] = [
            [], ["--json"], ["--year"], ["--year", "--json"], ["2026-10"], ["2026-10", "--json"], ["--year", "2025"], ["--year", "+1"],
            ["+1"], ["-1"], ["2026-13"], ["--year", "12345"], ["--tracker", "run"], ["--tracker", "run", "--year", "--json"],
            ["--tracker", "nothing"], ["--tracker", "morning-run", "2026-11"], ["--tracker"], ["--json", "--json"], ["--year=1"],
            ["--color", "always"], ["--color", "orange"], ["--help"], ["-h"], ["extra", "words"], ["--unknown"],
        ]
        return marking.keys.sorted().flatMap { command in lines.map { [command] + $0 } }
            + Self.showing.keys.sorted().flatMap { command in figureLines.map { [command] + $0 } }
    }

    @Test(arguments: runs, ["en_US.UTF-8", "ru_RU.UTF-8"])
    func runsAsTheParserDoes(_ arguments: [String], language: String) throws {
        let quick = try Harness(language: language)
        let full = try Harness(language: language)
        let fast = quick.run(arguments)
        let slow = QuickCommandLine.$isEnabled.withValue(false) { full.run(arguments) }
        #expect(fast.code == slow.code, "\(arguments)")
        #expect(fast.out == slow.out, "\(arguments)")
        #expect(fast.err == slow.err, "\(arguments)")
        #expect(quick.snapshot() == full.snapshot(), "\(arguments)")
    }
}
