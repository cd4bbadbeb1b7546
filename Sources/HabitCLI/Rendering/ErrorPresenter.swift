import HabitCore
import HabitKit
import HabitErrorWords
import HabitLocalization

/// Each `HabitError` as the CLI reports it: HabitLocalization's words (`ErrorWords`, shared with
/// `habit ui` and `habit serve`) and the exit status of docs/cli.md.
enum ErrorPresenter {
    static func failure(_ error: HabitError, _ t: Messages, today: CivilDate? = nil) -> Failure {
        Failure(ErrorWords.refusal(error, t, today: today))
    }

    static func mergeConflict(_ reason: MergeConflictReason, _ t: Messages) -> String {
        ErrorWords.mergeConflict(reason, t)
    }
}
