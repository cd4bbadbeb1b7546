import ArgumentParser
import HabitStore

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the data directory and show how to start.",
        discussion: """
            Examples:
              habit init
              habit init --dir ~/notes/habits
            """)

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let session = Session(global)
        let t = session.t
        let directory = session.directory
        if directory.isInitialized {
            throw Failure(t.alreadyInitialized(TerminalText.safe(directory.path)), hint: "Run `habit` to see today's trackers.")
        }
        do {
            try Store.initialize(directory, settingsText: InitCommand.settingsTemplate)
        } catch {
            throw session.translate(error)
        }
        session.out(t.welcome(directory: TerminalText.safe(directory.path)))
    }

    static let settingsTemplate = """
        # habit settings. Categories are listed in display order.
        categories = []
        week_starts_on = "mon"
        # day_starts_at = "03:00"   # keep "today" until 3 am, for night owls

        """
}
