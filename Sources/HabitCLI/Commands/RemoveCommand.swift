import ArgumentParser

struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Delete a tracker and all its data.",
        discussion: """
            Asks for confirmation on a terminal; scripts must pass --yes.

            Examples:
              habit rm "Morning run"
              habit rm run --yes
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker: its name, file name, or a unique prefix.", valueName: "tracker"))
    var tracker: String

    @Flag(name: .long, help: "Don't ask (required without a terminal).")
    var yes = false

    func run() throws {
        let session = Session(global)
        let t = session.t
        let preview = try session.load()
        let target = try session.resolve(tracker, in: preview)
        guard try session.confirm(t.confirmDelete(session.name(target), marks: target.log.doneCount), assumeYes: yes) else {
            session.out(t.cancelled)
            return
        }
        try session.modify("rm: \(target.name)", reusing: preview) { store in
            try store.deleteTracker(try session.resolve(target.id, in: store).id)
        }
        session.out(t.deleted(session.name(target)))
    }
}

struct PinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin",
        abstract: "Pin a tracker: it shows in the Pinned group at the top.",
        discussion: "Example:\n  habit pin run")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The tracker.", valueName: "tracker")) var tracker: String

    func run() throws { try setPinned(true, tracker: tracker, global: global) }
}

struct UnpinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unpin",
        abstract: "Unpin a tracker: it goes back to its category.",
        discussion: "Example:\n  habit unpin run")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The tracker.", valueName: "tracker")) var tracker: String

    func run() throws { try setPinned(false, tracker: tracker, global: global) }
}

private func setPinned(_ pinned: Bool, tracker text: String, global: GlobalOptions) throws {
    let session = Session(global)
    let t = session.t
    let preview = try session.load()
    let target = try session.resolve(text, in: preview)
    guard target.isPinned != pinned else {
        session.out(pinned ? t.alreadyPinned(session.name(target)) : t.notPinned(session.name(target)))
        return
    }
    try session.modify("\(pinned ? "pin" : "unpin"): \(target.name)", reusing: preview) { store in
        try store.updateTracker(target.id, with: .init(isPinned: pinned))
    }
    session.out(pinned ? t.pinnedTracker(session.name(target)) : t.unpinnedTracker(session.name(target)))
}
