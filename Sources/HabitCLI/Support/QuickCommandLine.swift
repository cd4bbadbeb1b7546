import ArgumentParser

/// `habit done`, `undone`, `slip`, `unslip`, `stats` and `cal` with their usual options, read without
/// ArgumentParser, then run as the very command ArgumentParser would have built. ArgumentParser
/// builds each command's arguments by reflection (`Mirror` over every option group) several times a
/// parse, and looks at the default command and at completion-script requests too: 18 M instructions
/// of a release `habit done`'s 51 M, paid on every mark, and 14–15 M of `habit stats` and
/// `habit cal --year`. The reading is as narrow as `QuickList`'s: the command name, the words it
/// takes that are no option (the tracker; the month or year), long flags, and long options that
/// each take a value, each given once, with no empty value and no value that looks like an option
/// unless the option reads its value unconditionally. Anything else (`--help`, `--`, a short option
/// or `-1`, an unknown or repeated option, a flag with a value, a word too many, a bad colour) is
/// left to ArgumentParser, so every error, help text and edge case stays exactly its own.
/// `QuickCommandLineTests` proves that each command's options are all known here and read as
/// ArgumentParser reads them.
struct QuickCommandLine {
    /// What the command line said: the positional words, each long option's value and the flags.
    var words: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    /// A command this reader takes: the options it knows (all of the command's, `--help` aside:
    /// those with a value and the flags), those read unconditionally (`parsing: .unconditional`),
    /// how many words it takes, and how to build the command from what was read (nil: leave it to
    /// ArgumentParser).
    struct Grammar: Sendable {
        let valueOptions: Set<String>
        let unconditional: Set<String>
        var flags: Set<String> = []
        let words: ClosedRange<Int>
        let build: @Sendable (QuickCommandLine) -> ParsableCommand?
    }

    static let global: Set<String> = ["--dir", "--color"]
    static let mark: Set<String> = ["--date", "--from", "--to"]

    static let grammars: [String: Grammar] = [
        "done": Grammar(valueOptions: global.union(mark).union(["--amount", "--set", "--note"]),
                        unconditional: mark.union(["--amount", "--set"]), words: 1...1) { line in
            guard let global = line.globalOptions else { return nil }
            var command = DoneCommand()
            command.global = global
            command.mark = line.markOptions
            command.range = line.rangeOptions
            command.amount = line.values["--amount"]
            command.total = line.values["--set"]
            command.note = line.values["--note"]
            return command
        },
        "undone": Grammar(valueOptions: global.union(mark), unconditional: mark, words: 1...1) { line in
            guard let global = line.globalOptions else { return nil }
            var command = UndoneCommand()
            command.global = global
            command.mark = line.markOptions
            command.range = line.rangeOptions
            return command
        },
        "slip": Grammar(valueOptions: global.union(["--date", "--note"]), unconditional: ["--date"], words: 1...1) { line in
            guard let global = line.globalOptions else { return nil }
            var command = SlipCommand()
            command.global = global
            command.mark = line.markOptions
            command.note = line.values["--note"]
            return command
        },
        "unslip": Grammar(valueOptions: global.union(["--date"]), unconditional: ["--date"], words: 1...1) { line in
            guard let global = line.globalOptions else { return nil }
            var command = UnslipCommand()
            command.global = global
            command.mark = line.markOptions
            return command
        },
        "stats": Grammar(valueOptions: global, unconditional: [], flags: ["--json"], words: 0...0) { line in
            guard let global = line.globalOptions else { return nil }
            var command = StatsCommand()
            command.global = global
            command.json = line.json()
            return command
        },
        // At most one word, the month or year (`2026-10`, `+1`); `-1` looks like an option, so
        // ArgumentParser reads it (and hands it to `when` unparsed).
        "cal": Grammar(valueOptions: global.union(["--tracker"]), unconditional: [], flags: ["--json", "--year"],
                       words: 0...1) { line in
            guard let global = line.globalOptions else { return nil }
            var command = CalendarCommand()
            command.global = global
            command.when = line.words
            command.year = line.flags.contains("--year")
            command.tracker = line.values["--tracker"]
            command.json = line.json()
            return command
        },
    ]

    /// Off only where `QuickCommandLineTests` runs each command line both ways.
    @TaskLocal static var isEnabled = true

    /// The command the arguments name, when this reader takes them all.
    static func command(_ arguments: [String]) -> ParsableCommand? {
        guard isEnabled, let name = arguments.first, let grammar = grammars[name],
              let line = QuickCommandLine(arguments.dropFirst(), grammar) else { return nil }
        return grammar.build(line)
    }

    init?(_ arguments: ArraySlice<String>, _ grammar: Grammar) {
        var rest = arguments
        while let argument = rest.popFirst() {
            guard !argument.isEmpty else { return nil }
            guard argument.hasPrefix("--") else {
                // A word; `-x` is ArgumentParser's (a short option, or a mistake it names).
                guard !argument.hasPrefix("-"), words.count < grammar.words.upperBound else { return nil }
                words.append(argument)
                continue
            }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            if grammar.flags.contains(name) {
                guard value == nil, flags.insert(name).inserted else { return nil }
                continue
            }
            guard grammar.valueOptions.contains(name), values[name] == nil else { return nil }
            if value == nil {
                guard let next = rest.popFirst() else { return nil }
                // Only an option read unconditionally (`--date -3`) takes a value starting with
                // `-`; for the others ArgumentParser judges it.
                guard grammar.unconditional.contains(name) || !next.hasPrefix("-") else { return nil }
                value = next
            }
            guard let value, !value.isEmpty else { return nil }
            values[name] = value
        }
        guard grammar.words.contains(words.count) else { return nil }
    }

    /// `--json`, with the help sentence of the command's own flag.
    func json<Wording>() -> JSONFlag<Wording> {
        var flag = JSONFlag<Wording>()
        flag.isSet = flags.contains("--json")
        return flag
    }

    /// `--dir` and `--color`; nil for a colour that is no mode (ArgumentParser lists the modes).
    var globalOptions: GlobalOptions? {
        var options = GlobalOptions()
        options.dir = values["--dir"]
        if let text = values["--color"] {
            guard let color = ColorChoice(argument: text) else { return nil }
            options.color = color
        } else {
            options.color = .auto
        }
        return options
    }

    var markOptions: MarkOptions {
        var argument = TrackerArgument<NameOrPrefix>()
        argument.tracker = words[0]
        var options = MarkOptions()
        options.argument = argument
        options.date = values["--date"]
        return options
    }

    var rangeOptions: RangeOptions {
        var options = RangeOptions()
        options.from = values["--from"]
        options.to = values["--to"]
        return options
    }
}
