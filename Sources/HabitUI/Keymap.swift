import HabitLocalization
import TerminalUI

/// What a key does on the main screen.
public enum UIAction: Hashable, Sendable, CaseIterable {
    case moveUp, moveDown, pageUp, pageDown, first, last, previousDay, nextDay, today, mark, skip, menu, edit, add, search, filter,
         calendar, archived, undo, statistics, help, sync, repaint, suspend, back, quit, interrupt
}

/// One row of the keymap: the keys, how the footer and the help write them, and what they do.
public struct KeyBinding: Sendable {
    public var keys: [KeyPress]
    /// As shown: "↑/k".
    public var label: String
    public var action: UIAction
    public var words: MessageKey
    /// Among the few keys the footer line shows.
    public var inFooter: Bool
}

/// The one table of keys: the footer and the `?` help are both made from it, so they cannot
/// drift from what the keys do (and docs/ui.md is checked against it).
public enum Keymap {
    public static let main: [KeyBinding] = [
        KeyBinding(keys: [KeyPress(.up), .character("k")], label: "↑/k", action: .moveUp, words: .uiKeyUp, inFooter: false),
        KeyBinding(keys: [KeyPress(.down), .character("j")], label: "↓/j", action: .moveDown, words: .uiKeyDown, inFooter: false),
        KeyBinding(keys: [KeyPress(.pageUp)], label: "PgUp", action: .pageUp, words: .uiKeyPageUp, inFooter: false),
        KeyBinding(keys: [KeyPress(.pageDown)], label: "PgDn", action: .pageDown, words: .uiKeyPageDown, inFooter: false),
        // `g` is the calendar, so no `g g`: Home alone goes to the first.
        KeyBinding(keys: [KeyPress(.home)], label: "Home", action: .first, words: .uiKeyFirst, inFooter: false),
        KeyBinding(keys: [KeyPress(.end), .character("G")], label: "End/G", action: .last, words: .uiKeyLast, inFooter: false),
        KeyBinding(keys: [KeyPress(.left), .character("h")], label: "←/h", action: .previousDay, words: .uiKeyPreviousDay, inFooter: false),
        KeyBinding(keys: [KeyPress(.right), .character("l")], label: "→/l", action: .nextDay, words: .uiKeyNextDay, inFooter: true),
        KeyBinding(keys: [.character("t")], label: "t", action: .today, words: .uiKeyToday, inFooter: false),
        KeyBinding(keys: [.character(" ")], label: "Space", action: .mark, words: .uiKeyMark, inFooter: true),
        KeyBinding(keys: [.character("s")], label: "s", action: .skip, words: .uiKeySkip, inFooter: false),
        KeyBinding(keys: [KeyPress(.enter)], label: "Enter", action: .menu, words: .uiKeyMenu, inFooter: false),
        KeyBinding(keys: [.character("e")], label: "e", action: .edit, words: .uiKeyEdit, inFooter: false),
        KeyBinding(keys: [.character("a")], label: "a", action: .add, words: .uiKeyAdd, inFooter: true),
        KeyBinding(keys: [.character("/")], label: "/", action: .search, words: .uiKeySearch, inFooter: true),
        KeyBinding(keys: [.character("f")], label: "f", action: .filter, words: .uiKeyFilter, inFooter: false),
        KeyBinding(keys: [.character("g")], label: "g", action: .calendar, words: .uiKeyCalendar, inFooter: false),
        KeyBinding(keys: [.character("A")], label: "A", action: .archived, words: .uiKeyArchived, inFooter: false),
        KeyBinding(keys: [.character("u")], label: "u", action: .undo, words: .uiKeyUndo, inFooter: false),
        KeyBinding(keys: [KeyPress(.tab)], label: "Tab", action: .statistics, words: .uiKeyStatistics, inFooter: false),
        KeyBinding(keys: [.character("?")], label: "?", action: .help, words: .uiKeyHelp, inFooter: true),
        KeyBinding(keys: [.character("S")], label: "S", action: .sync, words: .uiKeySync, inFooter: false),
        KeyBinding(keys: [.control("l")], label: "Ctrl-L", action: .repaint, words: .uiKeyRepaint, inFooter: false),
        // TerminalUI's `Terminal` answers it before the app sees it (`suspendOnControlZ`): listed for the help.
        KeyBinding(keys: [.control("z")], label: "Ctrl-Z", action: .suspend, words: .uiKeySuspend, inFooter: false),
        KeyBinding(keys: [KeyPress(.escape)], label: "Esc", action: .back, words: .uiKeyBack, inFooter: false),
        KeyBinding(keys: [.character("q")], label: "q", action: .quit, words: .uiKeyQuit, inFooter: true),
        // Answered before any mode's own keys (AppState.handle), so it works while typing too.
        KeyBinding(keys: [.control("c")], label: "Ctrl-C", action: .interrupt, words: .uiKeyInterrupt, inFooter: false),
    ]

    public static func action(for press: KeyPress) -> UIAction? {
        main.first { $0.keys.contains(press) }?.action
    }

    /// What the statistics tab answers to (the rest act on the cards): the moves scroll its rows.
    public static let statisticsActions: Set<UIAction> = [.moveUp, .moveDown, .pageUp, .pageDown, .first, .last, .statistics, .help, .sync,
                                                          .repaint, .suspend, .back, .quit, .interrupt]

    /// The footer's keys, the first kept first when the line is too narrow for all: `?` before
    /// any, so the way to every other key is always on screen.
    static let footerPriority: [UIAction] = [.help, .mark, .statistics, .nextDay, .add, .search, .quit]

    /// "→/l next day · Space done · a add · / search · ? help · q quit" in the table's order, as
    /// many as fit in `width` (by `footerPriority`). Every other mode's footer is `footer(_:width:page:)`'s.
    public static func footer(_ t: Messages, width: Int) -> String {
        let offered = main.filter(\.inFooter)
        func line(_ actions: Set<UIAction>) -> String {
            offered.filter { actions.contains($0.action) }.map { "\($0.label) \(t[$0.words])" }.joined(separator: " · ")
        }
        var kept: Set<UIAction> = []
        for action in footerPriority where offered.contains(where: { $0.action == action }) {
            if kept.isEmpty || TextWidth.width(line(kept.union([action]))) <= width { kept.insert(action) }
        }
        return TextWidth.truncate(line(kept), to: width)
    }

    /// `parts` joined with " · ", as many from the first as fit in `width`.
    static func footerLine(_ parts: [String], width: Int) -> String {
        var line = ""
        for part in parts {
            let next = line.isEmpty ? part : line + " · " + part
            if TextWidth.width(next) > width { break }
            line = next
        }
        return line
    }

    /// Every key with its words, for the help overlay and docs/ui.md.
    public static func help(_ t: Messages) -> [(keys: String, words: String)] {
        main.map { ($0.label, t[$0.words]) } + pages.map { ($0.label, t[$0.words]) }
    }
}
