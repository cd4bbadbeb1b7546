import ArgumentParser
import HabitKit
import HabitCore

struct SkipCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip",
        abstract: "Mark a day of a tracker as skipped for a good reason (today by default), or take a vacation.",
        discussion: """
            A skipped day is excused: it neither extends nor breaks a streak and is left out of the \
            completion rate. It is written in the log as "skip". Refused for a future day, for a habit \
            on a day it is not scheduled, and before its start; `habit undone` removes the mark.
            --from and --to skip a range of days (days already done are left as they are). With --all, \
            the days are a vacation for every tracker, kept as one range in habit.toml; days ahead are \
            allowed.

            Examples:
              habit skip run
              habit skip "Morning run" --date yesterday --note "sore knee"
              habit skip run --from 2026-11-16 --to 2026-11-20
              habit skip --all --from 2026-12-24 --to 2027-01-02
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker: its name, file name, or a unique prefix (none with --all).", valueName: "tracker"),
              completion: Completions.trackers)
    var tracker: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The day: 2026-11-21, today, yesterday, -3, a weekday name or `last friday` (default: today).", valueName: "day"))
    var date: String?

    @OptionGroup var range: RangeOptions

    @Flag(name: .long, help: "A vacation: skip the days for every tracker.")
    var all = false

    @Option(name: .long, help: ArgumentHelp("A note for the day (an empty one removes it).", valueName: "text"))
    var note: String?

    func run() throws {
        let t = Session.messages
        let isRange = try RangeOptions.isGiven(from: range.from, to: range.to, date: date, t)
        if all, tracker != nil { throw Failure.usage(t[.skipAllWithTracker]) }
        if all { return try vacation(Session(global)) }
        guard let name = tracker, !name.isEmpty else { throw Failure.usage(t[.skipNeedsTracker]) }
        if isRange {
            try RangeMarking(global: global, tracker: name, from: range.from, to: range.to).apply(.skipped, note: note)
        } else {
            try Marking(global: global, tracker: name, date: date).apply(.skipped, note: note)
        }
    }

    private func vacation(_ session: Session) throws {
        let t = session.t
        let (preview, today) = try session.loadWithToday()
        let first = try session.parseDay(range.from ?? date, today: today)
        let last = try session.parseDay(range.to ?? date, today: today)
        let outcome: Habits.VacationOutcome
        do {
            outcome = try session.habits.addVacation(from: first, to: last, reusing: preview)
        } catch {
            throw ErrorPresenter.failure(error, t, today: today)
        }
        session.out(t.text(outcome.added ? .vacationAdded : .vacationAlready, t.longDate(first), t.longDate(last)))
    }
}
