/// `habit done`, `undone`, `slip`, `unslip`, `stats` and `cal` with their usual options, read without
/// ArgumentParser, then run as the very `CommandInvocation` that the command ArgumentParser would
/// have built hands over (no ArgumentParser type is touched: see `CommandInvocation`). ArgumentParser
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
        let build: @Sendable (QuickCommandLine) -> CommandInvocation?
    }

    static let global: Set<String> = ["--dir", "--color"]
    static let mark: Set<String> = ["--date", "--from", "--to"]

    static let grammars: [String: Grammar] = [
        "done": Grammar(valueOptions: global.union(mark).union(["--amount", "--set", "--note"]),
                        unconditional: mark.union(["--amount", "--set"]), words: 1...1) { line in
            line.globalValues.map {
                .done($0, tracker: line.words[0], date: line.values["--date"], from: line.values["--from"], to: line.values["--to"],
                      amount: line.values["--amount"], total: line.values["--set"], note: line.values["--note"])
            }
        },
        "undone": Grammar(valueOptions: global.union(mark), unconditional: mark, words: 1...1) { line in
            line.globalValues.map {
                .undone($0, tracker: line.words[0], date: line.values["--date"], from: line.values["--from"], to: line.values["--to"])
            }
        },
        "slip": Grammar(valueOptions: global.union(["--date", "--note"]), unconditional: ["--date"], words: 1...1) { line in
            line.globalValues.map { .slip($0, tracker: line.words[0], date: line.values["--date"], note: line.values["--note"]) }
        },
        "unslip": Grammar(valueOptions: global.union(["--date"]), unconditional: ["--date"], words: 1...1) { line in
            line.globalValues.map { .unslip($0, tracker: line.words[0], date: line.values["--date"]) }
        },
        "stats": Grammar(valueOptions: global, unconditional: [], flags: ["--json"], words: 0...0) { line in
            line.globalValues.map { .stats($0, json: line.flags.contains("--json")) }
        },
        // At most one word, the month or year (`2026-10`, `+1`); `-1` looks like an option, so
        // ArgumentParser reads it (and hands it to `when` unparsed).
        "cal": Grammar(valueOptions: global.union(["--tracker"]), unconditional: [], flags: ["--json", "--year"],
                       words: 0...1) { line in
            line.globalValues.map {
                .calendar($0, when: line.words, year: line.flags.contains("--year"), tracker: line.values["--tracker"],
                          json: line.flags.contains("--json"))
            }
        },
    ]

    /// Off only where `QuickCommandLineTests` runs each command line both ways.
    @TaskLocal static var isEnabled = true

    /// What the arguments ask to run, when this reader takes them all.
    static func invocation(_ arguments: [String]) -> CommandInvocation? {
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

    /// `--dir` and `--color`; nil for a colour that is no mode (ArgumentParser lists the modes).
    var globalValues: GlobalValues? {
        guard let text = values["--color"] else { return GlobalValues(dir: values["--dir"]) }
        guard let color = ColorChoice(rawValue: text) else { return nil }
        return GlobalValues(dir: values["--dir"], color: color)
    }
}
