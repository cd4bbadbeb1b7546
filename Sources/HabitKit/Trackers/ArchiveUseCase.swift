import HabitCore
import HabitStore

extension Habits {
    /// Archives or brings back the tracker with file name `id`; false when it already was as asked.
    @discardableResult
    public func setArchived(_ archived: Bool, _ id: String, reusing preview: Store? = nil) throws(HabitError) -> Bool {
        let label = (try? TrackerReference.resolve(id: id, in: preview ?? read()).name) ?? id
        return try change("\(archived ? "archive" : "unarchive"): \(label)", reusing: preview) { store in
            let tracker = try TrackerReference.resolve(id: id, in: store)
            guard tracker.isArchived != archived else { return false }
            try store.updateTracker(tracker.id, with: TrackerChanges(isArchived: archived))
            return true
        }
    }
}
