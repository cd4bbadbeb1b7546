import ArgumentParser
import HabitCore
import HabitKit

struct AddCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Create a tracker: a habit on weekdays, N times a week or month, every N days, or a one-off event.",
        discussion: """
            On a terminal, anything required that is missing is asked for, and a wrong answer is asked \
            again; the category can be given by its number or name.

            Examples:
              habit add "Morning run" --category Health --days mon,wed,fri --emoji 🏃 --tracker-color orange
              habit add Read --category Study --daily --goal 30d
              habit add "Dentist" --category Health --event
              habit add Gym --category Health --schedule "3 per week"
              habit add Water --category Health --daily --target 8 --unit glasses
              habit add Cigarettes --category Health --daily --target 2 --at-most
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker's name (at most 38 characters).", valueName: "name"))
    var name: String?

    @OptionGroup var options: TrackerOptions

    func run(in session: Session) throws {
        let t = session.t
        let (preview, today) = try session.loadWithToday()
        let interactive = session.context.stdinIsTerminal
        let prompts = AddPrompts(session: session, known: preview.settings.categories)

        let name: String
        if let given = self.name {
            name = try TrackerOptions.name(given, t)
        } else if interactive {
            name = try prompts.name()
        } else {
            throw Failure.usage(t.text(.noTerminal, "NAME"))
        }

        var category: String
        var createsCategory = false
        if let given = options.category {
            category = given
        } else if interactive {
            (category, createsCategory) = try prompts.category()
        } else {
            throw Failure.usage(t.text(.noTerminal, "--category"))
        }
        if !preview.settings.categories.contains(category),
           let match = preview.settings.categories.first(where: { TrackerName.key($0) == TrackerName.key(category) }), interactive {
            category = match
        }

        // What the specification's "new tracker" screen asks for, when the flow is interactive.
        // A habit to quit is kept every day: it needs no schedule.
        let givenSchedule = try options.schedule(t) ?? (options.quit ? .daily : nil)
        let asking = interactive && (self.name == nil || options.category == nil || givenSchedule == nil)
        var schedule = givenSchedule
        if schedule == nil {
            guard interactive else { throw Failure.usage(t[.scheduleMissing]) }
            schedule = try prompts.schedule()
        }
        var emoji = try options.emoji.map { try TrackerOptions.emoji($0, t) }
        var color = try options.trackerColor.map { try TrackerOptions.color($0, t) }
        var description = options.description
        var start = try options.start.map { try session.parseDay($0, today: today) }
        var goal = try options.goal.flatMap { try TrackerOptions.goal($0, t) }
        let measure = try options.measure(current: nil, t) ?? nil
        if schedule == .event, measure != nil { throw Failure.usage(t[.eventNoTarget]) }
        let reminders = try options.reminders(t) ?? []
        if asking {
            if options.emoji == nil { emoji = try prompts.emoji() }
            if options.trackerColor == nil { color = try prompts.color() }
            if options.description == nil { description = prompts.description() }
            if options.start == nil { start = try prompts.start(today: today) }
            if options.goal == nil { goal = try prompts.goal() }
        }
        let tracker = try session.habits.addTracker(NewTracker(
            name: name, category: category, createsCategory: createsCategory, schedule: schedule!, emoji: emoji, color: color,
            start: start ?? today, description: description, goal: goal, measure: measure, reminders: reminders,
            isQuit: options.quit, allowance: try options.allowance(t) ?? nil), reusing: preview)
        session.habits.rememberLastUsedCategory(tracker.category)
        session.out(t.text(.added, session.name(tracker), TerminalText.safe(tracker.category)))
    }
}
