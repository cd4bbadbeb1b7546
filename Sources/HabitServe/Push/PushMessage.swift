import HabitCore
import HabitLocalization

/// What one push message says (the service worker shows it as a notification): the reminder of
/// one tracker for one day, in the subscription's language, with the words of its Done and Snooze
/// buttons. Encrypted before it leaves (`PushEncryption`), so only the browser reads it.
struct PushMessage: Equatable, Sendable {
    let tracker: Tracker
    let day: CivilDate
    let time: ReminderTime
    let language: Language

    /// The payload's JSON (docs/api.md, "Push reminders").
    var json: String {
        let messages = Messages(language)
        let date = day.description
        return JSONValue.object([
            ("title", .string(Self.label(tracker))),
            ("body", .string(messages.text(.reminderBody, time))),
            ("tracker", .string(tracker.id)),
            ("date", .string(date)),
            // One notification per tracker and day: a snoozed reminder replaces its first.
            ("tag", .string("habit-\(tracker.id)-\(date)")),
            ("url", .string("/?date=\(date)")),
            ("actions", .object([("done", .string(messages[.reminderActionDone])), ("snooze", .string(messages[.reminderActionSnooze]))])),
        ]).text
    }

    /// The tracker as the desktop notification names it: "🏃 Morning run".
    static func label(_ tracker: Tracker) -> String {
        (tracker.emoji.map { $0 + " " } ?? "") + tracker.name
    }
}
