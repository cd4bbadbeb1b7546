import HabitLocalization

/// The specs' confirmation of a delete (a tracker, a category): the question, what is lost,
/// Delete or Cancel.
enum DeleteConfirmation {
    /// - Parameters:
    ///   - fields: the form's hidden fields, names and values (escaped here).
    ///   - cancel: where Cancel leads, a path with an already encoded query.
    static func render(_ words: Messages, question: String, hint: String?, action: String,
                       fields: [(name: String, value: String)], csrf: String, cancel: String) -> String {
        var html = PageFrame.top(words[.uiMenuDelete]) + "<div class=\"confirm\">"
        html += "<p class=\"question\">\(HTML.escape(question))</p>"
        if let hint { html += "<p class=\"hint\">\(HTML.escape(hint))</p>" }
        html += "<form method=\"post\" action=\"\(action)\">" + PageFrame.csrfField(csrf)
        for field in fields { html += "<input type=\"hidden\" name=\"\(field.name)\" value=\"\(HTML.escape(field.value))\">" }
        html += "<button class=\"danger confirm-delete\" type=\"submit\">\(HTML.escape(words[.uiMenuDelete]))</button></form>"
        html += "<a class=\"button cancel\" href=\"\(cancel)\">\(HTML.escape(words[.formCancel]))</a>"
        return html + "</div>\n"
    }
}
