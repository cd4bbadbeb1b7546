import HabitCore
import HabitLocalization
import HabitScreens
import TerminalUI

/// Everything `habit ui` shows, and what a key does to it: a value, so a state test gives a key
/// and checks the new state. A change to the data is not made here: `handle` returns an `Effect`
/// that the app carries out through HabitKit's use cases, then loads the data again.
public struct AppState: Sendable {
    public enum Tab: Hashable, Sendable {
        case trackers, statistics
    }

    public enum Overlay: Hashable, Sendable {
        case help
        /// The filter sheet with the highlighted row (`AppState.filters`).
        case filter(highlighted: Int)
        /// The selected card's menu, with the highlighted row (`AppState.MenuItem`).
        case menu(trackerID: String, highlighted: Int)
        /// "Delete … and all its data (N days marked)?", answered with y or n.
        case confirmDelete(trackerID: String)
        /// The month calendar to pick a day from.
        case calendar(CalendarPicker)
        /// A numeric habit's amount being typed, prefilled with the target.
        case amount(trackerID: String, text: String)
        /// The add or edit form and its pages (`FormFlow`).
        case form(FormFlow)
        /// A tracker's details: `habit show`'s figures, a month calendar, the last 53 weeks.
        case details(TrackerDetails)
        /// The archived trackers (`A`), the highlighted one's row: Enter unarchives it.
        case archived(highlighted: Int)
    }

    /// A change for HabitKit to make.
    public enum Effect: Hashable, Sendable {
        case mark(Mark?, trackerID: String, day: CivilDate)
        case amount(Double, trackerID: String, day: CivilDate)
        case pin(Bool, trackerID: String)
        case archive(trackerID: String)
        /// `u` after an archive, or Enter in the archived view: the tracker back among the day's cards.
        case unarchive(trackerID: String)
        case delete(trackerID: String)
        /// The tracker's file in `$EDITOR`, outside the full screen, checked as `habit edit` does.
        case edit(trackerID: String)
        /// The onboarding button: the data directory, as `habit init` creates it.
        case createDirectory
        /// `S`: `habit sync`, in the background.
        case sync
        /// The form's new tracker (`habit add`); the category is remembered as the last used.
        case create(TrackerForm)
        /// The form's changes to the tracker it edits (`habit edit`), dropping up to that many marks.
        case save(TrackerForm, droppingMarks: Int)
        case addCategory(String)
        case renameCategory(String, to: String)
        case removeCategory(String)
        /// Ctrl-L: the whole screen painted again (whatever dirtied it).
        case repaint
        case quit
        /// Ctrl-C: quit at once, with exit status 130 as shells expect of an interrupt.
        case interrupt
    }

    /// How many rows each scrolling part shows on the current screen (`ScreenView.pages`): the
    /// app sets it before each key, so PgUp/PgDn move a page and End shows the last row.
    public struct Pages: Hashable, Sendable {
        /// The cards' list.
        public var list: Int
        /// The statistics tab's tracker rows.
        public var statistics: Int
        /// The help's lines shown, and how many there are.
        public var help: Int
        public var helpLines: Int
    }

    public struct NewTrackerNotDue: Hashable, Sendable {
        public var name: String
        public var day: CivilDate
    }

    /// A slip just logged on a habit to quit (Space asks nothing): which one and on which day.
    public struct SlipLogged: Hashable, Sendable {
        public var name: String
        public var day: CivilDate
    }

    /// The card menu's rows.
    public enum MenuItem: Hashable, Sendable, CaseIterable {
        case pin, edit, details, archive, delete
    }

    /// The filter sheet's rows, in the specs' order.
    public static let filters: [DayScreen.Filter] = [.all, .today, .completed, .uncompleted]

    public private(set) var journal: Journal
    public private(set) var today: CivilDate
    public private(set) var day: CivilDate
    /// The search field, edited as readline edits a line (`TextField`).
    public private(set) var searchField = TextField()
    public var search: String { searchField.text }
    /// The amount prompt's field, with its caret (its text is the overlay's).
    public private(set) var amountField = TextField()
    /// Where the amount prompt's caret is, in graphemes; nil when no prompt is open.
    public var amountCaret: Int? {
        if case .amount = overlay { return amountField.caret }
        return nil
    }
    public internal(set) var isEditingSearch = false
    public private(set) var filter: DayScreen.Filter = .all
    /// The selected card, by position in `screen.cards`.
    public internal(set) var selection = 0
    public var tab: Tab = .trackers {
        // The statistics read every day of every tracker: computed when their tab shows, not per key.
        didSet {
            if tab == .statistics, oldValue != .statistics {
                statistics = StatisticsScreen(journal: journal, today: today)
                statisticsScroll = 0
            }
        }
    }
    public var overlay: Overlay?
    /// A line at the top while it holds: a busy lock, files with errors.
    public var notice: String?
    /// A refused change in words (HabitKit's reason): at the top until the next key, so an old
    /// refusal never sits over what the user does next.
    public var refusal: String?
    /// The first-run pages, while there is no data directory (AppState+Onboarding.swift).
    public var onboarding: OnboardingScreen?
    /// A tracker just added that has no card on the day shown, because it is not due then: said
    /// at the top until the next key, so the user knows where it went.
    public private(set) var newTrackerNotDue: NewTrackerNotDue?
    /// A slip Space just logged: said at the top until the next key, with `u` to take it back, since
    /// Space logs it without a question.
    public private(set) var slipLogged: SlipLogged?
    /// Which part of a details page taller than the screen comes first (`ScreenView.detailsParts`):
    /// ↓ brings up the month, then the heatmap.
    public private(set) var detailsPart = 0
    /// The status line at the top: while `S` syncs, then its result or error, in words; or how
    /// `e`'s editor round trip ended. The app clears it at the next key unless a sync runs.
    public var syncStatus: String?
    /// The specs' offline note: changes waiting for a sync, and why the last one failed.
    public var offlineNote: String?
    public private(set) var screen: DayScreen
    /// The day's cards without the search and the filter, in the order they have been shown: a
    /// search or a filter narrows this order, so clearing it puts the cards back where they were.
    private var unfiltered: DayScreen
    public private(set) var statistics: StatisticsScreen
    /// The rows shown of each scrolling part (set by the app from the screen's size).
    public var pages = Pages(list: 10, statistics: 10, help: 20, helpLines: 20)
    /// What `u` does: the reverse of the last change made here (a mark, an amount, a pin, an
    /// archive), through the same use case, so one more commit. After `u` it is the change undone,
    /// so `u` again makes it again.
    public private(set) var undo: Effect?
    /// The first tracker row shown on the statistics tab.
    public private(set) var statisticsScroll = 0
    /// The first line shown of the help.
    public private(set) var helpScroll = 0
    /// The category the form checks first (`Habits.lastUsedCategory`, as `habit add` offers it).
    public var lastUsedCategory: String?

    /// The reader's language: its first day of the week begins the week strip, the calendar and
    /// the details' month unless habit.toml sets `week_starts_on`.
    public let language: Language

    public init(journal: Journal, today: CivilDate, language: Language = .en) {
        self.journal = journal
        self.today = today
        self.language = language
        day = today
        screen = DayScreen(journal: journal, day: today, today: today, language: language)
        unfiltered = screen
        statistics = StatisticsScreen(journal: Journal(), today: today)
    }

    /// The archived view's rows: the archived trackers, in the order of the files.
    public var archivedTrackers: [Tracker] { journal.trackers.filter(\.isArchived) }

    public var selectedCard: DayScreen.Card? {
        let cards = screen.cards
        return cards.indices.contains(selection) ? cards[selection] : nil
    }

    /// The selected card's state on each day of the week strip (nil with no card): HabitScreens'
    /// `DayScreen.weekMarks`, the states its details' calendar shows, for those seven days only.
    public var weekStates: [DayScreen.WeekMark?] {
        let week = screen.week.map(\.date)
        guard let card = selectedCard, let tracker = journal.tracker(id: card.trackerID) else {
            return week.map { _ in nil }
        }
        return DayScreen.weekMarks(of: tracker, on: week, today: today)
    }

    /// New data (after a change, or changed outside): the selection stays on the same tracker.
    public mutating func reload(_ journal: Journal, today: CivilDate) {
        let selected = selectedCard?.trackerID
        if self.today != today, day == self.today { day = today }
        self.journal = journal
        self.today = today
        recompute(keeping: selected)
        if case .archived(let highlighted) = overlay {
            overlay = .archived(highlighted: max(0, min(highlighted, archivedTrackers.count - 1)))
        }
        if case .details(let details) = overlay {
            overlay = journal.tracker(id: details.trackerID).map { tracker in
                .details(TrackerDetails(tracker: tracker, in: journal, today: today, month: details.month.firstDay, language: language))
            }
        }
    }

    /// HabitKit made `effect`: the form closes after a create or a save, and goes back to the
    /// category list after a category change. (A refused change leaves the form as it was.)
    public mutating func finished(_ effect: Effect) {
        guard case .form(var flow) = overlay else { return }
        switch effect {
        case .create(let form):
            lastUsedCategory = form.category
            overlay = nil
            let name = form.name.trimmingWhitespace()
            if let index = screen.cards.firstIndex(where: { $0.name == name }) {
                selection = index
            } else if let tracker = journal.trackers.first(where: { $0.name == name && !$0.isArchived }),
                      !tracker.status(on: day, today: today).isShown {
                // HabitCore's rule of the day's cards (`Agenda`): not due, so not on this day.
                newTrackerNotDue = NewTrackerNotDue(name: tracker.name, day: day)
            }
        case .save:
            overlay = nil
        case .addCategory, .renameCategory, .removeCategory:
            flow.finished(effect, journal: journal)
            overlay = .form(flow)
        default:
            break
        }
    }

    /// The change that puts back what `effect` is about to change, read from the data before it
    /// is made; nil for a change `u` does not undo (a new tracker, an edit, a delete, categories).
    public func reverse(of effect: Effect) -> Effect? {
        switch effect {
        case .mark(_, let id, let day), .amount(_, let id, let day):
            guard let tracker = journal.tracker(id: id) else { return nil }
            if let amount = tracker.log.amount(on: day) { return .amount(amount, trackerID: id, day: day) }
            return .mark(tracker.log.mark(on: day), trackerID: id, day: day)
        case .pin(let pinned, let id): return .pin(!pinned, trackerID: id)
        case .archive(let id): return .unarchive(trackerID: id)
        case .unarchive(let id): return .archive(trackerID: id)
        default: return nil
        }
    }

    /// HabitKit made `effect`, whose reverse (`reverse(of:)` before it was made) is `reverse`: `u` now
    /// undoes it.
    public mutating func made(_ effect: Effect, reverse: Effect?) {
        undo = reverse
        if case .mark(.slipped?, let id, let day) = effect, let tracker = journal.tracker(id: id) {
            slipLogged = SlipLogged(name: tracker.name, day: day)
        }
    }

    private mutating func recompute(keeping trackerID: String? = nil) {
        screen = DayScreen(journal: journal, day: day, today: today, search: search, filter: filter, language: language)
        // The cards stay where they are while the day is shown (HabitScreens says why), also
        // through a search or a filter.
        let all = search.isEmpty && filter == .all ? screen : DayScreen(journal: journal, day: screen.day, today: today, language: language)
        var ordered = all
        ordered.keepOrder(of: unfiltered)
        unfiltered = ordered
        screen.keepOrder(of: unfiltered)
        if tab == .statistics { statistics = StatisticsScreen(journal: journal, today: today) }
        day = screen.day
        let cards = screen.cards
        if let trackerID, let index = cards.firstIndex(where: { $0.trackerID == trackerID }) {
            selection = index
        } else {
            selection = max(0, min(selection, cards.count - 1))
        }
    }

    mutating func show(day newDay: CivilDate) {
        day = newDay
        if filter == .today { filter = .all }
        recompute(keeping: selectedCard?.trackerID)
    }

    /// `e`'s editor round trip is over: a refusal goes at the top as every refusal does; the
    /// sentence `habit edit` ends with is the status line's, both until the next key.
    public mutating func editorEnded(_ outcome: App.EditorOutcome?) {
        switch outcome {
        case .refused(let words): refusal = words
        case .note(let words): syncStatus = words
        case nil: break
        }
    }

    /// Applies a key; returns the change to make, if any.
    public mutating func handle(_ press: KeyPress) -> Effect? {
        if press == .control("c") { return .interrupt }
        if press == .control("l") { return .repaint }
        refusal = nil
        newTrackerNotDue = nil
        slipLogged = nil
        if let onboarding { return handleOnboarding(press, onboarding) }
        switch overlay {
        case .help:
            // The moves scroll it; any other key closes it.
            if let action = Keymap.action(for: press),
               let line = Self.moved(helpScroll, by: action, count: pages.helpLines - pages.help + 1, page: pages.help) {
                helpScroll = line
            } else {
                overlay = nil
            }
            return nil
        case .filter(let highlighted):
            return handleFilterSheet(press, highlighted: highlighted)
        case .amount(let trackerID, let text):
            return handleAmount(press, trackerID: trackerID, text: text)
        case .calendar(let picker):
            handleCalendar(press, picker)
            return nil
        case .menu(let trackerID, let highlighted):
            return handleMenu(press, trackerID: trackerID, highlighted: highlighted)
        case .form(var flow):
            switch flow.handle(press, journal: journal) {
            case .stay:
                overlay = .form(flow)
                return nil
            case .close:
                overlay = nil
                return nil
            case .effect(let effect):
                overlay = .form(flow)
                return effect
            }
        case .details(let details):
            handleDetails(press, details)
            return nil
        case .archived(let highlighted):
            return handleArchived(press, highlighted: highlighted)
        case .confirmDelete(let trackerID):
            overlay = nil
            return press == .character("y") || press == .character("Y") ? .delete(trackerID: trackerID) : nil
        case nil:
            break
        }
        if isEditingSearch { return handleSearch(press) }
        guard let action = Keymap.action(for: press) else { return nil }
        if tab == .statistics {
            // Keymap.statisticsActions: the footer shows exactly these.
            if let row = Self.moved(statisticsScroll, by: action, count: statistics.trackers.count - pages.statistics + 1,
                                 page: pages.statistics) {
                statisticsScroll = row
                return nil
            }
            switch action {
            case .statistics, .back: tab = .trackers
            case .help: openHelp()
            case .sync: return .sync
            case .quit: return .quit
            default: break
            }
            return nil
        }
        if let card = Self.moved(selection, by: action, count: screen.cards.count, page: max(1, pages.list - 1)) {
            selection = card
            return nil
        }
        switch action {
        case .moveUp, .moveDown, .pageUp, .pageDown, .first, .last: break
        case .previousDay: show(day: day.adding(days: -1))
        case .nextDay: show(day: day.adding(days: 1))
        case .today: show(day: today)
        case .mark:
            guard let card = selectedCard else { return nil }
            // What Space does is HabitScreens' one rule (`Card.nextMark`), as a tap's on the web.
            switch card.nextMark {
            case .amount(let total, let measure):
                // A day that cannot be marked (a future one) asks no amount: the use case refuses
                // the change at once, in its own words (HabitCore's rule, not one of this screen).
                if journal.tracker(id: card.trackerID)?.markingRefusal(on: day, today: today) != nil {
                    return .amount(measure.target, trackerID: card.trackerID, day: day)
                }
                // The day's total so far to change, or the target, which one Enter then logs.
                amountField = TextField(AppState.amountText(total > 0 ? total : measure.target))
                overlay = .amount(trackerID: card.trackerID, text: amountField.text)
                return nil
            case .done: return .mark(.done, trackerID: card.trackerID, day: day)
            case .slip: return .mark(.slipped, trackerID: card.trackerID, day: day)
            case .undone, .unslip: return .mark(nil, trackerID: card.trackerID, day: day)
            }
        case .skip:
            guard let card = selectedCard else { return nil }
            return .mark(card.state == .skipped ? nil : .skipped, trackerID: card.trackerID, day: day)
        case .menu:
            if let card = selectedCard { overlay = .menu(trackerID: card.trackerID, highlighted: 0) }
        case .edit:
            if let card = selectedCard { return .edit(trackerID: card.trackerID) }
        case .archived: overlay = .archived(highlighted: 0)
        case .search: isEditingSearch = true
        case .filter:
            // The specs hide the filter when the day has no trackers.
            if screen.isFilterOffered { overlay = .filter(highlighted: AppState.filters.firstIndex(of: filter) ?? 0) }
        case .calendar:
            overlay = .calendar(CalendarPicker(selected: day, today: today, weekStartsOn: journal.settings.calendarWeekStart(in: language)))
        case .add:
            overlay = .form(FormFlow(creatingOn: today, lastUsedCategory: lastUsedCategory, journal: journal))
        case .undo:
            guard let undo else { return nil }
            self.undo = nil
            return undo
        case .statistics: tab = .statistics
        case .help: openHelp()
        case .sync: return .sync
        case .repaint: return .repaint
        case .suspend: break  // the terminal suspended the app before it saw the key
        case .interrupt: return .interrupt
        case .back:
            if !search.isEmpty {
                searchField = TextField()
                recompute(keeping: selectedCard?.trackerID)
            }
        case .quit: return .quit
        }
        return nil
    }

    /// Where a move takes a position among `count` rows showing `page` at once: ↑/↓ one, PgUp/PgDn
    /// a page, Home/End the first and the last that can come first. Nil for a key that does not move.
    /// (For a list whose rows scroll as a block, `count` is how many positions there are.)
    static func moved(_ position: Int, by action: UIAction, count: Int, page: Int) -> Int? {
        let last = max(0, count - 1)
        let page = max(1, page)
        switch action {
        case .moveUp: return max(0, position - 1)
        case .moveDown: return min(last, position + 1)
        case .pageUp: return max(0, position - page)
        case .pageDown: return min(last, position + page)
        case .first: return 0
        case .last: return last
        default: return nil
        }
    }

    private mutating func openHelp() {
        overlay = .help
        helpScroll = 0
    }

    private mutating func handleSearch(_ press: KeyPress) -> Effect? {
        switch press.key {
        case .escape:
            searchField = TextField()
            isEditingSearch = false
        case .enter, .tab, .down:
            isEditingSearch = false
            return nil
        default:
            // Typing, and readline's moves and deletions (TextField).
            guard searchField.handle(press) == .edited else { return nil }
        }
        recompute(keeping: selectedCard?.trackerID)
        return nil
    }

    private mutating func handleFilterSheet(_ press: KeyPress, highlighted: Int) -> Effect? {
        switch press.key {
        case .up, .character("k"): overlay = .filter(highlighted: max(0, highlighted - 1))
        case .down, .character("j"): overlay = .filter(highlighted: min(AppState.filters.count - 1, highlighted + 1))
        case .enter, .character(" "):
            overlay = nil
            filter = AppState.filters[highlighted]
            if filter == .today { day = today }
            recompute(keeping: selectedCard?.trackerID)
        case .escape, .character("f"), .character("q"): overlay = nil
        default: break
        }
        return nil
    }

    private mutating func handleMenu(_ press: KeyPress, trackerID: String, highlighted: Int) -> Effect? {
        let items = MenuItem.allCases
        switch press.key {
        case .up, .character("k"): overlay = .menu(trackerID: trackerID, highlighted: max(0, highlighted - 1))
        case .down, .character("j"): overlay = .menu(trackerID: trackerID, highlighted: min(items.count - 1, highlighted + 1))
        case .enter, .character(" "):
            overlay = nil
            switch items[highlighted] {
            case .pin: return .pin(!(journal.tracker(id: trackerID)?.isPinned ?? false), trackerID: trackerID)
            case .edit:
                if let tracker = journal.tracker(id: trackerID) {
                    overlay = .form(FormFlow(editing: tracker, today: today, journal: journal))
                }
            case .details:
                if let tracker = journal.tracker(id: trackerID) {
                    overlay = .details(TrackerDetails(tracker: tracker, in: journal, today: today, month: day, language: language))
                    detailsPart = 0
                }
            case .archive: return .archive(trackerID: trackerID)
            case .delete: overlay = .confirmDelete(trackerID: trackerID)
            }
        case .escape, .character("q"): overlay = nil
        default: break
        }
        return nil
    }

    /// ↑/↓ (k/j) move; Enter (or Space) unarchives the highlighted tracker through HabitKit and the
    /// view stays open for the next; Esc, q or A close it.
    private mutating func handleArchived(_ press: KeyPress, highlighted: Int) -> Effect? {
        let trackers = archivedTrackers
        switch press.key {
        case .up, .character("k"): overlay = .archived(highlighted: max(0, highlighted - 1))
        case .down, .character("j"): overlay = .archived(highlighted: max(0, min(trackers.count - 1, highlighted + 1)))
        case .enter, .character(" "):
            guard trackers.indices.contains(highlighted) else { return nil }
            return .unarchive(trackerID: trackers[highlighted].id)
        case .escape, .character("q"), .character("A"): overlay = nil
        default: break
        }
        return nil
    }

    /// ←/→ (h/l, PgUp/PgDn) the month before or after; ↑/↓ (k/j) the part shown first when the
    /// page is taller than the screen; Esc closes.
    private mutating func handleDetails(_ press: KeyPress, _ details: TrackerDetails) {
        switch press.key {
        case .down, .character("j"): detailsPart = min(ScreenView.detailsParts - 1, detailsPart + 1)
        case .up, .character("k"): detailsPart = max(0, detailsPart - 1)
        case .left, .character("h"), .pageUp, .character("p"): overlay = .details(details.movingMonth(by: -1))
        case .right, .character("l"), .pageDown, .character("n"): overlay = .details(details.movingMonth(by: 1))
        case .escape, .character("q"), .enter: overlay = nil
        default: break
        }
    }

    /// ←/→ a day, ↑/↓ a week, PgUp/PgDn (or p/n) a month, t today, Enter shows the day, Esc closes.
    private mutating func handleCalendar(_ press: KeyPress, _ picker: CalendarPicker) {
        switch press.key {
        case .left, .character("h"): overlay = .calendar(picker.movingSelection(by: -1))
        case .right, .character("l"): overlay = .calendar(picker.movingSelection(by: 1))
        case .up, .character("k"): overlay = .calendar(picker.movingSelection(by: -7))
        case .down, .character("j"): overlay = .calendar(picker.movingSelection(by: 7))
        case .pageUp, .character("p"): overlay = .calendar(picker.movingMonth(by: -1))
        case .pageDown, .character("n"): overlay = .calendar(picker.movingMonth(by: 1))
        case .character("t"): overlay = .calendar(picker.movingSelection(by: today.days(since: picker.selected)))
        case .enter, .character(" "):
            overlay = nil
            show(day: picker.selected)
        case .escape, .character("g"), .character("q"): overlay = nil
        default: break
        }
    }

    private mutating func handleAmount(_ press: KeyPress, trackerID: String, text: String) -> Effect? {
        switch press.key {
        case .escape:
            overlay = nil
        case .enter:
            guard let value = Double(text.replacing(",", with: ".")) else { return nil }
            overlay = nil
            return .amount(value, trackerID: trackerID, day: day)
        default:
            // Digits and a decimal mark typed where the caret is; readline's moves and deletions.
            if amountField.text != text { amountField = TextField(text) }
            if amountField.handle(press, accepts: { $0.isNumber || $0 == "." || $0 == "," }) == .edited {
                overlay = .amount(trackerID: trackerID, text: amountField.text)
            }
        }
        return nil
    }

    /// A target as the amount field shows it: "8", "2.5".
    static func amountText(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
