import ArgumentParser
import HabitKit
import HabitCore
import HabitLocalization

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
