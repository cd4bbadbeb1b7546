import HabitKit
import HabitLocalization
import HabitScreens

/// Where a category page returns to: the form it was opened from ("new:habit", "new:event" or
/// "edit:ID"); anything else is dropped.
struct FormReturn: Equatable {
    let query: String
    let link: String
    /// The form's title, for the link back to it.
    var titleKey: MessageKey { query == "new:habit" ? .formNewHabit : query == "new:event" ? .formNewEvent : .formEditTracker }

    init?(_ text: String) {
        if text == "new:habit" || text == "new:event" {
            link = "/new?kind=" + text.dropFirst(4)
        } else if text.hasPrefix("edit:"), text.count > 5, text.utf8.count <= 200 {
            link = "/edit?tracker=" + HTML.query(String(text.dropFirst(5)))
        } else {
            return nil
        }
        query = text
    }
}

/// The words of the form's refusals.
enum FormErrors {
    static func name(_ refusal: TrackerFormChecks.NameRefusal, words: Messages) -> String {
        switch refusal {
        case .invalid(.empty): words[.nameEmpty]
        case .invalid(.tooLong): words[.nameTooLong]
        case .invalid(.controlCharacter): words[.nameControlCharacter]
        case .taken(let existing): words.text(.nameTaken, existing)
        }
    }

    static func category(_ refusal: CategoryChecks.NameRefusal, name: String, words: Messages) -> String {
        switch refusal {
        case .invalid(.empty): words[.categoryNameEmpty]
        case .invalid(.tooLong): words[.nameTooLong]
        case .invalid(.controlCharacter): words[.nameControlCharacter]
        case .taken: words.text(.categoryExists, name.trimmingWhitespace())
        }
    }
}
