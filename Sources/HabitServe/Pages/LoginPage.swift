import Hummingbird

/// Asks for the token when a browser has no session: the address with `?token=` logs in too.
struct LoginPage {
    let text: WebText
    let message: String?

    func response(status: HTTPResponse.Status) -> Response {
        Reply.html(html(), status: status)
    }

    func html() -> String {
        var content = "<header class=\"top\"><h1>habit</h1></header>\n"
        if let message { content += "<p class=\"problem\" role=\"alert\">\(HTML.escape(message))</p>\n" }
        content += "<p>\(HTML.escape(text[.webLoginIntro]))</p>\n"
        content += "<form class=\"login\" method=\"post\" action=\"/login\"><label><span class=\"label\">\(HTML.escape(text[.webToken]))</span>"
        content += "<input type=\"password\" name=\"token\" autocomplete=\"current-password\" required></label>"
        content += "<button type=\"submit\">\(HTML.escape(text[.webLogIn]))</button></form>\n"
        return PageFrame(text: text, title: text[.webLogIn], csrf: nil).render(content)
    }
}
