import ArgumentParser

struct UnpinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unpin",
        abstract: "Unpin a tracker: it goes back to its category.",
        discussion: "Example:\n  habit unpin run")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var argument: TrackerArgument<PlainTracker>

    func run() throws { try TrackerFlagSetting(.pinned, global: global).set(false, argument.tracker) }
}
