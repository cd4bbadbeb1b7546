import HabitLocalization
import TerminalUI

/// The pages over the main screen that have keys of their own: the form and its pages, the details.
public enum PageKind: Hashable, Sendable, CaseIterable {
    case form, kind, categories, categoryName, schedule, picker, question, details
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
        PageKeyBinding(label: "Enter", words: .uiFormKeyOpen, pages: [.form, .kind, .categories, .categoryName, .picker],
                       essential: [.form, .kind, .categories, .categoryName, .picker]),
        PageKeyBinding(label: "Space", words: .uiFormKeyToggle, pages: [.schedule], essential: [.schedule]),
        PageKeyBinding(label: "←/→", words: .uiFormKeyAdjust, pages: [.form, .schedule, .picker, .details], essential: [.details]),
        // A details page taller than the screen: the month, then the heatmap, come up.
        PageKeyBinding(label: "↑/↓", words: .uiDetailsKeyMore, pages: [.details], essential: [.details]),
        PageKeyBinding(label: "Ctrl-U", words: .uiFormKeyClear, pages: [.form, .categoryName]),
        PageKeyBinding(label: "a", words: .uiFormKeyAddCategory, pages: [.categories], essential: [.categories]),
        PageKeyBinding(label: "e", words: .uiFormKeyRenameCategory, pages: [.categories], essential: [.categories]),
        PageKeyBinding(label: "d", words: .uiFormKeyDeleteCategory, pages: [.categories], essential: [.categories]),
        PageKeyBinding(label: "x", words: .uiFormKeyRemoveEmoji, pages: [.picker]),
        PageKeyBinding(label: "y", words: .uiFormKeyConfirm, pages: [.question], essential: [.question]),
        PageKeyBinding(label: "Esc", words: .uiFormKeyBack, pages: Set(PageKind.allCases), essential: Set(PageKind.allCases)),
    ]

    /// The footer of a page: its keys in the table's order; when they do not fit in `width`, the
    /// ones not essential to the page give way, the last first, then the essential ones.
    public static func footer(_ t: Messages, width: Int, page: PageKind) -> String {
        var shown = pages.filter { $0.pages.contains(page) }
        func line() -> String { shown.map { "\($0.label) \(t[$0.words])" }.joined(separator: " · ") }
        while TextWidth.width(line()) > width, !shown.isEmpty {
            shown.remove(at: shown.lastIndex { !$0.essential.contains(page) } ?? shown.count - 1)
        }
        return line()
    }

    /// The pages' keys as one paragraph for the `?` help, below the main keys.
    public static func pagesHelp(_ t: Messages) -> String {
        pages.map { "\($0.label) \(t[$0.words])" }.joined(separator: " · ")
    }
}
