import HabitCore
import HabitErrorWords
import HabitKit
import HabitLocalization

/// A refusal as the sentence the command line prints for it (`ErrorWords`, which the CLI's
/// `ErrorPresenter` uses too), for a page or a JSON reply. The page escapes it.
enum WebRefusal {
    static func sentence(_ error: any Error, _ t: Messages, today: CivilDate?) -> String {
        guard let error = error as? HabitError else { return t[.webRefused] }
        return ErrorWords.refusal(error, t, today: today).message
    }
}
