import HabitCore
import HabitLocalization
import HabitScreens

/// The specs' card menu, on each card: pin or unpin, edit, details, delete. A `<details>` opens it
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
        html += "<form class=\"pin inplace\" method=\"post\" action=\"/pin\">" + PageFrame.csrfField(csrf)
        html += "<input type=\"hidden\" name=\"tracker\" value=\"\(HTML.escape(card.trackerID))\">"
        html += "<input type=\"hidden\" name=\"pinned\" value=\"\(card.isPinned ? "false" : "true")\">"
        html += "<input type=\"hidden\" name=\"date\" value=\"\(day)\">"
        html += "<button type=\"submit\">\(HTML.escape(words[card.isPinned ? .uiMenuUnpin : .uiMenuPin]))</button></form>"
        html += "<a href=\"/edit?tracker=\(id)\">\(HTML.escape(words[.formEdit]))</a>"
        html += "<a href=\"/tracker?id=\(id)\">\(HTML.escape(words[.formDetails]))</a>"
        html += "<a class=\"danger\" href=\"/delete?tracker=\(id)\">\(HTML.escape(words[.uiMenuDelete]))</a>"
        return html + "</div></details>"
    }
}
