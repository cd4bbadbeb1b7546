import HabitCore
import HabitLocalization
import HabitScreens
import TerminalUI

/// Draws an `AppState` into a grid: the same grid the terminal shows and the snapshot tests read.
public struct ScreenView {
    public static let minimumSize = Size(width: 30, height: 10)
    /// The widest the tabs' content gets: on a 300-column terminal a card's state stays near its
    /// name instead of 250 columns to its right.
    public static let maximumContentWidth = 100

    public let t: Messages

    public init(_ t: Messages) { self.t = t }

    public func draw(_ state: AppState, into grid: inout Grid) {
        grid.clear()
        guard grid.width >= Self.minimumSize.width, grid.height >= Self.minimumSize.height else {
            let words = t.text(.uiTooSmall, Self.minimumSize.width, Self.minimumSize.height)
            var y = 0
            for line in wrap(words, width: grid.width) where y < grid.height {
                _ = grid.draw(line, x: 0, y: y, style: .attributes(.bold))
                y += 1
            }
            return
        }
        if let onboarding = state.onboarding {
            drawOnboarding(onboarding, into: &grid)
            if let notice = state.notice ?? state.refusal {
                _ = grid.draw(TextWidth.truncate(DataText.safe(notice), to: grid.width), x: 0, y: 0, style: Style(foreground: .yellow, attributes: .bold))
            }
            return
        }
        var top = 0
        for (line, style) in topLines(state, width: grid.width) {
            _ = grid.draw(line, x: 0, y: top, style: style)
            top += 1
        }
        drawTabs(state, into: &grid, y: top)
        top += 1
        let footerY = grid.height - 1
        let body = Rect(x: 0, y: top, width: min(grid.width, Self.maximumContentWidth), height: footerY - top)
        switch state.tab {
        case .trackers: drawTrackers(state, into: &grid, in: body)
        case .statistics: drawStatistics(state.statistics, scroll: state.statisticsScroll, into: &grid, in: body)
        }
        let footer = footerMode(state).map { Keymap.footer(t, width: grid.width, page: $0) } ?? Keymap.footer(t, width: grid.width)
        _ = grid.draw(footer, x: 0, y: footerY, style: .attributes(.dim))
        switch state.overlay {
        case .help: drawHelp(scroll: state.helpScroll, mode: state.tab == .statistics ? .statistics : nil, into: &grid)
        case .filter(let highlighted): drawFilterSheet(current: state.filter, highlighted: highlighted, into: &grid)
        case .amount(let trackerID, let text): drawAmount(state, trackerID: trackerID, text: text, into: &grid)
        case .calendar(let picker): drawCalendar(picker, into: &grid)
        case .menu(let trackerID, let highlighted): drawMenu(state, trackerID: trackerID, highlighted: highlighted, into: &grid)
        case .confirmDelete(let trackerID): drawConfirmDelete(state, trackerID: trackerID, into: &grid)
        case .form(let flow): drawForm(flow, state: state, into: &grid, in: body)
        case .details(let details): drawDetails(details, part: state.detailsPart, into: &grid, in: body)
        case .archived(let highlighted): drawArchived(state.archivedTrackers, highlighted: highlighted, into: &grid)
        case nil: break
        }
    }

    // MARK: the two tabs

    private func drawTabs(_ state: AppState, into grid: inout Grid, y: Int) {
        var x = 0
        for (tab, words) in [(AppState.Tab.trackers, t[.uiTitle]), (.statistics, t[.statisticsTitle])] {
            let style: Style = tab == state.tab ? .attributes([.bold, .reverse]) : .attributes(.dim)
            x += grid.draw(" \(words) ", x: x, y: y, style: style)
            x += 1
        }
    }

    private func drawTrackers(_ state: AppState, into grid: inout Grid, in body: Rect) {
        let screen = state.screen
        var y = body.y
        let relative = t.relativeDay(screen.day, today: state.today).map { " (\($0))" } ?? ""
        _ = grid.draw(TextWidth.truncate(t.longDate(screen.day) + relative, to: body.width), x: 0, y: y, style: .attributes(.bold))
        y += 1
        drawWeek(screen.week, states: state.weekStates, into: &grid, y: y, width: body.width)
        y += 1
        let field = state.search.isEmpty && !state.isEditingSearch ? t[.uiSearch] : DataText.safe(state.search)
        let fieldStyle: Style = state.search.isEmpty && !state.isEditingSearch ? .attributes(.dim) : .plain
        let used = grid.draw("/ ", x: 0, y: y, style: .attributes(.dim))
        // Where the selection is in a list longer than the screen: "61/100", at the right.
        // The filter in force, named, before it: "Filter: Completed (f) 3/12".
        let filter = state.filter == .all ? "" : t.text(.uiFilterActive, filterWords(state.filter)) + " "
        let position = filter + (screen.cards.isEmpty ? "" : "\(state.selection + 1)/\(screen.cards.count)")
        let positionWidth = position.isEmpty ? 0 : TextWidth.width(position) + 1
        _ = grid.draw(position, x: body.width - positionWidth + 1, y: y, style: .attributes(.dim))
        let width = grid.draw(TextWidth.truncate(field, to: body.width - 3 - positionWidth), x: used, y: y, style: fieldStyle)
        if state.isEditingSearch { grid.cursor = Position(x: used + min(width, state.searchField.caretColumn), y: y) }
        y += 2
        let list = Rect(x: 0, y: y, width: body.width, height: body.y + body.height - y)
        guard list.height > 0 else { return }
        if let empty = screen.emptyState {
            let words = empty == .nothingFound ? t[.nothingFound] : t[.nothingToTrack]
            let x = max(0, (body.width - TextWidth.width(words)) / 2)
            _ = grid.draw(words, x: x, y: list.y + list.height / 2, style: .attributes(.bold), clip: list)
            // Why nothing shows, when a filter hides the day's cards.
            if state.filter != .all {
                let why = TextWidth.truncate(t.text(.uiFilterActive, filterWords(state.filter)), to: body.width)
                _ = grid.draw(why, x: max(0, (body.width - TextWidth.width(why)) / 2), y: list.y + list.height / 2 + 1,
                              style: .attributes(.dim), clip: list)
            }
            return
        }
        let (lines, offset, sticky) = listLines(state, height: list.height)
        for (row, line) in lines.dropFirst(offset).prefix(list.height).enumerated() {
            let lineY = list.y + row
            if row == 0, let sticky {
                _ = grid.draw(TextWidth.truncate(sticky, to: list.width), x: 0, y: lineY, style: .attributes(.bold))
            } else if let header = line.header {
                _ = grid.draw(TextWidth.truncate(header, to: list.width), x: 0, y: lineY, style: .attributes(.bold))
            } else if let card = line.text {
                drawCard(card, selected: card.trackerID == state.selectedCard?.trackerID, into: &grid, y: lineY, width: list.width)
            }
        }
    }

    /// Each day with the selected card's state on it, the glyph its details' calendar uses (✓ done,
    /// ✗ missed, – skipped, ~ forgiven, ! slip, ○ to do, · not due), after the day's number.
    private func drawWeek(_ week: [DayScreen.WeekDay], states: [DayScreen.WeekMark?], into grid: inout Grid, y: Int, width: Int) {
        let cell = max(3, width / 7)
        for (index, weekday) in week.enumerated() {
            let state = states.indices.contains(index) ? states[index] : nil
            let dayLook = state.map(look(_:))
            let mark = dayLook.map { " \($0.glyph)" } ?? ""
            let day = "\(weekday.date.day)"
            let full = "\(t.weekdayMini(weekday.weekday)) \(day)"
            // The weekday's name, then the glyph's space, give way first on a narrow strip.
            let label = [full + mark, day + mark, day + mark.trimmingWhitespace(), day]
                .first { TextWidth.width($0) <= cell - 1 } ?? day
            var style: Style = weekday.isToday ? .attributes([.bold, .underline]) : .plain
            if weekday.isSelected { style.attributes.insert(.reverse) }
            let x = index * cell
            _ = grid.draw(TextWidth.padLeft(label, to: cell - 1), x: x, y: y, style: style)
            if let dayLook, label != day, dayLook.glyph != " " {
                var glyphStyle = dayLook.style
                if weekday.isSelected { glyphStyle.attributes.insert(.reverse) }
                _ = grid.put(dayLook.glyph, x: x + cell - 2, y: y, style: glyphStyle)
            }
        }
    }

    private func drawCard(_ card: DayScreen.Card, selected: Bool, into grid: inout Grid, y: Int, width: Int) {
        let glyph: String
        let glyphStyle: Style
        switch card.state {
        case .done: glyph = "✓"; glyphStyle = Style(foreground: .green, attributes: .bold)
        case .skipped: glyph = "–"; glyphStyle = Style(foreground: .yellow)
        case .toDo: glyph = "○"; glyphStyle = .attributes(.dim)
        case .slipped: glyph = "✗"; glyphStyle = Style(foreground: .red, attributes: .bold)
        }
        // Space on a habit to quit logs a slip (or removes it): the selected card says so first.
        var hint = ""
        if selected, case .clean? = card.progress { hint = card.state == .slipped ? t[.uiCardUnslip] : t[.uiCardSlip] }
        let right = [hint, detail(card), t.days(card.doneDays)].filter { !$0.isEmpty }.joined(separator: "  ") + "  "
        let rightWidth = TextWidth.width(right) + 1
        var x = 0
        x += grid.draw(selected ? "›" : " ", x: x, y: y, style: .attributes(.bold))
        x += grid.draw(TextWidth.pad(card.emoji.map(DataText.safe) ?? "", to: 2), x: x + 1, y: y) + 2
        let nameWidth = max(1, width - x - rightWidth - 1)
        var nameStyle = Style(foreground: color(card.color))
        if selected { nameStyle.attributes.insert(.reverse) }
        if card.state == .done { nameStyle.attributes.insert(.dim) }
        _ = grid.draw(TextWidth.truncate(DataText.safe(card.name), to: nameWidth), x: x, y: y, style: nameStyle)
        let rightX = max(x, width - rightWidth)
        let used = grid.draw(right, x: rightX, y: y, style: .attributes(.dim))
        _ = grid.draw(glyph, x: rightX + used, y: y, style: glyphStyle)
    }

    /// A numeric total against the target, a period's count, when an "every N days" habit is next due.
    func detail(_ card: DayScreen.Card) -> String {
        switch card.progress {
        case .clean(let days): t.text(.daysClean, days)
        case .amount(let amount, let measure): t.total(amount, measure)
        case .period(let tally, _): "\(tally.done)/\(tally.required)"
        case .nextDue(let day): t.text(.nextDueBy, t.shortDate(day))
        case nil: ""
        }
    }

    /// The tracker's colour from the terminal's own palette, so the user's theme applies.
    func color(_ color: TrackerColor?) -> Color {
        guard case .palette(let palette)? = color else { return .default }
        return switch palette {
        case .red: .red
        case .orange: .brightRed
        case .yellow: .yellow
        case .green: .green
        case .teal: .cyan
        case .blue: .blue
        case .purple: .magenta
        case .pink: .brightMagenta
        case .gray: .brightBlack
        }
    }

    private func drawStatistics(_ statistics: StatisticsScreen, scroll: Int, into grid: inout Grid, in body: Rect) {
        var y = body.y + 1
        guard !statistics.isEmpty else {
            let words = t[.nothingToAnalyse]
            _ = grid.draw(words, x: max(0, (body.width - TextWidth.width(words)) / 2), y: body.y + body.height / 2, style: .attributes(.bold), clip: body)
            return
        }
        let overall = statistics.overall
        let rows: [(String, String)] = [
            (String(overall.bestStreak), t[.bestStreak]), (String(overall.perfectDays), t[.perfectDays]),
            (String(overall.trackersCompleted), t[.trackersCompleted]), (t.decimal(overall.average), t[.average]),
        ]
        let valueWidth = rows.map { TextWidth.width($0.0) }.max() ?? 0
        for (value, title) in rows where y < body.y + body.height {
            let x = grid.draw(TextWidth.padLeft(value, to: valueWidth + 1), x: 0, y: y, style: .attributes(.bold))
            _ = grid.draw("  " + title, x: x, y: y, clip: body)
            y += 1
        }
        y += 1
        drawTrackerColumns(statistics, scroll: scroll, into: &grid, in: Rect(x: body.x, y: y, width: body.width, height: body.y + body.height - y))
    }

    // MARK: overlays

    /// A framed box in the middle of the grid; `margin` rows stay visible above and below it.
    func box(lines: [String], title: String, margin: Int = 1, into grid: inout Grid) -> Rect {
        let inner = min(grid.width - 4, max(TextWidth.width(title) + 2, lines.map(TextWidth.width).max() ?? 0))
        let height = min(grid.height - 2 * margin, lines.count + 2)
        let frame = Rect(x: (grid.width - inner - 4) / 2, y: (grid.height - height) / 2, width: inner + 4, height: height)
        grid.fill(frame)
        grid.box(frame, style: .plain, line: .rounded, title: title)
        return frame
    }

    /// The help's lines: the keys of the mode it was opened from first (the statistics tab's),
    /// then every main key and what `--mouse` adds, then the other pages' keys as a paragraph, as
    /// wide as the screen allows so that it takes few lines; and how many of them are key rows.
    func helpLines(width: Int, mode: PageKind? = nil) -> (lines: [String], rows: Int) {
        let own = mode.map { mode in Keymap.pages.filter { $0.pages.contains(mode) }.map { ($0.label, t[$0.words]) } } ?? []
        let entries = own + Keymap.main.map { ($0.label, t[$0.words]) } + [("--mouse", t[.uiHelpMouse])]
        let keyWidth = entries.map { TextWidth.width($0.0) }.max() ?? 0
        let rows = entries.map { TextWidth.pad($0.0, to: keyWidth) + "  " + $0.1 }
        return (rows + wrap(Keymap.pagesHelp(t, leavingOut: mode), width: max(10, width - 8)), rows.count)
    }

    /// The help, from line `scroll` on; ↑/↓, PgUp/PgDn, Home/End scroll it. It may cover the tabs
    /// and the footer.
    private func drawHelp(scroll: Int, mode: PageKind?, into grid: inout Grid) {
        let (lines, rows) = helpLines(width: grid.width, mode: mode)
        let frame = box(lines: lines, title: t[.uiHelpTitle], margin: 0, into: &grid)
        let shown = frame.height - 2
        let first = max(0, min(scroll, lines.count - shown))
        for (row, line) in lines.dropFirst(first).prefix(shown).enumerated() {
            let index = first + row
            // A screen too short for every line says there is more with an arrow, above or below.
            let more = row == 0 && first > 0 ? " ↑" : row == shown - 1 && index < lines.count - 1 ? " ↓" : ""
            let text = more.isEmpty ? line : TextWidth.truncate(line, to: frame.width - 6) + more
            _ = grid.draw(TextWidth.truncate(text, to: frame.width - 4), x: frame.x + 2, y: frame.y + 1 + row,
                          style: index < rows ? .plain : .attributes(.dim))
        }
    }

    func filterWords(_ filter: DayScreen.Filter) -> String {
        switch filter {
        case .all: t[.allTrackers]
        case .today: t[.uiFilterToday]
        case .completed: t[.uiFilterCompleted]
        case .uncompleted: t[.uiFilterUncompleted]
        }
    }

    private func drawFilterSheet(current: DayScreen.Filter, highlighted: Int, into grid: inout Grid) {
        let lines = AppState.filters.map { (current == $0 ? "✓ " : "  ") + filterWords($0) }
        let frame = box(lines: lines, title: t[.webFilters], into: &grid)
        for (index, line) in lines.enumerated() where index < frame.height - 2 {
            let style: Style = index == highlighted ? .attributes(.reverse) : .plain
            _ = grid.draw(TextWidth.truncate(line, to: frame.width - 4), x: frame.x + 2, y: frame.y + 1 + index, style: style)
        }
    }

    private func drawMenu(_ state: AppState, trackerID: String, highlighted: Int, into grid: inout Grid) {
        let tracker = state.journal.tracker(id: trackerID)
        let lines = AppState.MenuItem.allCases.map { item in
            switch item {
            case .pin: tracker?.isPinned == true ? t[.uiMenuUnpin] : t[.uiMenuPin]
            case .edit: t[.uiMenuEdit]
            case .details: t[.uiMenuDetails]
            case .archive: t[.uiMenuArchive]
            case .delete: t[.uiMenuDelete]
            }
        }
        let title = TextWidth.truncate(DataText.safe(tracker?.name ?? trackerID), to: max(1, grid.width - 8))
        let frame = box(lines: lines, title: title, into: &grid)
        for (index, line) in lines.enumerated() where index < frame.height - 2 {
            let style: Style = index == highlighted ? .attributes(.reverse) : .plain
            _ = grid.draw(TextWidth.truncate(line, to: frame.width - 4), x: frame.x + 2, y: frame.y + 1 + index, style: style)
        }
    }

    /// The archived trackers, one a row (emoji and name), the highlighted one reversed; a line
    /// saying there are none when there are none.
    private func drawArchived(_ trackers: [Tracker], highlighted: Int, into grid: inout Grid) {
        let lines = trackers.isEmpty ? [t[.uiArchivedEmpty]]
            : trackers.map { DataText.safe([$0.emoji, $0.name].compactMap { $0 }.joined(separator: " ")) }
        let frame = box(lines: lines, title: t[.uiArchivedTitle], into: &grid)
        let shown = frame.height - 2
        let first = max(0, min(highlighted - shown + 1, lines.count - shown))
        for (row, line) in lines.dropFirst(first).prefix(shown).enumerated() {
            let style: Style = trackers.isEmpty ? .attributes(.dim) : first + row == highlighted ? .attributes(.reverse) : .plain
            _ = grid.draw(TextWidth.truncate(line, to: frame.width - 4), x: frame.x + 2, y: frame.y + 1 + row, style: style)
        }
    }

    /// The question `habit rm` asks, naming what is lost: the same words and count.
    private func drawConfirmDelete(_ state: AppState, trackerID: String, into grid: inout Grid) {
        let tracker = state.journal.tracker(id: trackerID)
        let question = t.text(.confirmDelete, DataText.safe(tracker?.name ?? trackerID), tracker?.log.doneCount ?? 0) + " " + t[.yesNoPrompt]
        let lines = wrap(question, width: max(10, min(50, grid.width - 6)))
        let frame = box(lines: lines, title: t[.uiMenuDelete], into: &grid)
        for (index, line) in lines.enumerated() where index < frame.height - 2 {
            _ = grid.draw(line, x: frame.x + 2, y: frame.y + 1 + index, style: .attributes(.bold))
        }
    }

    private func drawCalendar(_ picker: CalendarPicker, into grid: inout Grid) {
        let header = picker.weekdays.map { TextWidth.padLeft(t.weekdayMini($0), to: 3) }.joined()
        let weeks = picker.weeks
        let lines = [header] + weeks.map { _ in String(repeating: " ", count: 21) }
        let frame = box(lines: lines, title: t.monthYear(year: picker.year, month: picker.month), into: &grid)
        _ = grid.draw(header, x: frame.x + 2, y: frame.y + 1, style: .attributes(.dim))
        for (row, week) in weeks.enumerated() where row + 2 < frame.height - 1 {
            for (column, cell) in week.enumerated() {
                guard let cell else { continue }
                var style: Style = cell.isToday ? .attributes([.bold, .underline]) : .plain
                if cell.isSelected { style.attributes.insert(.reverse) }
                _ = grid.draw(TextWidth.padLeft(String(cell.date.day), to: 2), x: frame.x + 3 + column * 3, y: frame.y + 2 + row, style: style)
            }
        }
    }

    /// The amount typed, then the unit ("8 glasses"), the caret where the next digit goes.
    private func drawAmount(_ state: AppState, trackerID: String, text: String, into grid: inout Grid) {
        let card = state.screen.cards.first { $0.trackerID == trackerID }
        let name = card.map { DataText.safe($0.name) } ?? trackerID
        var unit = ""
        if case .amount(_, let measure)? = card?.progress, let words = measure.unit { unit = DataText.safe(words) }
        let line = text + " "
        let frame = box(lines: [line + unit, ""], title: TextWidth.truncate(name, to: grid.width - 8), into: &grid)
        let used = grid.draw(line, x: frame.x + 2, y: frame.y + 1, style: .attributes(.underline))
        _ = grid.draw(TextWidth.truncate(unit, to: max(0, frame.width - 4 - used)), x: frame.x + 2 + used, y: frame.y + 1, style: .attributes(.dim))
        let caret = state.amountCaret.map { TextWidth.width(String(text.prefix($0))) } ?? TextWidth.width(text)
        grid.cursor = Position(x: frame.x + 2 + caret, y: frame.y + 1)
    }

    func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let next = line.isEmpty ? String(word) : line + " " + word
            if TextWidth.width(next) > width, !line.isEmpty {
                lines.append(line)
                line = String(word)
            } else {
                line = next
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
