import HabitCore
import HabitScreens
import TerminalUI

/// The add and edit form of `habit ui` and its pages (the "+" sheet's choice, the category list,
/// the schedule, the emoji and colour pickers, the questions), as a value: a key in, the new
/// state out. What is valid comes from `TrackerForm.check` and `CategoryPicker`; a change is
/// returned as an `AppState.Effect` for HabitKit to make.
public struct FormFlow: Hashable, Sendable {
    /// The rows of the form, top to bottom (`fields` keeps those the kind shows).
    public enum Field: Hashable, Sendable, CaseIterable {
        case name, category, schedule, target, emoji, color, start, cancel, submit
    }

    /// The rows of the schedule page after the seven weekdays.
    public enum ScheduleRow: Hashable, Sendable, CaseIterable {
        case perWeek, perMonth, everyDays
    }

    public enum Page: Hashable, Sendable {
        /// The "+" sheet: a habit or an irregular event (row 0 or 1).
        case kind(highlighted: Int)
        case fields
        /// The category list; the row after the last category is "Add category".
        case categories(highlighted: Int)
        /// A category name being typed, to add one or to rename one.
        case categoryName(CategoryPicker.Draft)
        /// "Rename …?" or "Delete … and its trackers?", answered with y.
        case confirmCategory(CategoryPicker.Confirmation)
        /// The weekdays (rows 0–6, from `week_starts_on`), then the `ScheduleRow`s.
        case schedule(highlighted: Int)
        case emoji(highlighted: Int)
        case color(highlighted: Int)
        /// Saving moves the start later: "drops N marked days. Continue?", answered with y.
        case confirmDrop(count: Int)
    }

    public var form: TrackerForm
    public var page: Page
    public var focus: Field = .name
    /// The target as typed; empty for a yes/no habit.
    public var targetText: String
    /// The name or target field being typed in, with its caret (its text is `form.name` or
    /// `targetText`, which it follows when they change otherwise).
    public private(set) var textField = TextField()

    /// Columns before the caret in a field showing `text`; nil when the caret is at its end.
    func caretColumn(in text: String) -> Int? {
        textField.text == text && textField.caret < text.count ? textField.caretColumn : nil
    }
    /// The counts the schedule page offers for "N a week", "N a month" and "every N days".
    public var counts: [ScheduleRow: Int] = [.perWeek: 3, .perMonth: 10, .everyDays: 2]
    public var weekStartsOn: Weekday

    public static let emojiColumns = 6

    /// A new tracker: the "+" sheet first; the category is the last one used, when it still exists.
    public init(creatingOn today: CivilDate, lastUsedCategory: String?, journal: Journal) {
        form = TrackerForm(kind: .habit, today: today, lastUsedCategory: lastUsedCategory, categories: journal.settings.categories)
        page = .kind(highlighted: 0)
        targetText = ""
        weekStartsOn = journal.settings.weekStartsOn
    }

    /// The form filled with a tracker, to edit it.
    public init(editing tracker: Tracker, today: CivilDate, journal: Journal) {
        form = TrackerForm(editing: tracker, today: today)
        page = .fields
        targetText = tracker.measure.map { AppState.amountText($0.target) } ?? ""
        weekStartsOn = journal.settings.weekStartsOn
        switch form.schedule {
        case .perPeriod(let count, .week): counts[.perWeek] = count
        case .perPeriod(let count, .month): counts[.perMonth] = count
        case .everyDays(let days): counts[.everyDays] = days
        case .weekdays: break
        }
    }

    public var isEditing: Bool { form.editing != nil }

    /// The rows shown: an event has no schedule or target; the start is changed only when editing.
    public var fields: [Field] {
        Field.allCases.filter { field in
            switch field {
            case .schedule, .target: form.kind == .habit
            case .start: isEditing
            default: true
            }
        }
    }

    public var weekdays: [Weekday] { Weekday.week(startingOn: weekStartsOn) }

    /// What the outcome of a key is for the app.
    public enum Outcome: Hashable, Sendable {
        case stay
        case close
        case effect(AppState.Effect)
    }

    public mutating func handle(_ press: KeyPress, journal: Journal) -> Outcome {
        switch page {
        case .kind(let highlighted): return handleKind(press, highlighted: highlighted)
        case .fields: return handleFields(press, journal: journal)
        case .categories(let highlighted): return handleCategories(press, highlighted: highlighted, journal: journal)
        case .categoryName(let draft): return handleCategoryName(press, draft: draft, journal: journal)
        case .confirmCategory(let confirmation):
            page = .categories(highlighted: Self.row(of: confirmation.category, in: journal))
            guard press == .character("y") || press == .character("Y") else { return .stay }
            switch confirmation.action {
            case .rename(let name): return .effect(.renameCategory(confirmation.category, to: name))
            case .delete: return .effect(.removeCategory(confirmation.category))
            }
        case .schedule(let highlighted):
            handleSchedule(press, highlighted: highlighted)
            return .stay
        case .emoji(let highlighted):
            handleEmoji(press, highlighted: highlighted)
            return .stay
        case .color(let highlighted):
            handleColor(press, highlighted: highlighted)
            return .stay
        case .confirmDrop(let count):
            page = .fields
            guard press == .character("y") || press == .character("Y") else { return .stay }
            return .effect(.save(form, droppingMarks: count))
        }
    }

    /// After HabitKit made a category change: back to the list, the form following a rename or a delete.
    public mutating func finished(_ effect: AppState.Effect, journal: Journal) {
        switch effect {
        case .addCategory(let name):
            // The specs: the new category appears in the list, not checked.
            page = .categories(highlighted: Self.row(of: name, in: journal))
        case .renameCategory(let old, let new):
            if form.category == old { form.category = new }
            page = .categories(highlighted: Self.row(of: new, in: journal))
        case .removeCategory(let name):
            if form.category == name { form.category = nil }
            page = .categories(highlighted: 0)
        default:
            break
        }
    }

    private static func row(of category: String, in journal: Journal) -> Int {
        journal.settings.categories.firstIndex(of: category) ?? 0
    }

    // MARK: pages

    private mutating func handleKind(_ press: KeyPress, highlighted: Int) -> Outcome {
        switch press.key {
        case .up, .character("k"): page = .kind(highlighted: 0)
        case .down, .character("j"): page = .kind(highlighted: 1)
        case .enter, .character(" "):
            form.kind = highlighted == 0 ? .habit : .event
            page = .fields
            focus = .name
        case .escape, .character("q"): return .close
        default: break
        }
        return .stay
    }

    private mutating func moveFocus(by step: Int) {
        let shown = fields
        let index = shown.firstIndex(of: focus) ?? 0
        focus = shown[max(0, min(shown.count - 1, index + step))]
    }

    private mutating func handleFields(_ press: KeyPress, journal: Journal) -> Outcome {
        let isText = focus == .name || focus == .target
        // Typing, and readline's moves and deletions, in the name and target fields.
        if isText, ![.escape, .up, .down, .tab, .enter].contains(press.key) {
            let current = focus == .name ? form.name : targetText
            if textField.text != current { textField = TextField(current) }
            let outcome = focus == .name ? textField.handle(press)
                : textField.handle(press, accepts: { $0.isNumber || $0 == "." || $0 == "," })
            if outcome == .edited {
                if focus == .name { form.name = textField.text } else { setTarget(textField.text) }
            }
            if outcome != .ignored { return .stay }
            if case .character = press.key, press.modifiers.isDisjoint(with: [.control, .alt]) { return .stay }
        }
        switch press.key {
        case .escape: return .close
        case .up: moveFocus(by: -1)
        case .down: moveFocus(by: 1)
        case .tab: moveFocus(by: press.modifiers.contains(.shift) ? -1 : 1)
        case .character("u") where press.modifiers.contains(.control):
            if focus == .name { form.name = "" }
            if focus == .target { setTarget("") }
        case .backspace:
            if focus == .name, !form.name.isEmpty { form.name.removeLast() }
            if focus == .target, !targetText.isEmpty { setTarget(String(targetText.dropLast())) }
        case .left, .right:
            let step = press.key == .left ? -1 : 1
            switch focus {
            case .start: form.start = form.start.adding(days: step)
            case .cancel, .submit: focus = step < 0 ? .cancel : .submit
            default: break
            }
        case .character(let character) where isText && press.modifiers.isDisjoint(with: [.control, .alt]):
            if focus == .name {
                form.name.append(character)
            } else if character.isNumber || character == "." || character == "," {
                setTarget(targetText + String(character))
            }
        case .enter, .character(" "), .character("l"):
            return open(focus, journal: journal, press: press)
        case .character("j"): moveFocus(by: 1)
        case .character("k"): moveFocus(by: -1)
        default: break
        }
        return .stay
    }

    /// Enter (or Space, →) on a row: a page, a button.
    private mutating func open(_ field: Field, journal: Journal, press: KeyPress) -> Outcome {
        switch field {
        case .name, .target:
            if press.key == .enter { moveFocus(by: 1) }
        case .category:
            page = .categories(highlighted: form.category.flatMap { journal.settings.categories.firstIndex(of: $0) } ?? 0)
        case .schedule:
            page = .schedule(highlighted: 0)
        case .emoji:
            page = .emoji(highlighted: FormPalette.emojis(keeping: form.emoji).firstIndex { $0 == form.emoji } ?? 0)
        case .color:
            page = .color(highlighted: FormPalette.colors(keeping: form.color).firstIndex { $0 == form.color } ?? 0)
        case .start:
            break
        case .cancel:
            return press.key == .character("l") ? .stay : .close
        case .submit:
            guard press.key != .character("l") else { return .stay }
            let check = form.check(in: journal)
            guard check.canSubmit else { return .stay }
            if isEditing {
                if check.marksDropped > 0 {
                    page = .confirmDrop(count: check.marksDropped)
                    return .stay
                }
                return .effect(.save(form, droppingMarks: 0))
            }
            return .effect(.create(form))
        }
        return .stay
    }

    /// The target field: empty is a yes/no habit; a number keeps the unit and direction it had.
    private mutating func setTarget(_ text: String) {
        targetText = text
        guard !text.isEmpty else {
            form.measure = nil
            return
        }
        let value = Double(text.replacing(",", with: ".")) ?? -1
        var measure = form.measure ?? form.editing?.measure ?? Measure(target: value)
        measure.target = value
        form.measure = measure
    }

    private mutating func handleCategories(_ press: KeyPress, highlighted: Int, journal: Journal) -> Outcome {
        let categories = journal.settings.categories
        let addRow = categories.count
        let chosen = categories.indices.contains(highlighted) ? categories[highlighted] : nil
        switch press.key {
        case .up, .character("k"): page = .categories(highlighted: max(0, highlighted - 1))
        case .down, .character("j"): page = .categories(highlighted: min(addRow, highlighted + 1))
        case .enter, .character(" "):
            if let chosen {
                form.category = chosen
                page = .fields
            } else {
                page = .categoryName(CategoryPicker.addDraft("", in: journal))
            }
        case .character("a"):
            page = .categoryName(CategoryPicker.addDraft("", in: journal))
        case .character("e"):
            if let chosen { page = .categoryName(CategoryPicker.renameDraft(of: chosen, chosen, in: journal)) }
        case .character("d"):
            if let chosen { page = .confirmCategory(CategoryPicker.deleteConfirmation(of: chosen, in: journal)) }
        case .escape, .character("q"), .left, .character("h"):
            page = .fields
        default:
            break
        }
        return .stay
    }

    private mutating func handleCategoryName(_ press: KeyPress, draft: CategoryPicker.Draft, journal: Journal) -> Outcome {
        func retype(_ text: String) {
            page = .categoryName(draft.renaming.map { CategoryPicker.renameDraft(of: $0, text, in: journal) }
                                 ?? CategoryPicker.addDraft(text, in: journal))
        }
        switch press.key {
        case .escape:
            page = .categories(highlighted: draft.renaming.map { Self.row(of: $0, in: journal) } ?? journal.settings.categories.count)
        case .backspace:
            retype(String(draft.text.dropLast()))
        case .character("u") where press.modifiers.contains(.control):
            retype("")
        case .character(let character) where press.modifiers.isDisjoint(with: [.control, .alt]):
            retype(draft.text + String(character))
        case .enter:
            // The specs: Done stays disabled until the name is one HabitKit accepts.
            guard draft.isDoneEnabled else { return .stay }
            guard let old = draft.renaming else { return .effect(.addCategory(draft.text.trimmingWhitespace())) }
            page = .confirmCategory(CategoryPicker.renameConfirmation(of: old, to: draft.text, in: journal))
        default:
            break
        }
        return .stay
    }

    private mutating func handleSchedule(_ press: KeyPress, highlighted: Int) {
        let rows = 7 + ScheduleRow.allCases.count
        let periodic = highlighted >= 7 ? ScheduleRow.allCases[highlighted - 7] : nil
        switch press.key {
        case .up, .character("k"): page = .schedule(highlighted: max(0, highlighted - 1))
        case .down, .character("j"): page = .schedule(highlighted: min(rows - 1, highlighted + 1))
        case .enter, .character(" "):
            if let periodic {
                choose(periodic)
            } else {
                form.toggle(weekdays[highlighted])
            }
        case .left, .right, .character("h"), .character("l"), .character("-"), .character("+"):
            guard let periodic else { return }
            let step = press.key == .left || press.key == .character("h") || press.key == .character("-") ? -1 : 1
            let limit = switch periodic {
            case .perWeek: Period.week.maximumCount
            case .perMonth: Period.month.maximumCount
            case .everyDays: 365
            }
            counts[periodic] = max(1, min(limit, (counts[periodic] ?? 1) + step))
            choose(periodic)
        case .escape, .character("q"):
            page = .fields
        default:
            break
        }
    }

    private mutating func choose(_ row: ScheduleRow) {
        let count = counts[row] ?? 1
        form.schedule = switch row {
        case .perWeek: .perPeriod(count, .week)
        case .perMonth: .perPeriod(count, .month)
        case .everyDays: .everyDays(count)
        }
    }

    private mutating func handleEmoji(_ press: KeyPress, highlighted: Int) {
        let choices = FormPalette.emojis(keeping: form.emoji)
        let columns = Self.emojiColumns
        switch press.key {
        case .left, .character("h"): page = .emoji(highlighted: max(0, highlighted - 1))
        case .right, .character("l"): page = .emoji(highlighted: min(choices.count - 1, highlighted + 1))
        case .up, .character("k"): page = .emoji(highlighted: highlighted >= columns ? highlighted - columns : highlighted)
        case .down, .character("j"): page = .emoji(highlighted: min(choices.count - 1, highlighted + columns))
        case .enter, .character(" "):
            form.emoji = choices[highlighted]
            page = .fields
        case .backspace, .delete, .character("x"):
            form.emoji = nil
            page = .fields
        case .escape, .character("q"):
            page = .fields
        default:
            break
        }
    }

    private mutating func handleColor(_ press: KeyPress, highlighted: Int) {
        let choices = FormPalette.colors(keeping: form.color)
        switch press.key {
        case .left, .character("h"), .up, .character("k"): page = .color(highlighted: max(0, highlighted - 1))
        case .right, .character("l"), .down, .character("j"): page = .color(highlighted: min(choices.count - 1, highlighted + 1))
        case .enter, .character(" "):
            form.color = choices[highlighted]
            page = .fields
        case .backspace, .delete, .character("x"):
            form.color = nil
            page = .fields
        case .escape, .character("q"):
            page = .fields
        default:
            break
        }
    }
}
