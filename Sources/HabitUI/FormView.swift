import HabitCore
import HabitKit
import HabitLocalization
import HabitScreens
import TerminalUI

/// The add and edit form and its pages, drawn over the main screen's body.
extension ScreenView {
    /// Which page's keys the footer shows; nil on the main screen and the small overlays.
    func pageKind(_ overlay: AppState.Overlay?) -> PageKind? {
        switch overlay {
        case .form(let flow):
            switch flow.page {
            case .kind: .kind
            case .fields: .form
            case .categories: .categories
            case .categoryName: .categoryName
            case .confirmCategory, .confirmDrop: .question
            case .schedule: .schedule
            case .emoji, .color: .picker
            }
        case .details: .details
        case .calendar: .calendar
        case .menu, .filter: .menu
        case .amount: .amount
        case .confirmDelete: .confirm
        case .archived: .archived
        case .help, nil: nil
        }
    }

    /// The mode whose keys the footer shows: an overlay's (the archived view's without rows offers
    /// only the way back), the search field's, the statistics tab's; nil for the main screen.
    func footerMode(_ state: AppState) -> PageKind? {
        if case .archived = state.overlay, state.archivedTrackers.isEmpty { return .noArchived }
        if let kind = pageKind(state.overlay) { return kind }
        if state.isEditingSearch { return .search }
        return state.tab == .statistics ? .statistics : nil
    }

    func drawForm(_ flow: FormFlow, state: AppState, into grid: inout Grid, in body: Rect) {
        // The "+" sheet opens over the main screen; the form and its pages take its place.
        if case .kind = flow.page {} else { grid.fill(body) }
        switch flow.page {
        case .kind(let highlighted):
            drawChoice([t[.kindHabit], t[.uiFormIrregularEvent]], highlighted: highlighted, title: t[.uiFormCreateWhat], into: &grid)
        case .fields:
            drawFields(flow, state: state, into: &grid, in: body)
        case .categories(let highlighted):
            drawCategories(flow, journal: state.journal, highlighted: highlighted, into: &grid, in: body)
        case .categoryName(let draft):
            drawCategoryName(draft, into: &grid, in: body)
        case .confirmCategory(let confirmation):
            drawCategories(flow, journal: state.journal, highlighted: -1, into: &grid, in: body)
            drawQuestion(question(confirmation), title: confirmation.action == .delete ? t[.uiMenuDelete] : t[.uiCategoryRename], into: &grid)
        case .schedule(let highlighted):
            drawSchedule(flow, highlighted: highlighted, into: &grid, in: body)
        case .emoji(let highlighted):
            drawEmoji(flow, highlighted: highlighted, into: &grid, in: body)
        case .color(let highlighted):
            drawColors(flow, highlighted: highlighted, into: &grid, in: body)
        case .confirmDrop(let count):
            drawFields(flow, state: state, into: &grid, in: body)
            let name = DataText.safe(flow.form.editing?.name ?? flow.form.name)
            drawQuestion(t.text(.confirmDropMarks, name, t.longDate(flow.form.start), count), title: t[.uiFormSave], into: &grid)
        }
    }

    // MARK: the form

    func title(of flow: FormFlow) -> String {
        switch (flow.isEditing, flow.form.kind) {
        case (false, .habit): t[.uiFormNewHabit]
        case (false, .event): t[.uiFormNewEvent]
        case (true, .habit): t[.uiFormEditHabit]
        case (true, .event): t[.uiFormEditEvent]
        }
    }

    func label(_ field: FormFlow.Field) -> String {
        switch field {
        case .name: t[.uiFormName]
        case .category: t[.fieldCategory]
        case .schedule: t[.fieldSchedule]
        case .target: t[.fieldTarget]
        case .emoji: t[.uiFormEmoji]
        case .color: t[.fieldColor]
        case .start: t[.fieldStart]
        case .cancel: t[.uiFormCancel]
        case .submit: t[.uiFormCreate]
        }
    }

    /// The error under the name field, as HabitKit words it; nothing for a field still empty.
    func nameError(_ refusal: TrackerFormChecks.NameRefusal?) -> String? {
        switch refusal {
        case .invalid(.tooLong)?: t[.nameTooLong]
        case .invalid(.controlCharacter)?: t[.nameControlCharacter]
        case .taken(let existing)?: t.text(.nameTaken, DataText.safe(existing))
        case .invalid(.empty)?, nil: nil
        }
    }

    private func drawFields(_ flow: FormFlow, state: AppState, into grid: inout Grid, in body: Rect) {
        let form = flow.form
        let check = form.check(in: state.journal)
        let compact = body.height < 16
        var y = body.y
        _ = grid.draw(TextWidth.truncate(title(of: flow), to: body.width), x: 1, y: y, style: .attributes(.bold))
        y += compact ? 1 : 2
        let rows = flow.fields.filter { $0 != .cancel && $0 != .submit }
        let labelWidth = rows.map { TextWidth.width(label($0)) }.max() ?? 0
        let valueX = labelWidth + 4
        let valueWidth = max(1, body.width - valueX - 1)
        // On a short terminal the rows scroll so the focused one stays visible (an error line may
        // take one more).
        let room = max(1, body.y + body.height - 2 - y - 1)
        let focusIndex = rows.firstIndex(of: flow.focus) ?? 0
        let skipped = focusIndex < room ? 0 : focusIndex - room + 1
        for field in rows.dropFirst(skipped) where y < body.y + body.height - 2 {
            let focused = field == flow.focus
            let marker = focused ? "›" : " "
            _ = grid.draw(marker, x: 0, y: y, style: .attributes(.bold))
            _ = grid.draw(TextWidth.pad(label(field), to: labelWidth), x: 2, y: y, style: focused ? .attributes([.bold, .reverse]) : .attributes(.bold))
            switch field {
            case .name:
                drawTextField(form.name, placeholder: t[.uiFormNamePlaceholder], focused: focused, caret: flow.caretColumn(in: form.name), into: &grid, x: valueX, y: y, width: valueWidth)
                if let error = nameError(check.nameRefusal) {
                    for line in wrap(error, width: valueWidth).prefix(2) {
                        y += 1
                        _ = grid.draw(TextWidth.truncate(line, to: valueWidth), x: valueX, y: y, style: Style(foreground: .red, attributes: .bold))
                    }
                }
            case .target:
                drawTextField(flow.targetText, placeholder: t[.uiFormTargetNone], focused: focused, caret: flow.caretColumn(in: flow.targetText), into: &grid, x: valueX, y: y, width: valueWidth)
                if check.invalidTarget, !flow.targetText.isEmpty {
                    y += 1
                    _ = grid.draw(TextWidth.truncate(t[.uiFormTargetInvalid], to: valueWidth), x: valueX, y: y, style: Style(foreground: .red, attributes: .bold))
                }
            case .category:
                drawValue(form.category.map(DataText.safe), focused: focused, into: &grid, x: valueX, y: y, width: valueWidth)
            case .schedule:
                drawValue(form.resolvedSchedule.map(t.scheduleSummary), focused: focused, into: &grid, x: valueX, y: y, width: valueWidth)
            case .emoji:
                drawValue(form.emoji.map(DataText.safe) ?? t[.uiFormNone], focused: focused, into: &grid, x: valueX, y: y, width: valueWidth)
            case .color:
                if let color = form.color {
                    let used = grid.draw("██ ", x: valueX, y: y, style: Style(foreground: self.color(color)))
                    drawValue(colorName(color), focused: focused, into: &grid, x: valueX + used, y: y, width: valueWidth - used)
                } else {
                    drawValue(t[.uiFormNone], focused: focused, into: &grid, x: valueX, y: y, width: valueWidth)
                }
            case .start:
                let text = "‹ " + t.longDate(form.start) + " ›"
                _ = grid.draw(TextWidth.truncate(text, to: valueWidth), x: valueX, y: y, style: focused ? .attributes(.underline) : .plain)
            case .cancel, .submit:
                break
            }
            y += 1
        }
        y = min(y + (compact ? 0 : 1), body.y + body.height - 2)
        // Cancel, and Create / Save shown disabled (dim, in brackets that stay) until the form is complete.
        let submitWords = flow.isEditing ? t[.uiFormSave] : t[.uiFormCreate]
        var x = 2
        for (field, words) in [(FormFlow.Field.cancel, t[.uiFormCancel]), (.submit, submitWords)] {
            var style: Style = field == .submit && !check.canSubmit ? .attributes(.dim) : .attributes(.bold)
            if field == flow.focus { style.attributes.insert(.reverse) }
            x += grid.draw("[ \(words) ]", x: x, y: y, style: style, clip: body) + 2
        }
        if !check.canSubmit, y + 1 < body.y + body.height {
            let hint = check.nameRefusal == nil || check.needsCategory || check.needsSchedule ? t[.uiFormIncomplete] : ""
            for (index, line) in wrap(hint, width: max(10, body.width - 2)).prefix(body.y + body.height - y - 1).enumerated() {
                _ = grid.draw(line, x: 1, y: y + 1 + index, style: .attributes(.dim))
            }
        }
    }

    /// `caret`: columns before the caret when it is not at the end.
    private func drawTextField(_ text: String, placeholder: String, focused: Bool, caret: Int? = nil, into grid: inout Grid, x: Int, y: Int, width: Int) {
        if text.isEmpty {
            _ = grid.draw(TextWidth.truncate(placeholder, to: width), x: x, y: y, style: .attributes(.dim))
            if focused { grid.cursor = Position(x: x, y: y) }
            return
        }
        // The specs' clear icon once a character is typed (Ctrl-U clears).
        let shown = TextWidth.truncate(DataText.safe(text), to: max(1, width - 3))
        let used = grid.draw(shown, x: x, y: y, style: .attributes(.underline))
        _ = grid.draw(" ✕", x: x + used, y: y, style: .attributes(.dim))
        if focused { grid.cursor = Position(x: x + min(used, caret ?? used), y: y) }
    }

    private func drawValue(_ value: String?, focused: Bool, into grid: inout Grid, x: Int, y: Int, width: Int) {
        let text = (value ?? t[.uiFormChoose]) + " ›"
        _ = grid.draw(TextWidth.truncate(text, to: width), x: x, y: y, style: value == nil ? .attributes(.dim) : .plain)
    }

    // MARK: small choices and questions

    private func drawChoice(_ lines: [String], highlighted: Int, title: String, into grid: inout Grid) {
        let frame = box(lines: lines, title: title, into: &grid)
        for (index, line) in lines.enumerated() where index < frame.height - 2 {
            let style: Style = index == highlighted ? .attributes(.reverse) : .plain
            _ = grid.draw(TextWidth.truncate(line, to: frame.width - 4), x: frame.x + 2, y: frame.y + 1 + index, style: style)
        }
    }

    private func drawQuestion(_ question: String, title: String, into grid: inout Grid) {
        let lines = wrap(question + " " + t[.yesNoPrompt], width: max(10, min(50, grid.width - 6)))
        let frame = box(lines: lines, title: title, into: &grid)
        for (index, line) in lines.enumerated() where index < frame.height - 2 {
            _ = grid.draw(line, x: frame.x + 2, y: frame.y + 1 + index, style: .attributes(.bold))
        }
    }

    func question(_ confirmation: CategoryPicker.Confirmation) -> String {
        let category = DataText.safe(confirmation.category)
        switch confirmation.action {
        case .delete:
            guard !confirmation.trackers.isEmpty else { return t.text(.uiConfirmCategoryDeleteEmpty, category) }
            let names = confirmation.trackers.map(DataText.safe).joined(separator: t[.listSeparator])
            return t.text(.uiConfirmCategoryDelete, category, confirmation.trackers.count, names)
        case .rename(let name):
            guard !confirmation.trackers.isEmpty else { return t.text(.uiConfirmCategoryRenameEmpty, category, DataText.safe(name)) }
            return t.text(.uiConfirmCategoryRename, category, DataText.safe(name), confirmation.trackers.count)
        }
    }

    // MARK: the category list

    private func drawCategories(_ flow: FormFlow, journal: Journal, highlighted: Int, into grid: inout Grid, in body: Rect) {
        let picker = CategoryPicker(journal: journal, checked: flow.form.category)
        var y = body.y
        _ = grid.draw(TextWidth.truncate(t[.fieldCategory], to: body.width), x: 1, y: y, style: .attributes(.bold))
        y += 2
        var lines: [(text: String, count: String, checked: Bool)] = picker.rows.map {
            (DataText.safe($0.name), t.text(.trackerCount, $0.trackerCount), $0.isChecked)
        }
        lines.append(("+ " + t[.uiCategoryAdd], "", false))
        if picker.isPlaceholder {
            for line in wrap(t[.uiCategoriesEmpty], width: max(10, body.width - 4)) where y < body.y + body.height - 2 {
                _ = grid.draw(line, x: max(0, (body.width - TextWidth.width(line)) / 2), y: y, style: .attributes(.dim))
                y += 1
            }
            y += 1
        }
        let room = max(1, body.y + body.height - y)
        let offset = highlighted < room ? 0 : highlighted - room + 1
        for (index, line) in lines.enumerated().dropFirst(offset).prefix(room) {
            let selected = index == highlighted
            _ = grid.draw(selected ? "›" : " ", x: 0, y: y, style: .attributes(.bold))
            let countWidth = TextWidth.width(line.count)
            let nameWidth = max(1, body.width - 6 - countWidth - 2)
            _ = grid.draw(TextWidth.truncate(line.text, to: nameWidth), x: 2, y: y, style: selected ? .attributes(.reverse) : .plain)
            if line.checked { _ = grid.draw("✓", x: body.width - countWidth - 4, y: y, style: Style(foreground: .blue, attributes: .bold)) }
            _ = grid.draw(line.count, x: body.width - countWidth - 1, y: y, style: .attributes(.dim))
            y += 1
        }
    }

    private func drawCategoryName(_ draft: CategoryPicker.Draft, into grid: inout Grid, in body: Rect) {
        var y = body.y
        _ = grid.draw(TextWidth.truncate(draft.renaming == nil ? t[.uiCategoryNew] : t[.uiCategoryRename], to: body.width), x: 1, y: y, style: .attributes(.bold))
        y += 2
        drawTextField(draft.text, placeholder: t[.uiCategoryNamePlaceholder], focused: true, into: &grid, x: 2, y: y, width: body.width - 3)
        y += 1
        if draft.showsRefusal, let refusal = draft.refusal {
            let words = switch refusal {
            case .taken: t.text(.categoryExists, DataText.safe(draft.text.trimmingWhitespace()))
            case .invalid(.tooLong): t[.nameTooLong]
            case .invalid(.controlCharacter): t[.nameControlCharacter]
            case .invalid(.empty): t[.nameEmpty]
            }
            _ = grid.draw(TextWidth.truncate(words, to: body.width - 3), x: 2, y: y, style: Style(foreground: .red, attributes: .bold))
        }
        y += 2
        // The specs: Done is disabled until a character is typed (and, here, HabitKit accepts the name).
        _ = grid.draw("[ \(t[.uiCategoryDone]) ]", x: 2, y: min(y, body.y + body.height - 1),
                      style: draft.isDoneEnabled ? .attributes(.bold) : .attributes(.dim))
    }

    // MARK: schedule, emoji, colour

    private func drawSchedule(_ flow: FormFlow, highlighted: Int, into grid: inout Grid, in body: Rect) {
        var y = body.y
        let summary = flow.form.resolvedSchedule.map(t.scheduleSummary) ?? t[.uiFormChoose]
        _ = grid.draw(TextWidth.truncate(t[.fieldSchedule] + ": " + summary, to: body.width - 1), x: 1, y: y, style: .attributes(.bold))
        y += body.height >= 14 ? 2 : 1
        var lines: [String] = []
        let days: WeekdaySet = if case .weekdays(let days) = flow.form.schedule { days } else { [] }
        for weekday in flow.weekdays {
            lines.append((days.contains(weekday) ? "[✓] " : "[ ] ") + t.weekdayName(weekday))
        }
        for row in FormFlow.ScheduleRow.allCases {
            let count = flow.counts[row] ?? 1
            let (words, chosen): (String, Bool) = switch row {
            case .perWeek: (t.text(.scheduleTimesPerWeek, count), flow.form.schedule == .perPeriod(count, .week))
            case .perMonth: (t.text(.scheduleTimesPerMonth, count), flow.form.schedule == .perPeriod(count, .month))
            case .everyDays: (t.text(.scheduleEveryDays, count), flow.form.schedule == .everyDays(count))
            }
            lines.append((chosen ? "(•) " : "( ) ") + "‹ " + words + " ›")
        }
        let room = max(1, body.y + body.height - y)
        let offset = highlighted < room ? 0 : highlighted - room + 1
        for (index, line) in lines.enumerated().dropFirst(offset).prefix(room) {
            let selected = index == highlighted
            _ = grid.draw(selected ? "›" : " ", x: 0, y: y, style: .attributes(.bold))
            _ = grid.draw(TextWidth.truncate(line, to: body.width - 3), x: 2, y: y, style: selected ? .attributes(.reverse) : .plain)
            y += 1
        }
    }

    private func drawEmoji(_ flow: FormFlow, highlighted: Int, into grid: inout Grid, in body: Rect) {
        _ = grid.draw(t[.uiFormEmoji], x: 1, y: body.y, style: .attributes(.bold))
        let choices = FormPalette.emojis(keeping: flow.form.emoji)
        for (index, emoji) in choices.enumerated() {
            let row = index / FormFlow.emojiColumns
            let column = index % FormFlow.emojiColumns
            let y = body.y + 2 + row
            guard y < body.y + body.height else { break }
            let x = 2 + column * 5
            // The chosen emoji gets a frame, the highlighted one reverse video.
            let chosen = emoji == flow.form.emoji
            var style: Style = .plain
            if index == highlighted { style.attributes.insert(.reverse) }
            _ = grid.draw(chosen ? "[" : " ", x: x, y: y, style: .attributes(.bold))
            _ = grid.draw(TextWidth.pad(DataText.safe(emoji), to: 2), x: x + 1, y: y, style: style)
            _ = grid.draw(chosen ? "]" : " ", x: x + 3, y: y, style: .attributes(.bold))
        }
    }

    private func drawColors(_ flow: FormFlow, highlighted: Int, into grid: inout Grid, in body: Rect) {
        _ = grid.draw(t[.fieldColor], x: 1, y: body.y, style: .attributes(.bold))
        let choices = FormPalette.colors(keeping: flow.form.color)
        let top = body.y + (body.height >= 14 ? 2 : 1)
        let room = max(1, body.y + body.height - top)
        let offset = highlighted < room ? 0 : highlighted - room + 1
        for (index, color) in choices.enumerated().dropFirst(offset).prefix(room) {
            let y = top + index - offset
            // The chosen colour is outlined; the highlighted one is in reverse video.
            let chosen = color == flow.form.color
            _ = grid.draw(chosen ? "[" : " ", x: 2, y: y, style: .attributes(.bold))
            _ = grid.draw("████", x: 3, y: y, style: Style(foreground: self.color(color)))
            _ = grid.draw(chosen ? "]" : " ", x: 7, y: y, style: .attributes(.bold))
            _ = grid.draw(colorName(color), x: 9, y: y, style: index == highlighted ? .attributes(.reverse) : .plain)
        }
    }

    /// A palette colour's name in the language; an exact colour as its `#RRGGBB`.
    func colorName(_ color: TrackerColor) -> String {
        guard case .palette(let palette) = color else { return String(describing: color) }
        return switch palette {
        case .red: t[.uiColorRed]
        case .orange: t[.uiColorOrange]
        case .yellow: t[.uiColorYellow]
        case .green: t[.uiColorGreen]
        case .teal: t[.uiColorTeal]
        case .blue: t[.uiColorBlue]
        case .purple: t[.uiColorPurple]
        case .pink: t[.uiColorPink]
        case .gray: t[.uiColorGray]
        }
    }
}
