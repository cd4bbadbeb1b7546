import HabitCore
import HabitStore

/// What `habit add` creates.
public struct NewTracker: Sendable {
    public var name: String
    public var category: String
    /// Create `category` if it does not exist yet (the interactive flow asked first).
    public var createsCategory: Bool
    public var schedule: Schedule
    public var emoji: String?
    public var color: TrackerColor?
    public var start: CivilDate
    public var description: String?
    public var goal: Goal?
    /// What a numeric habit counts; nil for a yes/no habit.
    public var measure: Measure?
    public var reminders: [ReminderTime]
    /// A habit to quit: kept every day unless a slip is logged (its schedule is daily).
    public var isQuit: Bool
    /// Forgiven misses (`allow = "1 per week"`).
    public var allowance: Allowance?

    public init(name: String, category: String, createsCategory: Bool = false, schedule: Schedule, emoji: String? = nil,
                color: TrackerColor? = nil, start: CivilDate, description: String? = nil, goal: Goal? = nil,
                measure: Measure? = nil, reminders: [ReminderTime] = [], isQuit: Bool = false, allowance: Allowance? = nil) {
        self.name = name
        self.category = category
        self.createsCategory = createsCategory
        self.schedule = schedule
        self.emoji = emoji
        self.color = color
        self.start = start
        self.description = description
        self.goal = goal
        self.measure = measure
        self.reminders = reminders
        self.isQuit = isQuit
        self.allowance = allowance
    }
}

extension Habits {
    /// Creates a tracker (and its category, when asked to).
    @discardableResult
    public func addTracker(_ new: NewTracker, reusing preview: Store? = nil) throws(HabitError) -> Tracker {
        let name = try Rules.validName(new.name)
        if let emoji = new.emoji, !TrackerEmoji.isValid(emoji) { throw .invalidEmoji(emoji) }
        if new.schedule.isEvent, new.measure != nil { throw .eventWithTarget(tracker: name) }
        try Rules.checkQuitAndAllowance(name: name, schedule: new.schedule, measure: new.measure, isQuit: new.isQuit,
                                        allowance: new.allowance)
        return try change("add: \(name) (\(new.category))", reusing: preview) { store in
            if !store.settings.categories.contains(new.category) {
                guard new.createsCategory else { throw HabitError.unknownCategory(new.category, known: store.settings.categories) }
                try Rules.checkNewCategory(new.category, in: store)
                try store.addCategory(try Rules.validName(new.category))
            }
            try Rules.checkNameFree(name, in: store, except: nil)
            let tracker = Tracker(
                id: "", name: name, category: new.category, schedule: new.schedule, emoji: new.emoji, color: new.color,
                start: new.start, description: new.description, goal: new.goal, measure: new.measure, reminders: new.reminders,
                isQuit: new.isQuit, allowance: new.allowance)
            let id = try store.createTracker(tracker)
            return store.journal.tracker(id: id) ?? tracker
        }
    }

    /// Changes a tracker's fields. Moving the start later drops the marks before it, but only up
    /// to `droppingMarks` of them (the number the user agreed to): more throws
    /// `.confirmationNeeded` so the caller can ask.
    @discardableResult
    public func editTracker(_ id: String, _ changes: TrackerChanges, droppingMarks allowed: Int = 0,
                            reusing preview: Store? = nil) throws(HabitError) -> Tracker {
        var changes = changes
        if let name = changes.name { changes.name = try Rules.validName(name) }
        if let emoji = changes.emoji ?? nil, !TrackerEmoji.isValid(emoji) { throw .invalidEmoji(emoji) }
        let label = changes.name ?? (try? TrackerReference.resolve(id: id, in: preview ?? read()).name) ?? id
        return try change("edit: \(label)", reusing: preview) { store in
            let tracker = try TrackerReference.resolve(id: id, in: store)
            if let name = changes.name { try Rules.checkNameFree(name, in: store, except: tracker.id) }
            if let category = changes.category, !store.settings.categories.contains(category) {
                throw HabitError.unknownCategory(category, known: store.settings.categories)
            }
            if (changes.schedule ?? tracker.schedule).isEvent, (changes.measure ?? tracker.measure) != nil {
                throw HabitError.eventWithTarget(tracker: tracker.name)
            }
            // Quitting makes the habit daily (a quit habit is kept every day).
            // (An event stays an event, and is refused below.)
            if changes.isQuit == true, !tracker.isEvent, tracker.schedule != .daily, changes.schedule == nil {
                changes.schedule = .daily
            }
            try Rules.checkQuitAndAllowance(
                name: tracker.name, schedule: changes.schedule ?? tracker.schedule, measure: changes.measure ?? tracker.measure,
                isQuit: changes.isQuit ?? tracker.isQuit, allowance: changes.allowance ?? tracker.allowance)
            if let start = changes.start ?? nil {
                try Rules.dropMarks(of: tracker, before: start, allowed: allowed, in: store)
            }
            try store.updateTracker(tracker.id, with: changes)
            return store.journal.tracker(id: tracker.id) ?? tracker
        }
    }

    /// Checks an edited tracker file as the loader would in this directory, without writing:
    /// the problems found (errors and warnings).
    public func checkTrackerFile(_ id: String, edited: [UInt8]) throws(HabitError) -> [Diagnostic] {
        let store = try read()
        return store.replaceTrackerFile(id, with: edited)
    }

    /// Replaces a tracker's file with text edited by hand (`habit edit` in `$EDITOR`): refused if
    /// the file changed on disk meanwhile or the text has errors; marks before a start moved later
    /// are dropped only with consent, as with `editTracker`.
    @discardableResult
    public func replaceTrackerFile(_ id: String, original: [UInt8], edited: [UInt8], droppingMarks allowed: Int = 0) throws(HabitError) -> Tracker {
        let label = (try? TrackerReference.resolve(id: id, in: read()).name) ?? id
        return try change("edit: \(label) (in an editor)") { store in
            guard store.bytes(ofTracker: id) == original else { throw HabitError.changedMeanwhile(file: DataFormat.trackerFile(id: id)) }
            let problems = store.replaceTrackerFile(id, with: edited)
            let errors = problems.filter { $0.severity == .error }
            guard errors.isEmpty, let tracker = store.journal.tracker(id: id) else { throw HabitError.invalidFiles(errors) }
            if let start = tracker.start { try Rules.dropMarks(of: tracker, before: start, allowed: allowed, in: store) }
            return store.journal.tracker(id: id) ?? tracker
        }
    }

    /// Deletes a tracker and its file. `id` is the file name of the tracker chosen, never a name.
    public func removeTracker(_ id: String, reusing preview: Store? = nil) throws(HabitError) {
        let label = (try? TrackerReference.resolve(id: id, in: preview ?? read()).name) ?? id
        try change("rm: \(label)", reusing: preview) { store in
            try store.deleteTracker(TrackerReference.resolve(id: id, in: store).id)
        }
    }

    /// Pins or unpins the tracker with file name `id`; false when it already was as asked.
    @discardableResult
    public func setPinned(_ pinned: Bool, _ id: String, reusing preview: Store? = nil) throws(HabitError) -> Bool {
        let label = (try? TrackerReference.resolve(id: id, in: preview ?? read()).name) ?? id
        return try change("\(pinned ? "pin" : "unpin"): \(label)", reusing: preview) { store in
            let tracker = try TrackerReference.resolve(id: id, in: store)
            guard tracker.isPinned != pinned else { return false }
            try store.updateTracker(tracker.id, with: TrackerChanges(isPinned: pinned))
            return true
        }
    }
}

/// The rules every change checks, in one place.
enum Rules {
    static func validName(_ name: String) throws(HabitError) -> String {
        let trimmed = name.trimmingWhitespace()
        if let problem = TrackerName.problem(with: trimmed) { throw .invalidName(problem) }
        return trimmed
    }

    /// Names are unique among trackers, compared without regard to case.
    static func checkNameFree(_ name: String, in store: Store, except id: String?) throws(HabitError) {
        try checkNameFree(name, in: store.journal, except: id)
    }

    static func checkNameFree(_ name: String, in journal: Journal, except id: String?) throws(HabitError) {
        if let other = journal.trackers.first(where: { $0.id != id && TrackerName.key($0.name) == TrackerName.key(name) }) {
            throw .nameTaken(name, existing: other.name)
        }
    }

    /// A quit habit is daily and counts slips, not amounts; forgiven misses count days, so an
    /// event or an "N per week/month" habit cannot have them.
    static func checkQuitAndAllowance(name: String, schedule: Schedule, measure: Measure?, isQuit: Bool,
                                      allowance: Allowance?) throws(HabitError) {
        if isQuit, schedule != .daily || measure != nil { throw .quitNotPlain(tracker: name) }
        if allowance != nil {
            switch schedule {
            case .event, .periodic: throw .allowanceWithoutDays(tracker: name)
            case .weekly, .interval: break
            }
        }
    }

    static func checkNewCategory(_ name: String, in store: Store) throws(HabitError) {
        try checkNewCategory(name, among: store.settings.categories)
    }

    static func checkNewCategory(_ name: String, among categories: [String]) throws(HabitError) {
        if categories.contains(where: { TrackerName.key($0) == TrackerName.key(name) }) {
            throw .categoryExists(name)
        }
    }

    /// A category may take a new name that no other category has, ignoring case (its own is fine).
    static func checkCategoryRename(_ old: String, to new: String, among categories: [String]) throws(HabitError) {
        if old != new, categories.contains(where: { $0 != old && TrackerName.key($0) == TrackerName.key(new) }) {
            throw .categoryExists(new)
        }
    }

    /// The marked days before `start`: what moving the start there drops.
    static func marksBefore(_ start: CivilDate, of tracker: Tracker) -> Int {
        tracker.log.entries.prefix { $0.day < start }.count
    }

    /// Drops the marks before `start`, if the user agreed to that many.
    static func dropMarks(of tracker: Tracker, before start: CivilDate, allowed: Int, in store: Store) throws {
        let count = marksBefore(start, of: tracker)
        guard count > 0 else { return }
        guard count <= allowed else { throw HabitError.confirmationNeeded(.dropMarks(tracker: tracker.name, count: count, start: start)) }
        try store.dropEntries(before: start, trackerID: tracker.id)
    }
}
