import HabitCore
import HabitKit
import HabitLocalization

/// A refusal as the sentence the command line prints for it (HabitLocalization's words, through
/// the same keys and functions as the CLI's `ErrorPresenter`), for a page or a JSON reply. The
/// page escapes it; names stay as they are here.
enum WebRefusal {
    static func sentence(_ error: any Error, _ t: Messages, today: CivilDate?) -> String {
        guard let error = error as? HabitError else { return t[.webRefused] }
        switch error {
        case .markRefused(let tracker, let day, let reason):
            return t.markRefusal(tracker: tracker, day: day, today: today, reason: reason).sentence
        case .busy(let holder): return t.text(.busy, holder)
        case .changedMeanwhile(let file): return t.text(.changedMeanwhile, file)
        case .invalidFiles(let diagnostics):
            let files = Set(diagnostics.map(\.file)).sorted()
            return t.text(.filesBlockChange, t.list(files), files.count)
        case .notInitialized(let directory): return t.text(.notInitialized, directory)
        case .noSuchTracker(let text, _): return t.text(.noSuchTracker, text)
        case .notNumeric(let tracker): return t.text(.notNumeric, tracker)
        case .badTotal(let tracker, let total): return t.text(.badTotal, tracker, t.number(total))
        case .noRemote: return t[.noRemote]
        default: return t[.webRefused]
        }
    }
}
