import ArgumentParser
import HabitCore
import Testing
@testable import HabitCLI

/// `habit list` is read without ArgumentParser on its fast path (`QuickList`): it must know every
/// option `ListCommand` has, and read each value as ArgumentParser does, or leave it to ArgumentParser.
@Suite struct QuickListTests {
    /// The long options `ListCommand`'s help names, `--help` aside.
    static var listOptions: Set<String> {
        let help = ListCommand.helpMessage(columns: 200)
        let names = help.matches(of: /--[a-z][a-z-]*/).map { String($0.output) }
        return Set(names).subtracting(["--help"])
    }

    @Test func knowsEveryOptionOfTheListCommand() {
        #expect(QuickList.valueOptions.union(QuickList.flags) == Self.listOptions)
        #expect(QuickList.valueOptions.isDisjoint(with: QuickList.flags))
    }

    /// Values of each option, good and bad, in both spellings, before and after `list`.
    static var commandLines: [[String]] {
        let values: [String: [String]] = [
            "--dir": ["/tmp/data", "-x", ""],
            "--color": ColorChoice.allCases.map(\.rawValue) + ["orange", ""],
            "--date": ["2026-11-21", "yesterday", "-3", "--json", ""],
            "--search": ["run", "-r", ""],
            "--filter": Agenda.Filter.allCases.map(\.rawValue) + ["some"],
        ]
        var lines: [[String]] = [[], ["--json", "--json"], ["--spark=yes"], ["--unknown"], ["word"], ["--date"]]
        for flag in QuickList.flags { lines.append([flag]) }
        for (name, examples) in values {
            for value in examples {
                lines += [[name, value], ["\(name)=\(value)"], [name, value, name, value], [name, value, "--json", "--spark"]]
            }
        }
        return lines.flatMap { [$0, ["list"] + $0] }
    }

    @Test(arguments: commandLines)
    func readsEachOptionAsTheParserDoes(_ arguments: [String]) throws {
        guard let quick = QuickList(arguments) else { return }  // ArgumentParser's to judge
        let parsed = try #require(try? HabitCommand.parseAsRoot(arguments) as? ListCommand,
                                  "QuickList accepted what ArgumentParser refuses or reads as another command")
        #expect(quick.dir == parsed.global.dir)
        #expect(quick.color == parsed.global.color)
        #expect(quick.date == parsed.date)
        #expect(quick.search == parsed.search)
        #expect(quick.filter == parsed.filter)
        #expect(quick.spark == parsed.spark)
        #expect(quick.json == parsed.json.isSet)
    }

    @Test func takesTheCommonCommandLines() {
        for arguments in [[], ["list"], ["--json"], ["list", "--date", "-3", "--filter", "uncompleted"], ["--dir=/d", "--spark"]] {
            #expect(QuickList(arguments) != nil, "\(arguments)")
        }
    }
}
