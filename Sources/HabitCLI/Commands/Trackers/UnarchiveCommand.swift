import ArgumentParser

struct UnarchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unarchive",
        abstract: "Bring an archived tracker back.",
        discussion: "Example:\n  habit unarchive run")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var argument: TrackerArgument<PlainTracker>

    func run() throws { try TrackerFlagSetting(.archived, global: global).set(false, argument.tracker) }
}
