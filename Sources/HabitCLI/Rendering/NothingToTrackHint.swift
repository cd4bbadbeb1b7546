import HabitErrorWords
import HabitLocalization

extension Messages {
    /// How to add a first tracker, as a command that works in this directory: `habit add` needs a
    /// category that exists, so the hint names the first one, or says to add one first.
    func nothingToTrackHint(categories: [String]) -> String {
        guard let category = categories.first else { return self[.nothingToTrackNoCategoryHint] }
        return text(.nothingToTrackHint, ErrorWords.shellQuoted(category))
    }
}
