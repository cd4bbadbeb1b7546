import HabitCore
import HabitLocalization

/// The main screen's content for one day, computed once for `habit list`, `habit ui` and the web
/// app: the week strip, the search and filter, the sections of cards and the empty state. Pure
/// data: no words, no colours, no I/O; `today` is a parameter.
public struct DayScreen: Hashable, Sendable {
    public typealias Filter = Agenda.Filter

    /// A day of the week strip.
    public struct WeekDay: Hashable, Sendable {
        public var date: CivilDate
        public var isSelected: Bool
        public var isToday: Bool
        public var weekday: Weekday { date.weekday }
    }

    /// What the day asks of a tracker: settled (done or skipped) or still to do.
    public enum State: Hashable, Sendable {
        case done, toDo, skipped
        /// A quit habit's slip.
        case slipped
    }

    /// What a card says besides its state.
    public enum Progress: Hashable, Sendable {
        /// A quit habit's days without a slip, up to today.
        case clean(days: Int)
        /// A numeric habit's total for the day against its target.
        case amount(Double, of: Measure)
        /// An "N per week/month" tracker's count in the period that holds the day.
        case period(PeriodTally, Period)
        /// An "every N days" habit covered by an earlier day: when it is next due.
        case nextDue(CivilDate)
    }

    public struct Card: Hashable, Sendable, Identifiable {
        public var id: String { trackerID }
        public var trackerID: String
        public var emoji: String?
        public var name: String
        public var color: TrackerColor?
        public var isEvent: Bool
        public var isPinned: Bool
        public var isNumeric: Bool
        /// Days done: the done marks, or for an `at_most` habit every day within the target.
        public var doneDays: Int
        public var state: State
        public var progress: Progress?
        public var note: String?
    }

    /// Pinned first (a nil category), then the categories in their order.
    public struct Section: Hashable, Sendable {
        public var category: String?
        public var cards: [Card]
        public var isPinned: Bool { category == nil }
    }

    public enum EmptyState: Hashable, Sendable {
        /// "What shall we track?": nothing is due on the day.
        case nothingToTrack
        /// "Nothing found": trackers are due, but the search or filter keeps none.
        case nothingFound
    }

    /// The day shown (today when the filter is `.today`).
    public var day: CivilDate
    public var today: CivilDate
    public var week: [WeekDay]
    public var search: String
    public var filter: Filter
    /// The specs hide the filter when the day has no trackers.
    public var isFilterOffered: Bool
    public var sections: [Section]
    public var emptyState: EmptyState?
    /// The vacation the day is in, if any.
    public var vacation: ClosedRange<CivilDate>?
    /// HabitCore's model the screen was computed from (for the JSON of `habit list`).
    public var agenda: Agenda

    public var cards: [Card] { sections.flatMap(\.cards) }

    /// Each section's cards in the order `previous` showed them, when both show the same day: the
    /// specs send a marked card to the end of its group, but on a screen that stays open (`habit
    /// ui`) that would move the card under the selection, so "mark, next, mark" would skip or
    /// repeat one. A card `previous` did not show goes after those it did, in the usual order; a
    /// new day gets the usual order.
    public mutating func keepOrder(of previous: DayScreen) {
        guard previous.day == day else { return }
        let place = Dictionary(previous.cards.enumerated().map { ($1.trackerID, $0) }, uniquingKeysWith: { first, _ in first })
        for index in sections.indices {
            let cards = sections[index].cards
            let usual = Dictionary(cards.enumerated().map { ($1.trackerID, $0) }, uniquingKeysWith: { first, _ in first })
            sections[index].cards = cards.sorted { a, b in
                switch (place[a.trackerID], place[b.trackerID]) {
                case let (x?, y?): return x < y
                case (_?, nil): return true
                case (nil, _?): return false
                case (nil, nil): return usual[a.trackerID]! < usual[b.trackerID]!
                }
            }
        }
    }

    /// - Parameters:
    ///   - search: kept when a tracker's name contains it, ignoring case and accents.
    ///   - language: the reader's, whose first day of the week begins the week strip unless
    ///     habit.toml sets `week_starts_on`.
    public init(journal: Journal, day: CivilDate, today: CivilDate, search: String = "", filter: Filter = .all,
                language: Language = .en) {
        let query = TextFolding.fold(search)
        let agenda = Agenda(journal: journal, day: day, today: today, filter: filter) { name in
            query.isEmpty || TextFolding.fold(name).contains(query)
        }
        self.agenda = agenda
        self.day = agenda.day
        self.today = today
        self.search = search
        self.filter = filter
        week = DayScreen.week(containing: agenda.day, today: today, startingOn: journal.settings.calendarWeekStart(in: language))
        isFilterOffered = agenda.hasTrackersDue
        vacation = agenda.vacation
        sections = agenda.groups.map { group in
            Section(category: group.category, cards: group.rows.map { DayScreen.card($0, today: today) })
        }
        if !sections.isEmpty {
            emptyState = nil
        } else {
            let isSearching = !search.isEmpty || filter == .completed || filter == .uncompleted
            emptyState = isSearching && agenda.hasTrackersDue ? .nothingFound : .nothingToTrack
        }
    }

    /// The seven days from the week's first day that hold `day`.
    public static func week(containing day: CivilDate, today: CivilDate, startingOn first: Weekday) -> [WeekDay] {
        let start = WeekGrid.weekStart(containing: day, weekStartsOn: first)
        return (0..<7).map { index in
            let date = start.adding(days: index)
            return WeekDay(date: date, isSelected: date == day, isToday: date == today)
        }
    }

    static func card(_ row: Agenda.Row, today: CivilDate) -> Card {
        let tracker = row.tracker
        let state: State = switch row.mark {
        case .done: .done
        case .skipped: .skipped
        case .slipped: .slipped
        case nil: .toDo
        }
        return Card(
            trackerID: tracker.id, emoji: tracker.emoji, name: tracker.name, color: tracker.color,
            isEvent: tracker.isEvent, isPinned: tracker.isPinned, isNumeric: tracker.isNumeric,
            doneDays: tracker.unmarkedIsDone ? TrackerProgress(tracker: tracker, today: today).completions : tracker.log.doneCount(through: today),
            state: state, progress: progress(row, today: today), note: row.status.note)
    }

    /// A numeric day's total (a done mark without an amount counts as the target), a periodic
    /// tracker's period, or when a covered "every N days" habit is next due.
    static func progress(_ row: Agenda.Row, today: CivilDate) -> Progress? {
        let status = row.status
        let tracker = row.tracker
        if tracker.isQuit, let record = TrackerProgress(tracker: tracker, today: today).quit {
            return .clean(days: record.currentClean)
        }
        if let measure = tracker.measure, status.mark != .skipped {
            let amount = status.amount ?? (tracker.log.entry(on: status.day)?.mark == .done ? measure.target : 0)
            return .amount(amount, of: measure)
        }
        if let period = status.period, period.required > 0, let kind = tracker.schedule.period {
            return .period(period, kind)
        }
        if let next = status.nextDue, status.mark == .done, status.state != .done {
            return .nextDue(next)
        }
        return nil
    }
}
