import ArgumentParser

struct RemoveCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Delete a tracker and all its data.",
        discussion: """
            Asks for confirmation on a terminal; scripts must pass --yes. The tracker stays in the \
            history (habit log).

            Examples:
              habit rm "Morning run"
              habit rm run --yes
            """)

    @OptionGroup var global: GlobalOptions

    @OptionGroup var argument: TrackerArgument<NameOrPrefix>

    @Flag(name: .long, help: "Don't ask (required without a terminal).")
    var yes = false

    func run(in session: Session) throws {
        let t = session.t
        let preview = try session.load()
        let target = try session.resolve(argument.tracker, in: preview)
        guard try session.confirm(t.text(.confirmDelete, session.name(target), target.log.doneCount), assumeYes: yes) else {
            session.out(t[.cancelled])
            return
        }
        try session.habits.removeTracker(target.id, reusing: preview)
        session.out(t.text(.deleted, session.name(target)))
    }
}
