import ArgumentParser
import HabitKit
import HabitCore
import HabitLocalization

/// `--from D --to D` of the commands that mark a range of days as one change.
struct RangeOptions: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The first day of a range (with --to).", valueName: "day"))
    var from: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The last day of a range (with --from).", valueName: "day"))
    var to: String?

    /// Whether a range was given; both ends are needed, and not with --date.
    static func isGiven(from: String?, to: String?, date: String?, _ t: Messages) throws -> Bool {
        if (from == nil) != (to == nil) || (from != nil && date != nil) { throw Failure.usage(t[.rangeNeedsBoth]) }
        return from != nil
    }
}

/// The shared flow of `done`, `undone` and `skip` over a range of days.
struct RangeMarking {
    let global: GlobalOptions
    let tracker: String
    let from: String?
    let to: String?

    func apply(_ mark: Mark?, amount: AmountChange? = nil, note: String? = nil) throws {
        let session = Session(global)
        let t = session.t
        let (preview, today) = try session.loadWithToday()
        let first = try session.parseDay(from, today: today)
        let last = try session.parseDay(to, today: today)
        let outcome: Habits.RangeOutcome
        do {
            outcome = try session.habits.mark(mark, tracker, from: first, to: last, today: today, amount: amount, note: note,
                                              reusing: preview)
        } catch {
            throw ErrorPresenter.failure(error, t, today: today)
        }
        let key: MessageKey = mark == nil ? .markedUndoneRange : mark == .skipped ? .skippedRange : .markedDoneRange
        session.out(t.text(key, session.name(outcome.tracker), outcome.changed, t.longDate(first), t.longDate(last)))
        if outcome.kept > 0 { session.out(t.text(.keptDoneDays, outcome.kept)) }
    }
}
