import ArgumentParser

struct PinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin",
        abstract: "Pin a tracker: it shows in the Pinned group at the top.",
        discussion: "Example:\n  habit pin run")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The tracker.", valueName: "tracker"), completion: Completions.trackers) var tracker: String

    func run() throws { try TrackerFlagSetting(.pinned, global: global).set(true, tracker) }
}

struct UnpinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unpin",
        abstract: "Unpin a tracker: it goes back to its category.",
        discussion: "Example:\n  habit unpin run")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The tracker.", valueName: "tracker"), completion: Completions.trackers) var tracker: String

    func run() throws { try TrackerFlagSetting(.pinned, global: global).set(false, tracker) }
}
