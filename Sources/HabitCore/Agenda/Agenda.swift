/// The main screen's model: trackers due on a day, grouped and ordered for display.
public struct Agenda: Hashable, Sendable {
    public enum Filter: String, CaseIterable, Sendable {
        case all, today, completed, uncompleted
    }

    public struct Row: Hashable, Sendable {
        public var tracker: Tracker
        /// What the day shows: done, skipped, or nil while still to do (see `DayStatus.mark`).
        public var mark: Mark?
        public var status: DayStatus
        public var isDone: Bool { mark == .done }

        public init(tracker: Tracker, status: DayStatus) {
            self.tracker = tracker
            self.mark = status.mark
            self.status = status
        }
    }

    public struct Group: Hashable, Sendable {
        /// nil for the "Pinned" group.
        public var category: String?
        public var rows: [Row]
        public var isPinned: Bool { category == nil }
    }

    public var day: CivilDate
    public var groups: [Group]
    /// Whether any tracker at all is due on the day before search and filters; tells the
    /// "nothing found" state from the "nothing to track" one.
    public var hasTrackersDue: Bool
    /// The vacation the day is in, if any.
    public var vacation: ClosedRange<CivilDate>?

    public var isEmpty: Bool { groups.isEmpty }

    /// - Parameters:
    ///   - matches: the search predicate on the tracker's name (folding is the caller's business).
    public init(
        journal: Journal, day: CivilDate, today: CivilDate, filter: Filter = .all,
        matches: (String) -> Bool = { _ in true }
    ) {
        let day = filter == .today ? today : day
        self.day = day
        vacation = Vacations(journal.settings.vacations).range(containing: day)
        let due = journal.trackers.compactMap { tracker -> Row? in
            if tracker.isArchived { return nil }
            let status = tracker.status(on: day, today: today)
            return status.isShown ? Row(tracker: tracker, status: status) : nil
        }
        hasTrackersDue = !due.isEmpty
        let rows = due.compactMap { row -> Row? in
            guard matches(row.tracker.name) else { return nil }
            switch filter {
            case .all, .today: return row
            case .completed: return row.isDone ? row : nil
            case .uncompleted: return row.mark == nil ? row : nil
            }
        }
        groups = Agenda.group(rows, categoryOrder: journal.settings.categories)
    }

    /// Pinned first, then categories in file order (unknown categories after, by name); inside a
    /// group, what is still to do comes before what is settled, each by name (`NameOrder`).
    static func group(_ rows: [Row], categoryOrder: [String]) -> [Group] {
        func ordered(_ rows: [Row]) -> [Row] {
            NameOrder.sorted(rows.filter { $0.mark == nil }, by: \.tracker) + NameOrder.sorted(rows.filter { $0.mark != nil }, by: \.tracker)
        }
        var groups: [Group] = []
        let pinned = rows.filter(\.tracker.isPinned)
        if !pinned.isEmpty { groups.append(Group(category: nil, rows: ordered(pinned))) }
        let unpinned = rows.filter { !$0.tracker.isPinned }
        let known = Set(categoryOrder)
        let extra = Set(unpinned.map(\.tracker.category)).subtracting(known).sorted()
        for category in categoryOrder + extra {
            let members = unpinned.filter { $0.tracker.category == category }
            if !members.isEmpty { groups.append(Group(category: category, rows: ordered(members))) }
        }
        return groups
    }
}
