import HabitCore
import HabitLocalization
import HabitScreens

/// The specs' card menu, on each card: pin or unpin, skip the day, edit, details, archive, delete. A `<details>` opens it
/// without a script; each entry is a plain form or link (the script posts the pin in place).
struct CardMenu {
    let text: WebText
    let card: DayScreen.Card
    let day: CivilDate
    let csrf: String

    func render() -> String {
        let words = text.words
        let id = HTML.query(card.trackerID)
        var html = "<details class=\"menu\"><summary aria-label=\"\(HTML.escape(words[.formMenu])): \(HTML.escape(card.name))\">⋯</summary><div class=\"menu-items\">"
        html += PinForm.render(words, trackerID: card.trackerID, isPinned: card.isPinned, csrf: csrf, formClass: "pin inplace",
                               buttonClass: nil, back: ("date", day.description))
        // Skip: the day excused, as `habit skip` (a habit's day, not an event's or a slip's).
        if !card.isEvent, card.nextMark != .slip, card.nextMark != .unslip {
            let skipped = card.state == .skipped
            html += "<form class=\"skip\" method=\"post\" action=\"/mark\">" + PageFrame.csrfField(csrf)
            html += "<input type=\"hidden\" name=\"tracker\" value=\"\(HTML.escape(card.trackerID))\">"
            html += "<input type=\"hidden\" name=\"date\" value=\"\(day)\"><input type=\"hidden\" name=\"state\" value=\"\(skipped ? "undone" : "skip")\">"
            html += "<button type=\"submit\">\(HTML.escape(text[skipped ? .webMenuUnskip : .webMenuSkip]))</button></form>"
        }
        html += "<a href=\"/edit?tracker=\(id)\">\(HTML.escape(words[.formEdit]))</a>"
        html += "<a href=\"/tracker?id=\(id)\">\(HTML.escape(words[.formDetails]))</a>"
        // Archive: off the day's screen, kept with its history (`habit archive`).
        html += "<form class=\"archive\" method=\"post\" action=\"/archive\">" + PageFrame.csrfField(csrf)
        html += "<input type=\"hidden\" name=\"tracker\" value=\"\(HTML.escape(card.trackerID))\">"
        html += "<input type=\"hidden\" name=\"archived\" value=\"true\"><input type=\"hidden\" name=\"date\" value=\"\(day)\">"
        html += "<button type=\"submit\">\(HTML.escape(words[.uiMenuArchive]))</button></form>"
        html += "<a class=\"danger\" href=\"/delete?tracker=\(id)\">\(HTML.escape(words[.uiMenuDelete]))</a>"
        return html + "</div></details>"
    }
}
