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

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The first day of a range (with --to).", valueName: "day"))
    var from: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The last day of a range (with --from).", valueName: "day"))
    var to: String?

    @Flag(name: .long, help: "A vacation: skip the days for every tracker.")
    var all = false

    @Option(name: .long, help: ArgumentHelp("A note for the day (an empty one removes it).", valueName: "text"))
    var note: String?

    func run() throws {
        let session = Session(global)
        let t = session.t
        if (from == nil) != (to == nil) || (from != nil && date != nil) { throw Failure.usage(t[.rangeNeedsBoth]) }
        if all, tracker != nil { throw Failure.usage(t[.skipAllWithTracker]) }
        if all {
            try vacation(session)
            return
        }
        let name = tracker ?? ""
        if name.isEmpty { throw Failure.usage(t[.skipNeedsTracker]) }
        if from == nil {
            try Marking(global: global, tracker: name, date: date).apply(.skipped, note: note)
            return
        }
        try range(session, tracker: name)
    }

    private func range(_ session: Session, tracker name: String) throws {
        let t = session.t
        let (preview, today) = try session.loadWithToday()
        let first = try session.parseDay(from, today: today)
        let last = try session.parseDay(to, today: today)
        let outcome: Habits.SkipRangeOutcome
        do {
            outcome = try session.habits.skip(name, from: first, to: last, today: today, note: note, reusing: preview)
        } catch {
            throw ErrorPresenter.failure(error, t, today: today)
        }
        session.out(t.text(.skippedRange, session.name(outcome.tracker), outcome.changed, t.longDate(first), t.longDate(last)))
        if outcome.kept > 0 { session.out(t.text(.keptDoneDays, outcome.kept)) }
    }

    private func vacation(_ session: Session) throws {
        let t = session.t
        let (preview, today) = try session.loadWithToday()
        let first = try session.parseDay(from ?? date, today: today)
        let last = try session.parseDay(to ?? date, today: today)
        let outcome: Habits.VacationOutcome
        do {
            outcome = try session.habits.addVacation(from: first, to: last, reusing: preview)
        } catch {
            throw ErrorPresenter.failure(error, t, today: today)
        }
        session.out(t.text(outcome.added ? .vacationAdded : .vacationAlready, t.longDate(first), t.longDate(last)))
    }
}
