import ArgumentParser
import FoundationEssentials
import HabitStore

struct LogCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "The history of changes, from git, newest first.",
        discussion: "Examples:\n  habit log\n  habit log run --limit 5\n  habit log --json")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("Only changes of this tracker.", valueName: "tracker"), completion: Completions.trackers) var tracker: String?
    @Option(name: .long, help: "How many changes to show.") var limit = 20
    @OptionGroup var json: JSONFlag<PlainJSON>

    func run(in session: Session) throws {
        let store = try session.load()
        let path = try tracker.map { DataFormat.trackerFile(id: try session.resolve($0, in: store).id) }
        let entries = try session.habits.history(limit: max(1, limit), touching: path)
        if json.isSet {
            let formatter = Date.ISO8601FormatStyle()
            session.context.output.write(JSON.array(entries.map { entry in
                .object([
                    ("id", .string(entry.id)), ("date", .string(formatter.format(Date(timeIntervalSince1970: entry.time)))),
                    ("author", .string(entry.author)), ("summary", .string(entry.summary)),
                    ("files", .array(entry.files.map(JSON.string))),
                ])
            }).rendered())
            return
        }
        guard !entries.isEmpty else { session.out(session.t[.noHistory]); return }
        for entry in entries {
            session.out("\(session.style.dim(session.clockText(entry.time)))  \(TerminalText.safe(entry.summary))")
        }
    }
}
