import ArgumentParser

struct PinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin",
        abstract: "Pin a tracker: it shows in the Pinned group at the top.",
        discussion: "Example:\n  habit pin run")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var argument: TrackerArgument<PlainTracker>

    func run() throws { try TrackerFlagSetting(.pinned, global: global).set(true, argument.tracker) }
}
