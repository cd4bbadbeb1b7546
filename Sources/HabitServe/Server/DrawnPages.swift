import HabitStore
import HabitSystem
import Hummingbird
import Synchronization

/// The pages as last drawn, gzipped once, for the same request again while the directory is the
/// one they were drawn from: a phone opens the same day again and again, and every opening would
/// otherwise draw and compress every card anew.
///
/// A page is kept under everything it shows besides the data (the session's CSRF token, the
/// language, the day, the filter, the search, the note at the top), and all pages are dropped as
/// soon as `StoreKeeper` hands out another store (a change, a command, a sync, a `git pull`).
/// The few most recent are kept, so the memory it takes is bounded.
final class DrawnPages: Sendable {
    struct Page: Sendable {
        let html: [UInt8]
        /// nil when zlib is missing on this machine.
        let gzipped: [UInt8]?
        /// A weak validator (the gzipped and the plain page are the same page), so that a
        /// browser revalidating an unchanged page gets a 304 and no bytes.
        let etag: String

        init(html: String) {
            self.html = Array(html.utf8)
            gzipped = Compression.gzip(self.html)
            etag = "W/\"" + FNV1a.hex(self.html) + "\""
        }
    }

    /// What the pages were drawn from, and the pages, most recently used last.
    private struct Kept: @unchecked Sendable {
        // Only compared by identity: the store's contents are never read here.
        var store: Store?
        var pages: [String: Page] = [:]
        var order: [String] = []
    }

    static let capacity = 32
    private let kept = Mutex(Kept())

    /// The page `key` names, drawn from `store`: the one kept, else `draw()`'s, then kept. Two
    /// requests missing the same page at once both draw it; neither waits for the other.
    func page(key: [String], store: Store, draw: () -> String) -> Page {
        let name = key.joined(separator: "\u{1F}")
        if let page = kept.withLock({ kept -> Page? in
            guard kept.store === store, let page = kept.pages[name] else { return nil }
            kept.order.removeAll { $0 == name }
            kept.order.append(name)
            return page
        }) {
            return page
        }
        let page = Page(html: draw())
        kept.withLock { kept in
            if kept.store !== store { kept = Kept(store: store) }
            if kept.pages.updateValue(page, forKey: name) == nil { kept.order.append(name) }
            while kept.order.count > Self.capacity { kept.pages[kept.order.removeFirst()] = nil }
        }
        return page
    }

    /// How many pages are kept (for the tests).
    var count: Int { kept.withLock { $0.pages.count } }
}

extension Reply {
    /// A kept page: a 304 when the browser holds it already, else gzipped when the browser accepts
    /// it (`Compression` leaves an answer that says its encoding as it is).
    static func page(_ page: DrawnPages.Page, request: Request, extra: HTTPFields) -> Response {
        var headers = extra
        headers[.eTag] = page.etag
        var response = secured(.ok, contentType: "text/html; charset=utf-8", body: "", extra: headers)
        if matches(request.headers[values: .ifNoneMatch], page.etag) {
            response.status = .notModified
            return response
        }
        if let gzipped = page.gzipped, Compression.accepts(request.headers[.acceptEncoding]) {
            response.headers[.contentEncoding] = "gzip"
            response.body = .init(byteBuffer: ByteBuffer(bytes: gzipped))
        } else {
            response.body = .init(byteBuffer: ByteBuffer(bytes: page.html))
        }
        return response
    }

    /// Whether `If-None-Match` names `etag` (weakly compared, as RFC 9110 asks for this header).
    static func matches(_ ifNoneMatch: [String], _ etag: String) -> Bool {
        func opaque(_ tag: some StringProtocol) -> Substring {
            let tag = Substring(tag.filter { $0 != " " && $0 != "\t" })
            return tag.hasPrefix("W/") ? tag.dropFirst(2) : tag
        }
        let wanted = opaque(etag)
        return ifNoneMatch.contains { $0.split(separator: ",").contains { opaque($0) == "*" || opaque($0) == wanted } }
    }
}
