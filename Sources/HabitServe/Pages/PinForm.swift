import HabitLocalization

/// The pin or unpin form of a card's menu and of the details page: the tracker, the state it
/// changes to, and where the answer returns.
enum PinForm {
    static func render(_ words: Messages, trackerID: String, isPinned: Bool, csrf: String, formClass: String,
                       buttonClass: String?, back: (name: String, value: String)) -> String {
        var html = "<form class=\"\(formClass)\" method=\"post\" action=\"/pin\">" + PageFrame.csrfField(csrf)
        html += "<input type=\"hidden\" name=\"tracker\" value=\"\(HTML.escape(trackerID))\">"
        html += "<input type=\"hidden\" name=\"pinned\" value=\"\(isPinned ? "false" : "true")\">"
        html += "<input type=\"hidden\" name=\"\(back.name)\" value=\"\(HTML.escape(back.value))\">"
        html += "<button\(buttonClass.map { " class=\"\($0)\"" } ?? "") type=\"submit\">\(HTML.escape(words[isPinned ? .uiMenuUnpin : .uiMenuPin]))</button></form>"
        return html
    }
}
