import HabitCore
import HabitLocalization
import HabitScreens
import HabitStore

/// The main screen as HTML: HabitScreens' `DayScreen` (title, date and week strip, search, filters,
/// the day's cards by category with Pinned first), each card with a form that sets the day (never
/// toggles it).
struct DayPage {
    let text: WebText
    let screen: DayScreen
    let csrf: String
    let problems: [Diagnostic]

    var today: CivilDate { screen.today }
    var query: String { screen.search }
    var filter: DayScreen.Filter { screen.filter }

    func render() -> String {
        let day = screen.day
        var html = "<header class=\"top\">\n"
        html += "<a class=\"add\" href=\"/new\" aria-label=\"\(HTML.escape(text.words[.formNewTracker]))\">+</a>"
        html += "<h1>\(HTML.escape(text[.webTrackers]))</h1>\n"
        html += "<form class=\"date\" method=\"get\" action=\"/\"><label><span class=\"label\">\(HTML.escape(text[.webDay]))</span> "
        html += "<input type=\"date\" name=\"date\" value=\"\(day)\" max=\"\(today)\"></label>"
        html += "<button type=\"submit\">\(HTML.escape(text[.webGo]))</button></form>\n"
        html += "</header>\n"
        html += weekStrip(day)
        html += "<form class=\"search\" method=\"get\" action=\"/\" role=\"search\">"
        html += "<input type=\"hidden\" name=\"date\" value=\"\(day)\">"
        if filter != .all { html += "<input type=\"hidden\" name=\"filter\" value=\"\(filter.rawValue)\">" }
        html += "<input type=\"search\" name=\"q\" value=\"\(HTML.escape(query))\" placeholder=\"\(HTML.escape(text[.webSearch]))\" aria-label=\"\(HTML.escape(text[.webSearch]))\">"
        html += "</form>\n"
        html += ProblemList(text: text, problems: problems).render()
        if let empty = screen.emptyState {
            let found = empty == .nothingFound
            html += "<div class=\"empty\"><div class=\"empty-art\" aria-hidden=\"true\">\(found ? "🧐" : "💫")</div>"
            html += "<p>\(HTML.escape(text[found ? .nothingFound : .webWhatShallWeTrack]))</p></div>\n"
        }
        for section in screen.sections {
            html += "<section class=\"group\"><h2>\(HTML.escape(section.category ?? text[.pinned]))</h2>\n<ul class=\"cards\">\n"
            for card in section.cards { html += render(card, day: day) }
            html += "</ul></section>\n"
        }
        if screen.isFilterOffered { html += filters(day) }
        return html
    }

    private func weekStrip(_ day: CivilDate) -> String {
        let first = screen.week.first?.date ?? day
        var html = "<nav class=\"week\" aria-label=\"week\">"
        html += "<a class=\"step\" href=\"/?date=\(first.adding(days: -7))\" aria-label=\"\(HTML.escape(text[.webPreviousWeek]))\">‹</a>"
        for weekDay in screen.week {
            let date = weekDay.date
            let current = weekDay.isSelected ? " aria-current=\"date\"" : ""
            let classes = weekDay.isToday ? "day today" : "day"
            if date > today {
                html += "<span class=\"\(classes) future\"><small>\(weekdayName(date.weekday))</small><b>\(date.day)</b></span>"
            } else {
                html += "<a class=\"\(classes)\" href=\"/?date=\(date)\"\(current)><small>\(weekdayName(date.weekday))</small><b>\(date.day)</b></a>"
            }
        }
        let next = first.adding(days: 7)
        if next <= today {
            html += "<a class=\"step\" href=\"/?date=\(next)\" aria-label=\"\(HTML.escape(text[.webNextWeek]))\">›</a>"
        } else {
            html += "<span class=\"step\"></span>"
        }
        return html + "</nav>\n"
    }

    private func weekdayName(_ weekday: Weekday) -> String { text.messages.weekdayShort(weekday) }

    /// A card: its count and what its button sets the day to come from HabitScreens; the form
    /// says the mark after that one too (`data-then`), which the script puts in place while the
    /// server answers.
    private func render(_ card: DayScreen.Card, day: CivilDate) -> String {
        let done = card.state == .done
        let slipped = card.state == .slipped
        let next = card.nextMark
        let isQuit = next == .slip || next == .unslip
        var classes = "card" + (done ? " done" : "") + (card.state == .skipped ? " skipped" : "") + (slipped ? " slipped" : "")
        classes += CardColors.className(card.color)
        var html = "<li class=\"\(classes)\" data-tracker=\"\(HTML.escape(card.trackerID))\"\(isQuit ? " data-quit=\"true\"" : "")>"
        html += "<div class=\"face\"><span class=\"emoji\" aria-hidden=\"true\">\(HTML.escape(card.emoji ?? "•"))</span>"
        html += "<span class=\"name\">\(HTML.escape(card.name))</span>"
        html += CardMenu(text: text, card: card, day: day, csrf: csrf).render() + "</div>"
        html += "<div class=\"foot\"><span class=\"count\">\(HTML.escape(card.count.words(text.words)))</span>"
        html += "<form class=\"mark\" method=\"post\" action=\"/mark\" data-then=\"\(Self.state(next.following))\">" + PageFrame.csrfField(csrf)
        html += "<input type=\"hidden\" name=\"tracker\" value=\"\(HTML.escape(card.trackerID))\">"
        html += "<input type=\"hidden\" name=\"date\" value=\"\(day)\">"
        html += "<input type=\"hidden\" name=\"state\" value=\"\(Self.state(next))\">"
        switch next {
        case .amount(let total, let measure):
            html += "<label class=\"amount\"><span class=\"label\">\(HTML.escape(text[.webAmount]))\(measure.unit.map { " (" + HTML.escape($0) + ")" } ?? "")</span>"
            // The target stays in sight beside a typed amount ("3 / 5 km"), not as a placeholder the amount hides.
            html += "<input type=\"number\" name=\"amount\" min=\"0\" step=\"any\" inputmode=\"decimal\" value=\"\(total > 0 ? format(Measure.tidy(total)) : "")\">"
            html += "<span class=\"of\">/ \(format(measure.target))\(measure.unit.map { " " + HTML.escape($0) } ?? "")</span></label>"
            html += "<button class=\"save\" type=\"submit\">\(HTML.escape(text[.webSave]))</button>"
        case .undone where card.isNumeric:
            // A skipped day of a numeric habit: cleared, it takes an amount again.
            html += "<button class=\"save\" type=\"submit\">\(HTML.escape(text[.webMarkUndone]))</button>"
        case .slip, .unslip:
            // A habit to quit is kept unless a slip is logged: the button logs or removes the slip.
            let words = text.words
            let log = Self.label(words[.formLogSlip], card.name), remove = Self.label(words[.formRemoveSlip], card.name)
            html += "<button class=\"tick slip\" type=\"submit\" aria-pressed=\"\(slipped)\" aria-label=\"\(slipped ? remove : log)\""
            html += " data-log=\"\(log)\" data-remove=\"\(remove)\">\(slipped ? "↺" : "✗")</button>"
        case .done, .undone:
            let mark = Self.label(text[.webMarkDone], card.name), unmark = Self.label(text[.webMarkUndone], card.name)
            html += "<button class=\"tick\" type=\"submit\" aria-pressed=\"\(done)\" aria-label=\"\(done ? unmark : mark)\""
            html += " data-log=\"\(mark)\" data-remove=\"\(unmark)\">\(done ? "✓" : "+")</button>"
        }
        html += "</form></div></li>\n"
        return html
    }

    /// A control's accessible name with the tracker it acts on ("Mark done: Run"), so a screen
    /// reader tells a list of ticks apart; escaped for an attribute.
    static func label(_ action: String, _ tracker: String) -> String {
        HTML.escape(action + ": " + tracker)
    }

    /// HabitScreens' next mark as the `state` field of `POST /mark` (an amount is sent with "done").
    static func state(_ mark: DayScreen.NextMark) -> String {
        switch mark {
        case .done, .amount: "done"
        case .undone: "undone"
        case .slip: "slip"
        case .unslip: "unslip"
        }
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private func filters(_ day: CivilDate) -> String {
        var html = "<details class=\"sheet\"><summary>\(HTML.escape(text[.webFilters]))</summary><ul class=\"filters\">"
        let choices: [(DayScreen.Filter, MessageKey)] = [(.all, .allTrackers), (.today, .webTodaysTrackers), (.completed, .webCompleted), (.uncompleted, .webUncompleted)]
        for (choice, key) in choices {
            let date = choice == .today ? today : day
            var link = "/?date=\(date)&amp;filter=\(choice.rawValue)"
            if !query.isEmpty { link += "&amp;q=" + HTML.query(query) }
            let current = choice == filter
            html += "<li><a href=\"\(link)\"\(current ? " aria-current=\"true\"" : "")>\(HTML.escape(text[key]))<span class=\"check\" aria-hidden=\"true\">\(current ? "✓" : "")</span></a></li>"
        }
        return html + "</ul></details>\n"
    }
}

/// Files that did not load, each with file:line:column; they are shown, never rewritten.
struct ProblemList {
    let text: WebText
    let problems: [Diagnostic]

    func render() -> String {
        guard !problems.isEmpty else { return "" }
        var html = "<section class=\"problems\" role=\"alert\"><p>\(HTML.escape(text[.webFileHasErrors]))</p><ul>"
        for problem in problems {
            html += "<li><code>\(HTML.escape(problem.file)):\(problem.line):\(problem.column)</code></li>"
        }
        return html + "</ul><p>\(HTML.escape(text[.webFileNeverOverwritten]))</p></section>\n"
    }
}
