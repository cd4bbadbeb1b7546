import ArgumentParser

struct ArchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Archive a tracker: it leaves the day view, the list and statistics; its history is kept.",
        discussion: "Example:\n  habit archive run")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var argument: TrackerArgument<PlainTracker>

    func run() throws { try TrackerFlagSetting(.archived, global: global).set(true, argument.tracker) }
}
