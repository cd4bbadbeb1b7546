/// The "Sync now" button, shown when the directory has a remote.
struct SyncBar {
    let text: WebText
    let csrf: String

    func render() -> String {
        "<form class=\"syncbar\" method=\"post\" action=\"/sync\">" + PageFrame.csrfField(csrf)
            + "<button type=\"submit\">\(HTML.escape(text[.webSyncNow]))</button></form>\n"
    }
}
