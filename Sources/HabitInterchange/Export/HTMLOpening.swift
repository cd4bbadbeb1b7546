/// The opening every HTML document habit writes shares (`habit report` and the web app's pages):
/// doctype, language, UTF-8, the phone's viewport, light and dark, and the title, escaped here.
public enum HTMLOpening {
    /// Up to and including the `<title>` line, inside an open `<head>`; `viewport` is the
    /// content of the viewport `<meta>`.
    public static func render(language: String, title: String, viewport: String = "width=device-width, initial-scale=1",
                              extraMeta: [(name: String, content: String)] = []) -> String {
        var html = """
            <!doctype html>
            <html lang="\(language)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="\(viewport)">
            <meta name="color-scheme" content="light dark">

            """
        for meta in extraMeta { html += "<meta name=\"\(meta.name)\" content=\"\(XMLText.escape(meta.content))\">\n" }
        html += "<title>\(XMLText.escape(title))</title>\n"
        return html
    }
}
