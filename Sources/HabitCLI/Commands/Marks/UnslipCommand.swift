import ArgumentParser
import HabitKit
import HabitCore

struct UnslipCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "unslip",
        abstract: "Remove the slip of a habit to quit on a day (today by default).",
        discussion: """
            The day's note stays. A day without a slip is left as it is.

            Examples:
              habit unslip smoking
              habit unslip smoking --date -2
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var mark: MarkOptions

    func run(in session: Session) throws {
        let t = session.t
        let (preview, today) = try session.loadWithToday()
        let day = try session.parseDay(mark.date, today: today)
        let outcome: MarkOutcome
        do {
            outcome = try session.habits.unslip(mark.tracker, on: day, today: today, reusing: preview)
        } catch {
            throw ErrorPresenter.failure(error, t, today: today)
        }
        session.out(t.text(outcome.changed ? .slipRemoved : .noSlip, session.name(outcome.tracker), t.dayPhrase(day, today: today)))
    }
}
