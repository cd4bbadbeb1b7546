import HabitLocalization
import FoundationEssentials
import HabitSystem
import Hummingbird

/// The style sheet, the scripts, the manifest, the icons and the service worker: external files,
/// since the Content-Security-Policy allows no inline script or style. They hold no data, so they
/// are served before logging in.
enum Assets {
    struct Asset: Sendable {
        let type: String
        let bytes: [UInt8]
        /// A validator made from the bytes, so a browser asks "still this?" and gets a 304.
        let etag: String

        init(type: String, bytes: [UInt8]) {
            self.type = type
            self.bytes = bytes
            etag = "\"" + FNV1a.hex(bytes) + "\""
        }

        init(type: String, body: String) {
            self.init(type: type, bytes: Array(body.utf8))
        }

        var body: String { String(decoding: bytes, as: UTF8.self) }
    }

    static func named(_ path: String) -> Asset? { all[path] }

    /// The asset, or a 304 when the browser holds these bytes already. Revalidated on every use
    /// ("no-cache"): unchanged, it costs a 304 and no bytes.
    static func reply(_ asset: Asset, ifNoneMatch: [String]) -> Response {
        var response = Reply.secured(.ok, contentType: asset.type, body: "", cache: true, extra: [.eTag: asset.etag])
        if Reply.matches(ifNoneMatch, asset.etag) {
            response.status = .notModified
            return response
        }
        response.body = .init(byteBuffer: ByteBuffer(bytes: asset.bytes))
        return response
    }

    /// The app shell the service worker keeps, and its version (a new server with other shell
    /// bytes is a new version: the page offers "Reload to update").
    static let shell = ["/static/app.css", "/static/app.js", "/static/form.js", "/static/icon-192.png", "/static/icon-512.png"]
        + Language.allCases.map(manifestPath)

    private static let files: [String: Asset] = {
        var files = [
            "/static/app.css": Asset(type: "text/css; charset=utf-8", body: AppStyle.css + FormStyle.css + CardColors.css + ReminderControl.css),
            "/static/app.js": Asset(type: "text/javascript; charset=utf-8", body: AppScript.javascript + FormOutboxScript.javascript + ReminderControl.javascript),
            "/static/form.js": Asset(type: "text/javascript; charset=utf-8", body: FormScript.javascript),
            "/static/icon-192.png": Asset(type: "image/png", bytes: png(IconImages.png192)),
            "/static/icon-512.png": Asset(type: "image/png", bytes: png(IconImages.png512)),
        ]
        for language in Language.allCases {
            files[manifestPath(language)] = Asset(type: "application/manifest+json", body: manifest(language))
        }
        return files
    }()

    static let version: String = FNV1a.hex(shell.flatMap { files[$0]?.etag.utf8.map { $0 } ?? [] })

    static let all: [String: Asset] = {
        var all = files
        // At the root, so that its scope is the whole app.
        all["/sw.js"] = Asset(type: "text/javascript; charset=utf-8", body: ServiceWorkerScript.javascript(version: version, shell: shell))
        return all
    }()

    private static func png(_ base64: String) -> [UInt8] {
        Data(base64Encoded: base64).map { Array($0) } ?? []
    }

    /// The manifest in a page's language: a file per language (not one address answering by
    /// Accept-Language), so that each stays a static file with its validator in every cache.
    static func manifestPath(_ language: Language) -> String {
        language == .english ? "/static/manifest.json" : "/static/manifest.\(language.rawValue).json"
    }

    /// What a phone needs to install the app: its name, maskable icons, colours for light and
    /// dark (`theme_color` light; the page's `theme-color` metas say both), standalone, and a
    /// shortcut to today, named in the page's language.
    static func manifest(_ language: Language) -> String {
        let today = Messages(language)[.webShortcutToday].replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        return """
            {"name":"habit","short_name":"habit","description":"Your habits, from your own data directory.","id":"/","start_url":"/","scope":"/",\
            "lang":"\(language.rawValue)","display":"standalone","orientation":"portrait","background_color":"#ffffff","theme_color":"#2f64d6",\
            "icons":[{"src":"/static/icon-192.png","sizes":"192x192","type":"image/png","purpose":"any maskable"},\
            {"src":"/static/icon-512.png","sizes":"512x512","type":"image/png","purpose":"any maskable"}],\
            "shortcuts":[{"name":"\(today)","url":"/","icons":[{"src":"/static/icon-192.png","sizes":"192x192","type":"image/png"}]}]}

            """
    }
}
