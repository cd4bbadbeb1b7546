import HabitCore
import HabitLocalization
import HabitScreens
import TerminalUI

/// Where things are on the screen: the lines at the top, the list's rows and its scroll, and what
/// a mouse click at a cell hits. Drawing and clicking use the same layout, so a click lands on
/// the card that is drawn there.
extension ScreenView {
    /// The lines above the tabs: a notice (a busy lock, a file with errors), a refusal, where a
    /// tracker just added went (not due on the day shown), then the sync's progress or result,
    /// else the offline note while changes wait for a sync. Each is wrapped to the width (at most `maximumLinesPerNote` lines, the last cut with …): a refusal
    /// is a sentence the user must read whole, not the first 80 columns of it.
    func topLines(_ state: AppState, width: Int) -> [(String, Style)] {
        var lines: [(String, Style)] = []
        for notice in [state.notice, state.refusal].compactMap({ $0 }) {
            lines += wrapNote(DataText.safe(notice), width: width).map { ($0, Style(foreground: .yellow, attributes: .bold)) }
        }
        if let added = state.newTrackerNotDue {
            let words = t.text(.uiNewTrackerNotDue, DataText.safe(added.name), t.dateWithoutWeekday(added.day))
            lines += wrapNote(words, width: width).map { ($0, Style(foreground: .yellow)) }
        }
        if let slip = state.slipLogged {
            let words = t.text(.uiSlipLogged, DataText.safe(slip.name), t.dateWithoutWeekday(slip.day))
            lines += wrapNote(words, width: width).map { ($0, Style(foreground: .yellow)) }
        }
        if let sync = state.syncStatus ?? state.offlineNote {
            lines += wrapNote(DataText.safe(sync), width: width).map { ($0, Style(foreground: .yellow)) }
        }
        return lines
    }

    static let maximumLinesPerNote = 3

    private func wrapNote(_ text: String, width: Int) -> [String] {
        let lines = wrap(text, width: width).map { TextWidth.truncate($0, to: width) }
        guard lines.count > Self.maximumLinesPerNote else { return lines }
        let kept = lines.prefix(Self.maximumLinesPerNote)
        return kept.dropLast() + [TextWidth.truncate(kept.last! + " " + lines[Self.maximumLinesPerNote], to: width)]
    }

    /// The list's lines (a section title or a card) and how many scroll off the top so the
    /// selection stays visible; a card's section title shows with the first card. Once the list
    /// has scrolled, its top row is the title of the section the rows below it belong to (`sticky`),
    /// drawn over the line there.
    func listLines(_ state: AppState, height: Int) -> (lines: [(text: DayScreen.Card?, header: String?)], offset: Int, sticky: String?) {
        var lines: [(text: DayScreen.Card?, header: String?)] = []
        var selectedLine = 0
        var index = 0
        var sectionOf: [String] = []
        for section in state.screen.sections {
            let title = section.category.map(DataText.safe) ?? t[.pinned]
            lines.append((nil, title))
            sectionOf.append(title)
            for card in section.cards {
                if index == state.selection { selectedLine = lines.count }
                lines.append((card, nil))
                sectionOf.append(title)
                index += 1
            }
        }
        let offset = selectedLine < height ? 0 : selectedLine - height + 1
        // The row under the sticky title is the second: the selection, at the bottom, stays clear of it.
        let sticky = offset > 0 && height > 1 && sectionOf.indices.contains(offset + 1) ? sectionOf[offset + 1] : nil
        return (lines, offset, sticky)
    }

    /// The rows each scrolling part shows on a screen of `size`, as `draw` lays them out.
    public func pages(_ state: AppState, size: Size) -> AppState.Pages {
        let tabsY = topLines(state, width: size.width).count
        let footerY = size.height - 1
        // drawTrackers: date, week, search, a blank line, then the list down to the footer.
        let list = footerY - (tabsY + 5)
        // drawStatistics: a blank line, four figures, a blank line, the columns' header, the rows.
        let statistics = footerY - (tabsY + 1) - 7
        let help = helpLines(width: size.width, mode: state.tab == .statistics ? .statistics : nil).lines.count
        return AppState.Pages(list: max(1, list), statistics: max(1, statistics), help: max(1, min(help, size.height - 2)), helpLines: help)
    }

    /// The tab titles with their columns.
    func tabSpans() -> [(tab: AppState.Tab, x: Range<Int>)] {
        var x = 0
        var spans: [(AppState.Tab, Range<Int>)] = []
        for (tab, words) in [(AppState.Tab.trackers, t[.uiTitle]), (.statistics, t[.statisticsTitle])] {
            let width = TextWidth.width(" \(words) ")
            spans.append((tab, x..<(x + width)))
            x += width + 1
        }
        return spans
    }

    /// What a click at `position` hits on a screen of `size`: a tab title, a day of the week
    /// strip, a card, or the onboarding button; nil for anything else (and under an overlay).
    public func target(at position: Position, in state: AppState, size: Size) -> AppState.Target? {
        guard size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else { return nil }
        if let onboarding = state.onboarding {
            return position.y == onboardingLayout(onboarding, size: size).buttonY ? .onboardingButton : nil
        }
        guard state.overlay == nil else { return nil }
        let tabsY = topLines(state, width: size.width).count
        if position.y == tabsY {
            return tabSpans().first { $0.x.contains(position.x) }.map { .tab($0.tab) }
        }
        guard state.tab == .trackers else { return nil }
        if position.y == tabsY + 2 {
            let cell = max(3, min(size.width, Self.maximumContentWidth) / 7)
            let week = state.screen.week
            let index = position.x / cell
            return week.indices.contains(index) ? .day(week[index].date) : nil
        }
        // As drawTrackers lays it out: date, week, search, a blank line, then the list down to the footer.
        let listY = tabsY + 5
        let height = size.height - 1 - listY
        guard position.y >= listY, position.y < listY + height, state.screen.emptyState == nil else { return nil }
        let (lines, offset, sticky) = listLines(state, height: height)
        if sticky != nil && position.y == listY { return nil }
        let row = offset + position.y - listY
        guard lines.indices.contains(row), let card = lines[row].text else { return nil }
        return state.screen.cards.firstIndex { $0.trackerID == card.trackerID }.map { .card($0) }
    }
}
