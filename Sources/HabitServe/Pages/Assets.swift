import HabitSystem

/// The style sheet, the script and the manifest: external files, since the Content-Security-Policy
/// allows no inline script or style. They hold no data, so they are served before logging in.
enum Assets {
    struct Asset: Sendable {
        let type: String
        let body: String
        /// A validator made from the bytes, so a browser asks "still this?" and gets a 304.
        let etag: String

        init(type: String, body: String) {
            self.type = type
            self.body = body
            etag = "\"" + FNV1a.hex(body.utf8) + "\""
        }
    }

    static func named(_ path: String) -> Asset? { all[path] }

    private static let all: [String: Asset] = [
        "/static/app.css": Asset(type: "text/css; charset=utf-8", body: AppStyle.css + FormStyle.css + CardColors.css),
        "/static/app.js": Asset(type: "text/javascript; charset=utf-8", body: AppScript.javascript),
        "/static/form.js": Asset(type: "text/javascript; charset=utf-8", body: FormScript.javascript),
        "/static/manifest.json": Asset(type: "application/manifest+json", body: manifest),
    ]

    static let manifest = """
        {"name":"habit","short_name":"habit","start_url":"/","display":"standalone","background_color":"#ffffff","theme_color":"#3772e7"}

        """
}
