import ArgumentParser
import HabitCore
import HabitKit
import HabitStore

struct EditCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a tracker's fields, or open its file in $EDITOR.",
        discussion: """
            With no option on a terminal, the tracker's file opens in $VISUAL or $EDITOR (else vi); \
            when you save, it is checked, and if it has errors you are offered to edit it again (like \
            crontab -e). The change is committed like any other.
            Moving the start later drops the marks before it, after confirmation (either way).

            Examples:
              habit edit run --days mon,thu --emoji 🏃‍♀️
              habit edit "Read" --name "Read 20 pages" --goal 8w
              habit edit run --start 2026-11-10 --yes
              habit edit gym --schedule "2 per week"
              habit edit water --target 10
              habit edit run
            """)

    @OptionGroup var global: GlobalOptions

    @OptionGroup var argument: TrackerArgument<NameOrPrefix>

    @Option(name: .long, help: ArgumentHelp("A new name.", valueName: "name"))
    var name: String?

    @OptionGroup var options: TrackerOptions

    @Flag(name: .long, help: "Don't ask before dropping marks (required without a terminal).")
    var yes = false

    func run(in session: Session) throws {
        let t = session.t
        let (preview, today) = try session.loadWithToday()
        let target = try session.resolve(argument.tracker, in: preview)

        guard name != nil || options.hasAny else {
            guard session.context.stdinIsTerminal else { throw Failure.usage(t[.nothingToEdit]) }
            try EditorFlow(session: session).edit(target, assumeYes: yes)
            return
        }

        var changes = TrackerChanges()
        if let name { changes.name = try TrackerOptions.name(name, t) }
        changes.category = options.category
        changes.schedule = try options.schedule(t)
        if let emoji = options.emoji { changes.emoji = .some(emoji.isEmpty ? nil : try TrackerOptions.emoji(emoji, t)) }
        if let color = options.trackerColor { changes.color = .some(color.isEmpty ? nil : try TrackerOptions.color(color, t)) }
        if let description = options.description { changes.description = .some(description.isEmpty ? nil : description) }
        if let goal = options.goal { changes.goal = .some(try TrackerOptions.goal(goal, t)) }
        if let start = options.start { changes.start = .some(try session.parseDay(start, today: today)) }
        changes.measure = try options.measure(current: target.measure, t)
        if (changes.schedule ?? target.schedule).isEvent, (changes.measure ?? target.measure) != nil {
            throw Failure.usage(t[.eventNoTarget])
        }
        changes.reminders = try options.reminders(t)
        if options.quit || options.noQuit { changes.isQuit = options.quit }  // --quit wins over --no-quit
        changes.allowance = try options.allowance(t)

        guard let (edited, dropped) = try DropConsent.run(session, assumeYes: yes, { allowed in
            try session.habits.editTracker(target.id, changes, droppingMarks: allowed, reusing: preview)
        }) else {
            session.out(t[.cancelled])
            return
        }
        if dropped > 0 { session.out(t.text(.droppedMarks, dropped)) }
        session.out(t.text(.edited, session.name(edited)))
    }
}

/// The consent to drop marks before a start moved later: the use case says how many it would
/// drop, the user agrees (or passed --yes), and the change is made with that number; nil when the
/// user said no.
enum DropConsent {
    static func run<Result>(_ session: Session, assumeYes: Bool, _ change: (Int) throws -> Result) throws -> (Result, Int)? {
        do {
            return (try change(0), 0)
        } catch HabitError.confirmationNeeded(.dropMarks(let tracker, let count, let start)) {
            let question = session.t.text(.confirmDropMarks, TerminalText.safe(tracker), session.t.longDate(start), count)
            if !assumeYes, !session.context.stdinIsTerminal {
                throw HabitError.confirmationNeeded(.dropMarks(tracker: tracker, count: count, start: start))
            }
            guard try session.confirm(question, assumeYes: assumeYes) else { return nil }
            return (try change(count), count)
        }
    }
}
