import HabitCore
import HabitStore

/// What marking a day did.
public struct MarkOutcome: Equatable, Sendable {
    public let tracker: Tracker
    /// False when the day already was as asked.
    public let changed: Bool
}

extension Habits {
    /// Marks a day done or skipped, or clears its mark (nil). Refused for a future day, before
    /// the start, on a day a habit is not scheduled, and for an event already done on another day.
    @discardableResult
    public func mark(_ mark: Mark?, _ id: String, on day: CivilDate, today: CivilDate,
                     reusing preview: Store? = nil) throws(HabitError) -> MarkOutcome {
        let verb = mark.map { $0 == .done ? "done" : "skip" } ?? "undone"
        let label = (try? TrackerReference.resolve(id, in: preview ?? read()).name) ?? id
        return try change("\(verb): \(label) \(day)", reusing: preview) { store in
            let tracker = try TrackerReference.resolve(id, in: store)
            if mark != nil, let refusal = tracker.markingRefusal(on: day, today: today) {
                throw HabitError.markRefused(tracker: tracker.name, day: day, reason: refusal)
            }
            let changed = try store.setMark(mark, on: day, trackerID: tracker.id)
            return MarkOutcome(tracker: store.journal.tracker(id: tracker.id) ?? tracker, changed: changed)
        }
    }
}
