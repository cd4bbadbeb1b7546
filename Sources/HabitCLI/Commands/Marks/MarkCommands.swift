import ArgumentParser
import HabitKit
import HabitCore

/// Options of the commands that mark a day.
struct MarkOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The tracker: its name, file name, or a unique prefix.", valueName: "tracker"),
              completion: Completions.trackers)
    var tracker: String

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The day: 2026-11-21, today, yesterday, -3, a weekday name or `last friday` (default: today).", valueName: "day"))
    var date: String?
}

struct DoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done",
        abstract: "Mark a tracker done on a day (today by default), or add to a numeric habit's total.",
        discussion: """
            Refused for a future day, for a habit on a day it is not scheduled, before its start, and \
            for an event already done on another day. A numeric habit (one with a target) is given an \
            amount: --amount adds to the day's total, --set replaces it.

            Examples:
              habit done run
              habit done "Morning run" --date yesterday
              habit done run --date "last friday"
              habit done water --amount 2
              habit done water --set 5 --note "hot day"
              habit done run --from 2026-11-16 --to 2026-11-20

            --from and --to mark every scheduled day of a range as one change (days already done \
            stay as they are); a numeric habit's --amount or --set applies to each day.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var mark: MarkOptions
    @OptionGroup var range: RangeOptions

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("A numeric habit: add this to the day's total (a negative amount corrects it).", valueName: "number"))
    var amount: String?

    @Option(name: .customLong("set"), parsing: .unconditional, help: ArgumentHelp("A numeric habit: the day's total.", valueName: "number"))
    var total: String?

    @Option(name: .long, help: ArgumentHelp("A note for the day (an empty one removes it).", valueName: "text"))
    var note: String?

    func run() throws {
        let t = Session(global).t
        if amount != nil, total != nil { throw Failure.usage(t[.amountConflict]) }
        func parse(_ text: String) throws -> Double {
            guard let value = TrackerOptions.number(text) else { throw Failure.usage(t.text(.badAmount, TerminalText.safe(text))) }
            return value
        }
        let change: AmountChange? = try amount.map { .add(try parse($0)) } ?? total.map { .set(try parse($0)) }
        if try range.isGiven(date: mark.date, t) {
            try RangeMarking(global: global, tracker: mark.tracker, range: range).apply(.done, amount: change, note: note)
            return
        }
        try Marking(global: global, tracker: mark.tracker, date: mark.date).apply(.done, amount: change, note: note)
    }
}

struct UndoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undone",
        abstract: "Remove the mark of a tracker on a day (today by default).",
        discussion: """
            Examples:
              habit undone run
              habit undone run --date -2
              habit undone run --from 2026-11-16 --to 2026-11-20

            --from and --to remove the lines of every day of a range as one change.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var mark: MarkOptions
    @OptionGroup var range: RangeOptions

    func run() throws {
        if try range.isGiven(date: mark.date, Session(global).t) {
            try RangeMarking(global: global, tracker: mark.tracker, range: range).apply(nil)
            return
        }
        try Marking(global: global, tracker: mark.tracker, date: mark.date).apply(nil)
    }
}

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
        let preview = try session.load()
        let today = session.today(preview.settings)
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
        let preview = try session.load()
        let today = session.today(preview.settings)
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

/// The shared flow of done / undone / skip.
struct Marking {
    let global: GlobalOptions
    let tracker: String
    let date: String?

    func apply(_ mark: Mark?, amount: AmountChange? = nil, note: String? = nil) throws {
        let session = Session(global)
        let t = session.t
        let preview = try session.load()
        let today = session.today(preview.settings)
        let day = try session.parseDay(date, today: today)
        let outcome: MarkOutcome
        do {
            outcome = try session.habits.mark(mark, tracker, on: day, today: today, amount: amount, note: note, reusing: preview)
        } catch {
            throw ErrorPresenter.failure(error, t, today: today)
        }
        let name = session.name(outcome.tracker)
        let dayText = t.dayPhrase(day, today: today)
        if let total = outcome.total, let measure = outcome.tracker.measure {
            session.out(t.text(measure.isMet(total) ? .recordedTotalMet : .recordedTotal, name, dayText, t.total(total, measure)))
            return
        }
        let key: MessageKey = switch (mark, outcome.changed) {
        case (.done?, true): .markedDone
        case (.done?, false): .alreadyDone
        case (.skipped?, true): .markedSkipped
        case (.skipped?, false): .alreadySkipped
        case (.slipped?, true): .slipLogged
        case (.slipped?, false): .alreadySlipped
        case (nil, true): .markedUndone
        case (nil, false): .notMarked
        }
        session.out(t.text(key, name, dayText))
    }
}
