import ArgumentParser

struct ArchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Archive a tracker: it leaves the day view, the list and statistics; its history is kept.",
        discussion: "Example:\n  habit archive run")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The tracker.", valueName: "tracker"), completion: Completions.trackers) var tracker: String

    func run() throws { try Archiving(global: global).set(true, tracker) }
}

struct UnarchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unarchive",
        abstract: "Bring an archived tracker back.",
        discussion: "Example:\n  habit unarchive run")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The tracker.", valueName: "tracker"), completion: Completions.trackers) var tracker: String

    func run() throws { try Archiving(global: global).set(false, tracker) }
}

/// The shared flow of archive and unarchive.
struct Archiving {
    let global: GlobalOptions

    func set(_ archived: Bool, _ text: String) throws {
        let session = Session(global)
        let t = session.t
        let preview = try session.load()
        let target = try session.resolve(text, in: preview)
        let changed = try session.habits.setArchived(archived, target.id, reusing: preview)
        let key: MessageKey = switch (archived, changed) {
        case (true, true): .archivedTracker
        case (true, false): .alreadyArchived
        case (false, true): .unarchivedTracker
        case (false, false): .notArchived
        }
        session.out(t.text(key, session.name(target)))
    }
}
