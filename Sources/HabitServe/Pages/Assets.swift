/// The style sheet, the script and the manifest: external files, since the Content-Security-Policy
/// allows no inline script or style. They hold no data, so they are served before logging in.
enum Assets {
    struct Asset {
        let type: String
        let body: String
    }

    static func named(_ path: String) -> Asset? {
        switch path {
        case "/static/app.css": Asset(type: "text/css; charset=utf-8", body: AppStyle.css + FormStyle.css + CardColors.css)
        case "/static/app.js": Asset(type: "text/javascript; charset=utf-8", body: AppScript.javascript)
        case "/static/form.js": Asset(type: "text/javascript; charset=utf-8", body: FormScript.javascript)
        case "/static/manifest.json": Asset(type: "application/manifest+json", body: manifest)
        default: nil
        }
    }

    static let manifest = """
        {"name":"habit","short_name":"habit","start_url":"/","display":"standalone","background_color":"#ffffff","theme_color":"#3772e7"}

        """
}
