import Hummingbird
import TOML

/// Responses with the headers every page of private data carries.
enum Reply {
    static let contentSecurityPolicy = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

    static func secured(_ status: HTTPResponse.Status, contentType: String, body: String, cache: Bool = false,
                        extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [
            .contentType: contentType,
            .contentSecurityPolicy: contentSecurityPolicy,
            .init("X-Frame-Options")!: "DENY",
            .init("X-Content-Type-Options")!: "nosniff",
            // same-origin rather than no-referrer: with no-referrer a browser sends `Origin: null`
            // on a form POST, and the Origin check could not tell this server from any other.
            .init("Referrer-Policy")!: "same-origin",
            .cacheControl: cache ? "no-cache" : "no-store",
            // Only this origin's own pages may use an answer: a page of another site (or another
            // port of this host) may not even load it as an image, which could tell which trackers exist.
            .init("Cross-Origin-Resource-Policy")!: "same-origin",
        ]
        // A field given in `extra` replaces the default of that name (a page kept privately).
        headers.removeAll { field in extra.contains { $0.name == field.name } }
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    static func html(_ body: String, status: HTTPResponse.Status = .ok, extra: HTTPFields = [:]) -> Response {
        secured(status, contentType: "text/html; charset=utf-8", body: body, extra: extra)
    }

    static func json(_ fields: [(String, JSONValue)], status: HTTPResponse.Status = .ok, cache: String? = nil) -> Response {
        let body = "{" + fields.map { "\"\($0.0)\":\($0.1.text)" }.joined(separator: ",") + "}\n"
        var response = secured(status, contentType: "application/json; charset=utf-8", body: body)
        if let cache { response.headers[.cacheControl] = cache }
        return response
    }

    /// An SVG image: it may style itself (its `<style>`), and nothing else; an image runs no script.
    static func image(_ svg: String) -> Response {
        let headers: HTTPFields = [
            .contentType: "image/svg+xml; charset=utf-8",
            .contentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
            .init("X-Content-Type-Options")!: "nosniff",
            .cacheControl: "no-store",
            // Only this origin's own pages may use an answer: a page of another site (or another
            // port of this host) may not even load it as an image, which could tell which trackers exist.
            .init("Cross-Origin-Resource-Policy")!: "same-origin",
        ]
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: svg)))
    }

    static func redirect(_ location: String, extra: HTTPFields = [:]) -> Response {
        var headers = extra
        headers[.location] = location
        return secured(.seeOther, contentType: "text/plain; charset=utf-8", body: "", extra: headers)
    }

    /// A refusal as an HTML page or JSON, as the client asked.
    static func problem(_ status: HTTPResponse.Status, _ message: String, wantsJSON: Bool, text: WebText) -> Response {
        if wantsJSON { return json([("ok", .bool(false)), ("error", .string(message))], status: status) }
        return html(problemPage(message, code: status.code, text: text), status: status)
    }

    static func problemPage(_ message: String, code: Int, text: WebText) -> String {
        PageFrame(text: text, title: message, csrf: nil).render(
            "<header class=\"top\"><h1>\(code)</h1></header><p class=\"problem\">\(HTML.escape(message))</p><p><a href=\"/\">\(HTML.escape(text[.webTrackers]))</a></p>\n")
    }
}

enum JSONValue {
    case string(String), bool(Bool), number(Double), null
    /// The API's lists and objects (the fields in the order given).
    case array([JSONValue]), object([(String, JSONValue)])

    var text: String {
        switch self {
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let fields): return "{" + fields.map { JSONValue.string($0.0).text + ":" + $0.1.text }.joined(separator: ",") + "}"
        case .number(let value): return value.isFinite ? (value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)) : "null"
        case .string(let value):
            return Escaping.quoted(value) { scalar in
                switch scalar {
                case "\"": return "\\\""
                case "\\": return "\\\\"
                case "<": return "\\u003c"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: return nil
                }
            }
        }
    }
}
