import HabitCore
import HabitKit
import HabitLocalization

extension Messages {
    /// What `habit done`/`undone`/`skip`/`slip` and the MCP tools say a mark did: a numeric habit's
    /// total for the day, or whether the day changed. `name` is the tracker's name made safe for
    /// where the sentence goes (a terminal, a JSON reply).
    public func markSentence(_ outcome: MarkOutcome, asked mark: Mark?, name: String, day: CivilDate, today: CivilDate) -> String {
        let dayText = dayPhrase(day, today: today)
        if let total = outcome.total, let measure = outcome.tracker.measure {
            return text(measure.isMet(total) ? .recordedTotalMet : .recordedTotal, name, dayText, self.total(total, measure))
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
        return text(key, name, dayText)
    }
}
