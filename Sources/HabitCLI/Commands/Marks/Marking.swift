import ArgumentParser
import HabitKit
import HabitCore
import HabitLocalization
import HabitScreens

/// The shared flow of done / undone / skip.
struct Marking {
    let global: GlobalOptions
    let tracker: String
    let date: String?

    func apply(_ mark: Mark?, amount: AmountChange? = nil, note: String? = nil) throws {
        let session = Session(global)
        let t = session.t
        let (preview, today) = try session.loadWithToday()
        let day = try session.parseDay(date, today: today)
        let outcome: MarkOutcome
        do {
            outcome = try session.habits.mark(mark, tracker, on: day, today: today, amount: amount, note: note, reusing: preview)
        } catch {
            throw ErrorPresenter.failure(error, t, today: today)
        }
        session.out(t.markSentence(outcome, asked: mark, name: session.name(outcome.tracker), day: day, today: today))
    }
}
