import ArgumentParser
import HabitCore
import HabitKit
import HabitLocalization

struct PromptCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "prompt",
        abstract: "One short line for shell prompts, tmux and status bars: what is done and what is still due today.",
        discussion: """
            Prints nothing when nothing is scheduled today (or before `habit init`), and never writes \
            warnings, so it can run on every prompt. Placeholders for --format: {done}, {total} (due \
            today, skipped ones left out), {left}, {skipped}, {percent}, {due} (names still to do), \
            {due_emoji}, {next} (the next reminder time still to come), {date}, {clean} (days clean of each \
            habit to quit, like 🚭12); {{ and }} are braces. \
            Snippets for bash, zsh, starship, tmux, waybar and polybar: docs/reminders.md.

            Examples:
              habit prompt                                  2/5 ✓
              habit prompt --format '{left} left: {due}'
              habit prompt --json
            """)

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("The line, with placeholders such as {done}/{total} (default: {done}/{total} ✓).", valueName: "format"))
    var format: String?

    @OptionGroup var json: JSONFlag<DocumentedShape>

    static let defaultFormat = "{done}/{total} ✓"
    static let placeholders = ["done", "total", "left", "skipped", "percent", "due", "due_emoji", "next", "date", "clean"]

    func run(in session: Session) throws {
        let template = try Self.parse(format ?? Self.defaultFormat, session.t)
        let status = try PromptStatus(session)
        if json.isSet {
            session.context.output.write(status.json.rendered())
            return
        }
        // Nothing due today: an empty line keeps a prompt clean.
        if format == nil, status.total == 0 { return }
        let line = template.map { piece -> String in
            switch piece {
            case .text(let text): text
            case .placeholder(let name): status.value(name)
            }
        }.joined()
        session.out(TerminalText.safe(line))
    }

    enum Piece: Equatable {
        case text(String)
        case placeholder(String)
    }

    /// `{name}` placeholders and `{{`/`}}` braces; an unknown name is a usage error.
    static func parse(_ format: String, _ t: Messages) throws -> [Piece] {
        var pieces: [Piece] = []
        var text = ""
        var rest = Substring(format)
        while let first = rest.first {
            rest.removeFirst()
            if (first == "{" && rest.first == "{") || (first == "}" && rest.first == "}") {
                text.append(first)
                rest.removeFirst()
            } else if first == "{", let close = rest.firstIndex(of: "}") {
                let name = String(rest[..<close])
                guard placeholders.contains(name) else {
                    throw Failure.usage(t.text(.promptUnknownPlaceholder, TerminalText.safe("{" + name + "}")),
                                        hint: t.text(.promptPlaceholdersHint, t.list(placeholders.map { "{\($0)}" })))
                }
                if !text.isEmpty { pieces.append(.text(text)) }
                text = ""
                pieces.append(.placeholder(name))
                rest = rest[rest.index(after: close)...]
            } else {
                text.append(first)
            }
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        return pieces
    }
}

/// Today at a glance, from what `habit list` reads (the load cache makes it cheap).
struct PromptStatus {
    var day: CivilDate
    var done = 0
    var skipped = 0
    var total = 0
    var due: [Tracker] = []
    var next: ReminderTime?
    /// Habits to quit and their clean runs.
    var clean: [(tracker: Tracker, record: QuitRecord)] = []

    init(_ session: Session) throws {
        guard session.directory.isInitialized else {
            day = session.today(Settings())
            return
        }
        let store = try session.habits.read()
        session.context.onSuccess { store.saveCache() }
        day = session.today(store.settings)
        let rows = Agenda(journal: store.journal, day: day, today: day).groups.flatMap(\.rows)
        done = rows.filter { $0.mark == .done }.count
        skipped = rows.filter { $0.mark == .skipped }.count
        total = rows.count - skipped
        due = rows.filter { $0.mark == nil }.map(\.tracker)
        clean = rows.filter(\.tracker.isQuit).compactMap { row in
            TrackerProgress(tracker: row.tracker, today: day).quit.map { (row.tracker, $0) }
        }
        let clock = LocalClock.system
        let now = session.reminderNow(clock)
        next = ReminderRule.reminders(of: due, on: day, today: day, settings: store.settings, clock: clock)
            .first { $0.instant > now }?.time
    }

    func value(_ name: String) -> String {
        switch name {
        case "done": String(done)
        case "total": String(total)
        case "left": String(due.count)
        case "skipped": String(skipped)
        case "percent": String(total == 0 ? 100 : done * 100 / total)
        case "due": due.map(\.name).joined(separator: ", ")
        case "due_emoji": due.map { $0.emoji ?? String($0.name.prefix(1)) }.joined()
        case "next": next?.description ?? ""
        case "date": day.description
        case "clean": clean.map { ($0.tracker.emoji ?? String($0.tracker.name.prefix(1))) + String($0.record.currentClean) }.joined(separator: " ")
        default: ""
        }
    }

    var json: JSON {
        .object([
            ("date", .string(day.description)),
            ("done", .int(done)),
            ("total", .int(total)),
            ("left", .int(due.count)),
            ("skipped", .int(skipped)),
            ("due", .array(due.map { .object([("id", .string($0.id)), ("name", .string($0.name)), ("emoji", .optional($0.emoji))]) })),
            ("next_reminder", .optional(next?.description)),
            ("clean", .array(clean.map {
                .object([("id", .string($0.tracker.id)), ("name", .string($0.tracker.name)),
                         ("clean_days", .int($0.record.currentClean)), ("best_clean_days", .int($0.record.bestClean))])
            })),
        ])
    }
}
