import HabitCore

/// Refusals that the command line (`ErrorPresenter`) and the web app both word, so a refused mark
/// reads the same in a terminal and on a phone. Names come in already made safe for the medium
/// (`TerminalText.safe` on a terminal; a page escapes the whole sentence).
extension Messages {
    /// A mark refused by the tracker's rules: the sentence and the hint.
    public func markRefusal(tracker: String, day: CivilDate, today: CivilDate?, reason: MarkingRefusal) -> (sentence: String, hint: String) {
        let dayText = today.map { dayPhrase(day, today: $0) } ?? longDate(day)
        switch reason {
        case .future:
            return (text(.refusedFuture, dayText), self[.refusedFutureHint])
        case .beforeStart(let start):
            return (text(.refusedBeforeStart, tracker, longDate(start)), text(.refusedBeforeStartHint, tracker))
        case .notScheduled(let days):
            return (text(.refusedNotScheduled, tracker, dayText, scheduleSummary(.weekly(days))), text(.refusedNotScheduledHint, tracker))
        case .eventAlreadyDone(let doneDay):
            let doneText = today.map { dayPhrase(doneDay, today: $0) } ?? longDate(doneDay)
            return (text(.refusedEventDone, tracker, doneText), text(.refusedEventDoneHint, tracker, doneDay))
        }
    }

    /// The words for a reason code the last failed sync recorded ("unreachable", "timeout"…).
    public func syncReason(_ code: String) -> String {
        switch code {
        case "unreachable": self[.reasonUnreachable]
        case "timeout": self[.reasonTimeout]
        case "authentication": self[.reasonAuthentication]
        case "not-found": self[.reasonNotFound]
        case "rejected": self[.reasonRejected]
        default: self[.reasonFailed]
        }
    }
}
