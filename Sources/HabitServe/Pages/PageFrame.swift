import HabitInterchange
import HabitLocalization

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
            <link rel="manifest" href="\(Assets.manifestPath(text.language))">
            <link rel="apple-touch-icon" href="/static/icon-192.png">
            <meta name="theme-color" content="#2f64d6" media="(prefers-color-scheme: light)">
            <meta name="theme-color" content="#1a1b22" media="(prefers-color-scheme: dark)">

            """
        if let csrf {
            html += "<meta name=\"csrf-token\" content=\"\(HTML.escape(csrf))\">\n"
            html += "<meta name=\"offline-note\" content=\"\(HTML.escape(text[.webOfflineNote]))\">\n"
            for (name, key) in Self.scriptWords { html += "<meta name=\"\(name)\" content=\"\(HTML.escape(text[key]))\">\n" }
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

    /// The words the outbox and the service worker's notes say, `{0}` filled in by the script.
    static let scriptWords: [(String, MessageKey)] = [
        ("w-waiting", .webChangeWaiting), ("w-waiting-count", .webChangesWaiting), ("w-log-in", .webLogInToSend),
        ("w-refused", .webChangesRefused), ("w-retry", .webRetry), ("w-discard", .webDiscard), ("w-updated", .webLastUpdated),
        ("w-update-ready", .webUpdateReady), ("w-reload", .webReloadToUpdate), ("w-adding", .webTrackerWaitingToBeAdded),
        // What a refused change did, in its list (`describe` in AppScript): `w-k-` and the
        // mark's state, the kind with `-` for `.`, or the kind and `-un` for a pin or archive undone.
        ("w-k-done", .webChangeDone), ("w-k-undone", .webChangeUndone), ("w-k-skip", .webChangeSkip),
        ("w-k-slip", .webChangeSlip), ("w-k-unslip", .webChangeUnslip), ("w-k-pin", .webChangePin),
        ("w-k-pin-un", .webChangeUnpin), ("w-k-archive", .webChangeArchive), ("w-k-archive-un", .webChangeUnarchive),
        ("w-k-delete", .webChangeDelete), ("w-k-tracker-add", .webChangeTrackerAdd), ("w-k-tracker-edit", .webChangeTrackerEdit),
        ("w-k-category-add", .webChangeCategoryAdd), ("w-k-category-rename", .webChangeCategoryRename),
        ("w-k-category-delete", .webChangeCategoryDelete),
    ]

    /// The heading at the top of a page.
    static func top(_ title: String) -> String {
        "<header class=\"top\"><h1>\(HTML.escape(title))</h1></header>\n"
    }

    /// The hidden field every form that changes something carries.
    static func csrfField(_ csrf: String) -> String {
        "<input type=\"hidden\" name=\"csrf\" value=\"\(HTML.escape(csrf))\">"
    }
}
