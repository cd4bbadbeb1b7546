import HabitInterchange

/// The frame of every page: head, the note at the top, the content and the tab bar. No inline
/// script or style anywhere (the Content-Security-Policy is `default-src 'self'`).
struct PageFrame {
    let text: WebText
    let title: String
    /// The CSRF token for the forms and for the script's requests; nil on the login page.
    let csrf: String?
    /// "trackers" or "statistics": the tab shown as current.
    var tab: String? = nil
    var note: String? = nil

    func render(_ content: String) -> String {
        var html = HTMLOpening.render(language: text.language.rawValue, title: title,
                                      viewport: "width=device-width, initial-scale=1, viewport-fit=cover",
                                      extraMeta: [("referrer", "same-origin")])
        html += """
            <link rel="stylesheet" href="/static/app.css">
            <link rel="manifest" href="/static/manifest.json">

            """
        if let csrf {
            html += "<meta name=\"csrf-token\" content=\"\(HTML.escape(csrf))\">\n"
            html += "<meta name=\"offline-note\" content=\"\(HTML.escape(text[.webOfflineNote]))\">\n"
            html += "<script src=\"/static/app.js\" defer></script>\n"
            html += "<script src=\"/static/form.js\" defer></script>\n"
        }
        html += "</head>\n<body>\n"
        html += "<p id=\"note\" class=\"note\"\(note == nil ? " hidden" : "") role=\"status\">\(HTML.escape(note ?? ""))</p>\n"
        html += "<main>\n" + content + "</main>\n"
        if let tab {
            html += "<nav class=\"tabs\">"
            html += "<a href=\"/\"\(tab == "trackers" ? " aria-current=\"page\"" : "")><span aria-hidden=\"true\">◎</span>\(HTML.escape(text[.webTrackers]))</a>"
            html += "<a href=\"/stats\"\(tab == "statistics" ? " aria-current=\"page\"" : "")><span aria-hidden=\"true\">◔</span>\(HTML.escape(text[.webStatistics]))</a>"
            html += "</nav>\n"
        }
        html += "</body>\n</html>\n"
        return html
    }

    /// The hidden field every form that changes something carries.
    /// The heading at the top of a page.
    static func top(_ title: String) -> String {
        "<header class=\"top\"><h1>\(HTML.escape(title))</h1></header>\n"
    }

    static func csrfField(_ csrf: String) -> String {
        "<input type=\"hidden\" name=\"csrf\" value=\"\(HTML.escape(csrf))\">"
    }
}
