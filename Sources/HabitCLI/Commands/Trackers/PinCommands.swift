import ArgumentParser

struct PinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin",
        abstract: "Pin a tracker: it shows in the Pinned group at the top.",
        discussion: "Example:\n  habit pin run")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The tracker.", valueName: "tracker"), completion: Completions.trackers) var tracker: String

    func run() throws { try Pinning(global: global).set(true, tracker) }
}

struct UnpinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unpin",
        abstract: "Unpin a tracker: it goes back to its category.",
        discussion: "Example:\n  habit unpin run")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The tracker.", valueName: "tracker"), completion: Completions.trackers) var tracker: String

    func run() throws { try Pinning(global: global).set(false, tracker) }
}

/// The shared flow of pin and unpin.
struct Pinning {
    let global: GlobalOptions

    func set(_ pinned: Bool, _ text: String) throws {
        let session = Session(global)
        let t = session.t
        let preview = try session.load()
        let target = try session.resolve(text, in: preview)
        let changed = try session.habits.setPinned(pinned, target.id, reusing: preview)
        let key: MessageKey = switch (pinned, changed) {
        case (true, true): .pinnedTracker
        case (true, false): .alreadyPinned
        case (false, true): .unpinnedTracker
        case (false, false): .notPinned
        }
        session.out(t.text(key, session.name(target)))
    }
}
