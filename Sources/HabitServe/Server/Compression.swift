import CZlib
import Hummingbird

/// gzip (RFC 1952) for answers a browser says it accepts compressed: a day page of a hundred
/// trackers is mostly the same markup over and over, and a phone on mobile data waits for every
/// byte of it.
enum Compression {
    /// Below this a compressed answer saves too little to be worth the work.
    static let minimumSize = 1024

    /// `response` gzipped when the request accepts it and the body is text of some size; any other
    /// answer as it is. Every answer says that it varies with `Accept-Encoding`.
    static func apply(_ response: Response, acceptEncoding: String?) -> Response {
        var response = response
        response.headers[.vary] = "Accept-Encoding"
        guard accepts(acceptEncoding), response.headers[.contentEncoding] == nil,
              let length = response.body.contentLength, length >= minimumSize,
              isText(response.headers[.contentType] ?? "") else { return response }
        // A body with a length was built from one buffer (Reply), so it is written as one.
        response.body = response.body.map { buffer in
            guard let zipped = gzip(Array(buffer: buffer)) else { return buffer }
            return ByteBuffer(bytes: zipped)
        }
        response.headers[.contentEncoding] = "gzip"
        return response
    }

    /// Whether `Accept-Encoding` lists gzip without refusing it (`gzip;q=0`).
    static func accepts(_ header: String?) -> Bool {
        guard let header else { return false }
        for item in header.lowercased().split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: " ") }
            guard parts.first == "gzip" || parts.first == "x-gzip" else { continue }
            return !parts.dropFirst().contains { parameter in
                let compact = parameter.replacingSpaces()
                return compact.hasPrefix("q=") && Double(compact.dropFirst(2)) == 0
            }
        }
        return false
    }

    static func isText(_ type: String) -> Bool {
        let type = type.lowercased()
        return type.hasPrefix("text/") || type.hasPrefix("application/json") || type.hasPrefix("application/manifest+json")
            || type.hasPrefix("image/svg+xml")
    }

    /// The gzip member of `bytes`: a fixed header (no name, no time), raw deflate, CRC-32 and size.
    /// nil when zlib is missing on this machine (the answer then goes uncompressed).
    static func gzip(_ bytes: [UInt8]) -> [UInt8]? {
        var deflated = [UInt8](repeating: 0, count: habit_deflate_bound(bytes.count))
        let size = bytes.withUnsafeBufferPointer { input in
            deflated.withUnsafeMutableBufferPointer { output in
                habit_deflate_raw(input.baseAddress, input.count, output.baseAddress, output.count)
            }
        }
        guard size > 0 || bytes.isEmpty else { return nil }
        let crc = bytes.withUnsafeBufferPointer { habit_crc32($0.baseAddress, $0.count) }
        var result: [UInt8] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]
        result.reserveCapacity(size + 18)
        result += deflated[..<size]
        for value in [crc, UInt32(truncatingIfNeeded: bytes.count)] {
            for shift in stride(from: 0, to: 32, by: 8) { result.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
        }
        return result
    }
}

private extension String {
    func replacingSpaces() -> String { String(filter { $0 != " " }) }
}
