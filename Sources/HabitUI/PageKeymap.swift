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
}

extension Keymap {
    public static let pages: [PageKeyBinding] = [
        PageKeyBinding(label: "↑/↓/Tab", words: .uiFormKeyField, pages: [.form, .kind, .categories, .schedule, .picker]),
        PageKeyBinding(label: "Enter", words: .uiFormKeyOpen, pages: [.form, .kind, .categories, .categoryName, .picker]),
        PageKeyBinding(label: "Space", words: .uiFormKeyToggle, pages: [.schedule]),
        PageKeyBinding(label: "←/→", words: .uiFormKeyAdjust, pages: [.form, .schedule, .picker, .details]),
        PageKeyBinding(label: "Ctrl-U", words: .uiFormKeyClear, pages: [.form, .categoryName]),
        PageKeyBinding(label: "a", words: .uiFormKeyAddCategory, pages: [.categories]),
        PageKeyBinding(label: "e", words: .uiFormKeyRenameCategory, pages: [.categories]),
        PageKeyBinding(label: "d", words: .uiFormKeyDeleteCategory, pages: [.categories]),
        PageKeyBinding(label: "x", words: .uiFormKeyRemoveEmoji, pages: [.picker]),
        PageKeyBinding(label: "y", words: .uiFormKeyConfirm, pages: [.question]),
        PageKeyBinding(label: "Esc", words: .uiFormKeyBack, pages: Set(PageKind.allCases)),
    ]

    /// The footer of a page: its keys, cut to `width`.
    public static func footer(_ t: Messages, width: Int, page: PageKind) -> String {
        var line = ""
        for binding in pages where binding.pages.contains(page) {
            let part = "\(binding.label) \(t[binding.words])"
            let next = line.isEmpty ? part : line + " · " + part
            if TextWidth.width(next) > width { break }
            line = next
        }
        return line
    }
}
