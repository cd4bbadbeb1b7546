import HabitCore
import HabitLocalization
import HabitScreens

/// A tracker's details from the card menu: HabitScreens' `TrackerDetails` (the figures of
/// `habit show`, a month calendar with the previous and next month, the year as a heatmap) and
/// the menu's actions again.
struct DetailsPage {
    let text: WebText
    let details: TrackerDetails
    let tracker: Tracker
    let csrf: String

    var words: Messages { text.words }

    func render() -> String {
        var html = "<header class=\"top details-top\"><h1>\(details.emoji.map { "<span class=\"emoji-big\" aria-hidden=\"true\">\(HTML.escape($0))</span> " } ?? "")\(HTML.escape(details.name))</h1></header>\n"
        html += "<p class=\"subtitle\">\(HTML.escape(details.category)) · \(HTML.escape(details.isEvent ? words[.event] : words.scheduleSummary(tracker.schedule)))</p>\n"
        html += actions()
        html += figures()
        html += calendar()
        html += heatmap()
        return html
    }

    private func actions() -> String {
        let id = HTML.query(details.trackerID)
        var html = "<div class=\"detail-actions\">"
        html += PinForm.render(words, trackerID: details.trackerID, isPinned: tracker.isPinned, csrf: csrf, formClass: "pin",
                               buttonClass: "secondary", back: ("return", "details"))
        html += "<a class=\"button secondary\" href=\"/edit?tracker=\(id)\">\(HTML.escape(words[.formEdit]))</a>"
        html += "<a class=\"button danger\" href=\"/delete?tracker=\(id)\">\(HTML.escape(words[.uiMenuDelete]))</a>"
        return html + "</div>\n"
    }

    /// HabitScreens' figures, the ones `habit show` prints, in its words; the figure itself in bold.
    private func figures() -> String {
        var html = "<dl class=\"numbers\">"
        for figure in details.figures.words(words) {
            html += "<div><dt>\(HTML.escape(figure.label))</dt><dd>"
            for part in figure.parts {
                let text = HTML.escape(part.text)
                switch part.emphasis {
                case .plain: html += text
                case .strong: html += "<strong>\(text)</strong>"
                case .quiet: html += "<span class=\"quiet\">\(text)</span>"
                case .good: html += "<span class=\"good\">\(text)</span>"
                }
            }
            html += "</dd></div>"
        }
        return html + "</dl>\n"
    }

    private func cellClass(_ day: TrackerDetails.Day) -> String {
        let state: String = switch day.state {
        case .done: "done"
        case .missed: "missed"
        case .skipped: "skipped"
        case .forgiven: "forgiven"
        case .slipped: "slipped"
        case .pending: "pending"
        case .notDue: "not-due"
        case .beforeStart: "before"
        case .future: "future"
        }
        return state + (day.isToday ? " today" : "")
    }

    private func calendar() -> String {
        let month = details.month
        let first = month.firstDay
        let previous = first.adding(months: -1), next = first.adding(months: 1)
        let id = HTML.query(details.trackerID)
        func link(_ day: CivilDate) -> String {
            "/tracker?id=\(id)&amp;month=\(String(day.description.prefix(7)))"
        }
        var html = "<section class=\"month\"><div class=\"month-head\">"
        html += "<a class=\"step\" href=\"\(link(previous))\" aria-label=\"\(HTML.escape(words[.formPreviousMonth]))\">‹</a>"
        html += "<h2>\(HTML.escape(words.monthYear(year: month.year, month: month.month)))</h2>"
        if next <= details.today {
            html += "<a class=\"step\" href=\"\(link(next))\" aria-label=\"\(HTML.escape(words[.formNextMonth]))\">›</a>"
        } else {
            html += "<span class=\"step\"></span>"
        }
        html += "</div><table class=\"calendar\"><thead><tr>"
        for weekday in month.weekdays { html += "<th scope=\"col\">\(HTML.escape(words.weekdayShort(weekday)))</th>" }
        html += "</tr></thead><tbody>"
        for week in month.weeks {
            html += "<tr>"
            for day in week {
                guard let day else { html += "<td></td>"; continue }
                html += "<td class=\"\(cellClass(day))\"><span title=\"\(day.date)\">\(day.date.day)</span></td>"
            }
            html += "</tr>"
        }
        return html + "</tbody></table></section>\n"
    }

    /// The year as HabitInterchange's `HeatmapSVG` (the image `habit export svg` writes), served
    /// as an image: its own style rules stay inside it, outside the page's Content-Security-Policy.
    private func heatmap() -> String {
        let year = details.today.year
        let title = "\(details.name) — \(year)"
        var html = "<section class=\"year\"><h2>\(HTML.escape(words[.formYear]))</h2><div class=\"year-image\">"
        html += "<img src=\"/tracker/year.svg?id=\(HTML.query(details.trackerID))&amp;year=\(year)\" alt=\"\(HTML.escape(title))\">"
        return html + "</div></section>\n"
    }
}

/// The specs' confirmation of a delete: what is lost (the marked days), Delete or Cancel.
struct DeletePage {
    let text: WebText
    let tracker: Tracker
    let csrf: String

    func render() -> String {
        let words = text.words
        return DeleteConfirmation.render(words, question: words.text(.confirmDelete, tracker.name, tracker.log.doneCount),
                                         hint: words[.formMarksLost], action: "/delete", fields: [("tracker", tracker.id)],
                                         csrf: csrf, cancel: "/")
    }
}
