/// A JSON value that remembers the order of an object's members and the line each member starts
/// on, which a translator needs in an error and `MessageKey` needs for its order.
indirect enum JSONValue {
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([JSONMember])
}

struct JSONMember {
    let name: String
    let value: JSONValue
    let line: Int
}

/// A failure to read a file, at a line.
struct CatalogError: Error {
    let file: String
    let line: Int
    let message: String

    /// As compilers write them, so that SwiftPM and editors show them at the place.
    var description: String { "\(file):\(line): error: \(message)" }
}

/// Reads JSON (RFC 8259) from UTF-8 bytes; a member written twice is an error, as ARB tools
/// would keep only one of them.
struct JSONReader {
    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var line = 1

    static func read(_ bytes: [UInt8], file: String) throws(CatalogError) -> JSONValue {
        var reader = JSONReader(bytes: bytes, file: file)
        reader.skipBlanks()
        let value = try reader.value()
        reader.skipBlanks()
        guard reader.index == bytes.count else { throw reader.failure("text after the end of the JSON value") }
        return value
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        self.file = file
    }

    private func failure(_ message: String) -> CatalogError { CatalogError(file: file, line: line, message: "invalid JSON: \(message)") }

    private mutating func skipBlanks() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }
    }

    private mutating func value() throws(CatalogError) -> JSONValue {
        guard index < bytes.count else { throw failure("the file ends where a value should be") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try word("true"); return .bool(true)
        case UInt8(ascii: "f"): try word("false"); return .bool(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(number())
        default: throw failure("unexpected “\(Character(Unicode.Scalar(bytes[index])))”")
        }
    }

    private mutating func word(_ text: String) throws(CatalogError) {
        guard bytes[index...].starts(with: text.utf8) else { throw failure("expected \(text)") }
        index += text.utf8.count
    }

    private mutating func number() -> String {
        let start = index
        while index < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func expect(_ byte: Character) throws(CatalogError) {
        skipBlanks()
        guard index < bytes.count, bytes[index] == byte.asciiValue! else {
            throw failure("expected “\(byte)”" + (index < bytes.count ? "" : " before the end of the file"))
        }
        index += 1
    }

    private mutating func object() throws(CatalogError) -> JSONValue {
        index += 1
        var members: [JSONMember] = []
        var seen: Set<String> = []
        skipBlanks()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object([]) }
        while true {
            skipBlanks()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a quoted name") }
            let memberLine = line
            let name = try string()
            guard seen.insert(name).inserted else {
                throw CatalogError(file: file, line: memberLine, message: "“\(name)” is written twice")
            }
            try expect(":")
            skipBlanks()
            members.append(JSONMember(name: name, value: try value(), line: memberLine))
            skipBlanks()
            guard index < bytes.count else { throw failure("an object is not closed (a “}” is missing)") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw failure("expected “,” or “}” after the value of “\(name)”")
        }
    }

    private mutating func array() throws(CatalogError) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipBlanks()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array([]) }
        while true {
            skipBlanks()
            items.append(try value())
            skipBlanks()
            guard index < bytes.count else { throw failure("an array is not closed (a “]” is missing)") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw failure("expected “,” or “]”")
        }
    }

    private mutating func string() throws(CatalogError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var start = index
        func flush(_ end: Int) { scalars.append(contentsOf: String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars) }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush(index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw failure(byte == 0x0A ? "a string is not closed on its line (a “\"” is missing)" : "a control character in a string") }
            if byte == UInt8(ascii: "\\") {
                flush(index)
                index += 1
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), bytes[index...].starts(with: "\\u".utf8) {
                        index += 2
                        let low = try hex4()
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw failure("\\u escape of a lone surrogate") }
                    scalars.append(scalar)
                default: throw failure("unknown escape “\\\(Character(Unicode.Scalar(escaped)))”")
                }
                start = index
                continue
            }
            index += 1
        }
        throw failure("a string is not closed (a “\"” is missing)")
    }

    private mutating func hex4() throws(CatalogError) -> UInt32 {
        guard index + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw failure("\\u needs four hexadecimal digits")
        }
        index += 4
        return code
    }
}
