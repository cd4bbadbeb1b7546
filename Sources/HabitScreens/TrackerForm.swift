import HabitCore
import HabitKit
import HabitStore

/// The creation and edit form of a tracker as data: what is filled in, and what HabitKit's rules
/// say of it (`check`), so every front-end disables Create and shows the same name error.
public struct TrackerForm: Hashable, Sendable {
    /// The choice the specs' "+" sheet offers.
    public enum Kind: Hashable, Sendable, CaseIterable {
        case habit, event
    }

    /// A habit's schedule as the form edits it.
    public enum ScheduleChoice: Hashable, Sendable {
        /// A toggle per weekday ("Every day" when all seven are on).
        case weekdays(WeekdaySet)
        /// N times per week or month.
        case perPeriod(Int, Period)
        /// Every N days.
        case everyDays(Int)
    }

    public var kind: Kind
    public var name: String
    /// nil until a category is chosen (the picker's placeholder when there is none).
    public var category: String?
    public var schedule: ScheduleChoice
    /// A numeric habit's target; nil for a yes/no habit or an event.
    public var measure: Measure?
    public var emoji: String?
    public var color: TrackerColor?
    public var start: CivilDate
    /// The tracker being edited; nil while creating one.
    public var editing: Tracker?
    /// The start the form opened with, so an unchanged start is not written.
    private var openedStart: CivilDate

    /// An empty form; the category is the last one used, when it still exists.
    public init(kind: Kind, today: CivilDate, lastUsedCategory: String? = nil, categories: [String] = []) {
        self.kind = kind
        name = ""
        category = lastUsedCategory.flatMap { last in categories.contains(last) ? last : nil }
        schedule = .weekdays([])
        measure = nil
        emoji = nil
        color = nil
        start = today
        openedStart = today
        editing = nil
    }

    /// The form filled with `tracker`, to edit it.
    public init(editing tracker: Tracker, today: CivilDate) {
        kind = tracker.isEvent ? .event : .habit
        name = tracker.name
        category = tracker.category
        switch tracker.schedule {
        case .event, .weekly: schedule = .weekdays(tracker.schedule.weekdays ?? .all)
        case .periodic(let count, let period): schedule = .perPeriod(count, period)
        case .interval(let days): schedule = .everyDays(days)
        }
        measure = tracker.measure
        emoji = tracker.emoji
        color = tracker.color
        start = tracker.start ?? today
        openedStart = start
        editing = tracker
    }

    /// "Every day" is shown for the weekday toggles when all seven are on.
    public var isEveryDay: Bool { schedule == .weekdays(.all) }

    /// Turns one weekday's toggle on or off (a habit on weekdays; otherwise starts from none).
    public mutating func toggle(_ day: Weekday) {
        var days: WeekdaySet = if case .weekdays(let current) = schedule { current } else { [] }
        if days.contains(day) { days.remove(WeekdaySet([day])) } else { days.insert(WeekdaySet([day])) }
        schedule = .weekdays(days)
    }

    /// The schedule the tracker will have, nil while the form has none that is valid.
    public var resolvedSchedule: Schedule? {
        if kind == .event { return .event }
        switch schedule {
        case .weekdays(let days): return days.isEmpty ? nil : .weekly(days)
        case .perPeriod(let count, let period): return (1...period.maximumCount).contains(count) ? .periodic(count: count, period: period) : nil
        case .everyDays(let days): return days >= 1 ? .interval(days: days) : nil
        }
    }

    /// What the rules say of the form as it stands.
    public struct Check: Hashable, Sendable {
        /// The error under the name field: empty, over 38 characters, a control character, or
        /// another tracker's name (HabitKit's rules, ignoring case).
        public var nameRefusal: TrackerFormChecks.NameRefusal?
        public var needsCategory: Bool
        public var needsSchedule: Bool
        /// A numeric target that no habit can have (none, or not above zero for "at least").
        public var invalidTarget: Bool
        /// Marked days that moving the start later would drop (editing only; 0 when none).
        public var marksDropped: Int
        /// Create / Save is enabled.
        public var canSubmit: Bool { nameRefusal == nil && !needsCategory && !needsSchedule && !invalidTarget }
    }

    public func check(in store: Store) -> Check { check(in: store.journal) }

    /// The same, over a loaded journal (what `habit ui` keeps between two loads).
    public func check(in journal: Journal) -> Check {
        var invalidTarget = false
        if let measure {
            let allowed = switch measure.direction {
            case .atLeast: measure.target > 0
            case .atMost: measure.target >= 0
            }
            invalidTarget = kind == .event || !allowed
        }
        return Check(
            nameRefusal: TrackerFormChecks.nameRefusal(name, in: journal, except: editing?.id),
            needsCategory: category == nil,
            needsSchedule: resolvedSchedule == nil,
            invalidTarget: invalidTarget,
            marksDropped: editing.map { TrackerFormChecks.marksDropped(of: $0, before: start) } ?? 0)
    }

    /// The new tracker for `Habits.addTracker`, nil while the form cannot be submitted.
    public func newTracker(in store: Store) -> NewTracker? { newTracker(in: store.journal) }

    public func newTracker(in journal: Journal) -> NewTracker? {
        guard editing == nil, check(in: journal).canSubmit, let category, let schedule = resolvedSchedule else { return nil }
        return NewTracker(name: name, category: category, schedule: schedule, emoji: emoji, color: color, start: start,
                          measure: kind == .habit ? measure : nil)
    }

    /// What `Habits.editTracker` changes: only the fields that differ from the tracker edited, so
    /// the file changes no more than it must; nil while the form cannot be submitted.
    public func changes(in journal: Journal) -> TrackerChanges? {
        guard let tracker = editing, check(in: journal).canSubmit, let category, let schedule = resolvedSchedule else { return nil }
        var changes = TrackerChanges()
        if name.trimmingWhitespace() != tracker.name { changes.name = name }
        if category != tracker.category { changes.category = category }
        if schedule != tracker.schedule { changes.schedule = schedule }
        if emoji != tracker.emoji { changes.emoji = .some(emoji) }
        if color != tracker.color { changes.color = .some(color) }
        let newMeasure = kind == .habit ? measure : nil
        if newMeasure != tracker.measure { changes.measure = .some(newMeasure) }
        if start != openedStart { changes.start = .some(start) }
        return changes
    }
}
