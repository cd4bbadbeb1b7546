import HabitCore
import HabitKit

/// What the server says of one change: applied, refused for a reason the user must see (with a
/// code a program can act on), or to be sent again later (the directory was busy).
struct ChangeAnswer {
    enum Status: String { case applied, refused, retry }

    let id: String
    let status: Status
    /// Why it was refused or is to be retried; nil when applied.
    var reason: String? = nil
    /// The catalog's sentence for the reason, in the request's language.
    var message: String? = nil

    var json: JSONValue {
        var fields: [(String, JSONValue)] = [("id", .string(id)), ("status", .string(status.rawValue))]
        if let reason { fields.append(("reason", .string(reason))) }
        if let message { fields.append(("message", .string(message))) }
        return .object(fields)
    }

    /// The reason code of a use case's refusal (docs/api.md lists them), and whether it passes by
    /// itself (another habit holding the directory, a git command committing): then the change
    /// is to be sent again, not shown as refused.
    static func reason(of error: HabitError) -> (code: String, retryable: Bool) {
        switch error {
        case .markRefused(_, _, let refusal):
            switch refusal {
            case .future: return ("future", false)
            case .beforeStart: return ("before-start", false)
            case .notScheduled: return ("not-scheduled", false)
            case .eventAlreadyDone: return ("event-done", false)
            }
        case .nameTaken: return ("name-taken", false)
        case .invalidName, .invalidEmoji: return ("invalid-name", false)
        case .noSuchTracker, .ambiguousTracker: return ("no-such-tracker", false)
        case .categoryExists: return ("category-exists", false)
        case .unknownCategory: return ("unknown-category", false)
        case .invalidFiles, .handEditsInvalid: return ("file-errors", false)
        case .notQuit, .notNumeric, .amountNeeded, .badTotal, .quitNotPlain, .eventWithTarget, .allowanceWithoutDays:
            return ("not-allowed", false)
        case .confirmationNeeded: return ("confirmation-needed", false)
        case .busy, .gitLocked, .gitCommitting, .changedMeanwhile, .branchKeptMoving, .io, .commitFailed:
            return ("busy", true)
        default: return ("refused", false)
        }
    }
}
