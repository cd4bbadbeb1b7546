import HabitLocalization
import TerminalUI

/// The modes with keys of their own, over or instead of the main screen's: the form and its
/// pages, the details, the search field, the calendar, the amount prompt, the card menu and the
/// filter sheet, the delete question, the statistics tab, the archived trackers (`noArchived`
/// when there are none: nothing to move to or unarchive, so only the way back).
public enum PageKind: Hashable, Sendable, CaseIterable {
    case form, kind, categories, categoryName, schedule, picker, question, details
    case search, calendar, amount, menu, confirm, statistics, archived, noArchived
}

/// One row of the pages' keys (what they do is `FormFlow`'s and `AppState`'s to say): shown in the
/// page's footer and, after the main keys, in the `?` help and docs/ui.md.
public struct PageKeyBinding: Sendable {
    /// As shown: "↑/↓/Tab".
    public var label: String
    public var words: MessageKey
    public var pages: Set<PageKind>
    /// Where the footer keeps it when the line is too narrow for all (the others give way).
    public var essential: Set<PageKind> = []
}

extension Keymap {
    public static let pages: [PageKeyBinding] = [
        PageKeyBinding(label: "↑/↓/Tab", words: .uiFormKeyField, pages: [.form, .kind, .categories, .schedule, .picker], essential: [.form]),
        PageKeyBinding(label: "↑/↓", words: .uiFormKeyField, pages: [.menu, .archived], essential: [.menu]),
        PageKeyBinding(label: "Enter", words: .uiFormKeyOpen, pages: [.form, .kind, .categories, .categoryName, .picker, .menu],
                       essential: [.form, .kind, .categories, .categoryName, .picker, .menu]),
        PageKeyBinding(label: "Space", words: .uiFormKeyToggle, pages: [.schedule], essential: [.schedule]),
        PageKeyBinding(label: "←/→", words: .uiFormKeyAdjust, pages: [.form, .schedule, .picker, .details], essential: [.details]),
        // A details page taller than the screen: the month, then the heatmap, come up.
        PageKeyBinding(label: "↑/↓", words: .uiDetailsKeyMore, pages: [.details], essential: [.details]),
        PageKeyBinding(label: "Ctrl-U", words: .uiFormKeyClear, pages: [.form, .categoryName]),
        PageKeyBinding(label: "a", words: .uiFormKeyAddCategory, pages: [.categories], essential: [.categories]),
        PageKeyBinding(label: "e", words: .uiFormKeyRenameCategory, pages: [.categories], essential: [.categories]),
        PageKeyBinding(label: "d", words: .uiFormKeyDeleteCategory, pages: [.categories], essential: [.categories]),
        PageKeyBinding(label: "x", words: .uiFormKeyRemoveEmoji, pages: [.picker]),
        PageKeyBinding(label: "y", words: .uiFormKeyConfirm, pages: [.question, .confirm], essential: [.question, .confirm]),
        // The search field: what is typed keeps the cards whose name contains it (q is a letter here).
        PageKeyBinding(label: "Enter/↓", words: .uiSearchKeyKeep, pages: [.search], essential: [.search]),
        // The month calendar.
        PageKeyBinding(label: "←/→/h/l", words: .uiCalendarKeyDay, pages: [.calendar]),
        PageKeyBinding(label: "↑/↓/k/j", words: .uiCalendarKeyWeek, pages: [.calendar]),
        PageKeyBinding(label: "PgUp/PgDn", words: .uiCalendarKeyMonth, pages: [.calendar]),
        PageKeyBinding(label: "t", words: .uiKeyToday, pages: [.calendar]),
        PageKeyBinding(label: "Enter", words: .uiCalendarKeyShow, pages: [.calendar], essential: [.calendar]),
        // The archived trackers.
        PageKeyBinding(label: "Enter", words: .uiArchivedKeyUnarchive, pages: [.archived], essential: [.archived]),
        // A numeric habit's amount.
        PageKeyBinding(label: "0–9 . ,", words: .uiAmountKeyType, pages: [.amount]),
        PageKeyBinding(label: "Enter", words: .uiAmountKeySave, pages: [.amount], essential: [.amount]),
        // The statistics tab: the moves scroll its rows.
        PageKeyBinding(label: "↑/↓/k/j", words: .uiStatisticsKeyScroll, pages: [.statistics]),
        PageKeyBinding(label: "PgUp/PgDn", words: .uiStatisticsKeyPage, pages: [.statistics]),
        PageKeyBinding(label: "Home/End/G", words: .uiStatisticsKeyEnds, pages: [.statistics]),
        PageKeyBinding(label: "Tab", words: .uiStatisticsKeyTrackers, pages: [.statistics], essential: [.statistics]),
        // `?` last: the way to every other key stays when the line is too narrow for the rest.
        PageKeyBinding(label: "q", words: .uiKeyQuit, pages: [.statistics], essential: [.statistics]),
        PageKeyBinding(label: "?", words: .uiKeyHelp, pages: [.statistics], essential: [.statistics]),
        PageKeyBinding(label: "Esc", words: .uiFormKeyBack, pages: Set(PageKind.allCases).subtracting([.statistics]),
                       essential: Set(PageKind.allCases)),
    ]

    /// The footer of a page: its keys in the table's order; when they do not fit in `width`, the
    /// ones not essential to the page give way, the last first, then the essential ones but the
    /// page's last key (the way out, Esc, or q), which goes only when nothing else is left.
    public static func footer(_ t: Messages, width: Int, page: PageKind) -> String {
        var shown = pages.filter { $0.pages.contains(page) }
        func line() -> String { shown.map { "\($0.label) \(t[$0.words])" }.joined(separator: " · ") }
        while TextWidth.width(line()) > width, !shown.isEmpty {
            shown.remove(at: shown.lastIndex { !$0.essential.contains(page) } ?? max(0, shown.count - 2))
        }
        return line()
    }

    /// The pages' keys as one paragraph for the `?` help, below the main keys (a mode's own keys
    /// are listed first, so they are left out here).
    public static func pagesHelp(_ t: Messages, leavingOut mode: PageKind? = nil) -> String {
        pages.filter { mode == nil || !$0.pages.contains(mode!) }.map { "\($0.label) \(t[$0.words])" }.joined(separator: " · ")
    }
}
