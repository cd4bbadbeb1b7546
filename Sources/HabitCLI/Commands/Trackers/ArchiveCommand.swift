import ArgumentParser

struct ArchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Archive a tracker: it leaves the day view, the list and statistics; its history is kept.",
        discussion: "Example:\n  habit archive run")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The tracker.", valueName: "tracker"), completion: Completions.trackers) var tracker: String

    func run() throws { try TrackerFlagSetting(.archived, global: global).set(true, tracker) }
}

struct UnarchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unarchive",
        abstract: "Bring an archived tracker back.",
        discussion: "Example:\n  habit unarchive run")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The tracker.", valueName: "tracker"), completion: Completions.trackers) var tracker: String

    func run() throws { try TrackerFlagSetting(.archived, global: global).set(false, tracker) }
}
