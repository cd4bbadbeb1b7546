import ArgumentParser

/// Options of the commands that mark a day.
struct MarkOptions: ParsableArguments {
    @OptionGroup var argument: TrackerArgument<NameOrPrefix>
    var tracker: String { argument.tracker }

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The day: 2026-11-21, today, yesterday, -3, a weekday name or `last friday` (default: today).", valueName: "day"))
    var date: String?
}
