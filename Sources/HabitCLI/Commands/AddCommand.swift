import ArgumentParser
import HabitCore
import HabitStore

struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Create a tracker: a habit on chosen weekdays, or a one-off event.",
        discussion: """
            On a terminal, anything required that is missing is asked for.

            Examples:
              habit add "Morning run" --category Health --days mon,wed,fri --emoji 🏃 --color orange
              habit add Read --category Study --daily --goal 30d
              habit add "Dentist" --category Health --event
            """)

    @OptionGroup var global: DirectoryOptions

    @Argument(help: ArgumentHelp("The tracker's name (at most 38 characters).", valueName: "name"))
    var name: String?

    @OptionGroup var options: TrackerOptions

    func run() throws {
        let session = Session(directory: global)
        let t = session.t
        // Validate everything before taking the lock, so a mistake never waits or writes.
        let preview = try session.load()
        let today = session.today(preview.settings)

        // Emoji and colour are offered only in the interactive flow, i.e. when something required was asked.
        var asked = false
        if name == nil { asked = true }
        guard let rawName = name ?? session.ask(t.promptName) else { throw Failure(t.noTerminal(for: "NAME"), exitCode: 2) }
        let name = try TrackerOptions.validName(rawName, t)
        if preview.journal.trackers.contains(where: { TrackerName.key($0.name) == TrackerName.key(name) }) {
            throw Failure(t.nameTaken(TerminalText.safe(name)), exitCode: 1)
        }

        var newCategory: String?
        let category: String
        if let given = options.category {
            guard preview.settings.categories.contains(given) else {
                throw Failure(t.unknownCategory(TerminalText.safe(given)),
                              hint: t.unknownCategoryHint(preview.settings.categories.map(TerminalText.safe)), exitCode: 1)
            }
            category = given
        } else if session.context.stdinIsTerminal {
            (category, newCategory) = try askCategory(session, known: preview.settings.categories)
            asked = true
        } else {
            throw Failure(t.noTerminal(for: "--category"), hint: t.unknownCategoryHint(preview.settings.categories), exitCode: 2)
        }

        var schedule = try options.schedule(t)
        if schedule == nil {
            guard session.context.stdinIsTerminal else { throw Failure(t.scheduleMissing, exitCode: 2) }
            schedule = try askSchedule(session)
            asked = true
        }

        var emoji = try options.emoji.map { try TrackerOptions.validEmoji($0, t) }
        var color = try options.color.map { try TrackerOptions.validColor($0, t) }
        if options.emoji == nil, options.color == nil, asked {
            if let answer = session.ask(t.promptEmoji), !answer.isEmpty { emoji = try TrackerOptions.validEmoji(answer, t) }
            let palette = PaletteColor.allCases.map { session.style.color($0.rawValue, .palette($0)) }.joined(separator: " ")
            if let answer = session.ask("\(t.promptColor) [\(palette)]"), !answer.isEmpty {
                color = try TrackerOptions.validColor(answer, t)
            }
        }
        let start = try options.start.map { try session.parseDay($0, today: today) } ?? today
        let goal = try options.goal.flatMap { try TrackerOptions.validGoal($0, t) }

        let tracker = Tracker(
            id: "", name: name, category: category, schedule: schedule!, emoji: emoji, color: color,
            start: start, description: options.description, goal: goal)
        let commitMessage = "add: \(name) (\(category))"
        try session.modify(commitMessage, reusing: preview) { store in
            if let newCategory, !store.settings.categories.contains(newCategory) { try store.addCategory(newCategory) }
            if store.journal.trackers.contains(where: { TrackerName.key($0.name) == TrackerName.key(name) }) {
                throw Failure(t.nameTaken(TerminalText.safe(name)))
            }
            _ = try store.createTracker(tracker)
        }
        session.out(t.added(TerminalText.safe(name), category: TerminalText.safe(category)))
    }

    private func askCategory(_ session: Session, known: [String]) throws -> (String, String?) {
        let t = session.t
        if known.isEmpty {
            guard let answer = session.ask(t.promptNewCategory), !answer.isEmpty else { throw Failure(t.categoryNameEmpty, exitCode: 2) }
            return (answer, answer)
        }
        for (index, category) in known.enumerated() { session.out("  \(index + 1). \(TerminalText.safe(category))") }
        guard let answer = session.ask(t.promptCategory), !answer.isEmpty else { throw Failure(t.noTerminal(for: "--category"), exitCode: 2) }
        if let number = Int(answer), known.indices.contains(number - 1) { return (known[number - 1], nil) }
        if let match = known.first(where: { $0.lowercased() == answer.lowercased() }) { return (match, nil) }
        return (answer, answer)
    }

    private func askSchedule(_ session: Session) throws -> Schedule {
        let t = session.t
        let kind = session.ask(t.promptKind)?.lowercased() ?? ""
        if kind.hasPrefix("e") || kind.hasPrefix("с") { return .event }
        guard let answer = session.ask(t.promptSchedule), !answer.isEmpty else { throw Failure(t.scheduleMissing, exitCode: 2) }
        return .weekly(try TrackerOptions.weekdays(answer, t))
    }
}
