import TOML

/// Collects diagnostics about one parsed file, pointing each at the key or value it concerns.
struct FileDecoder {
    let file: String
    let document: TOMLDocument
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String, document: TOMLDocument) {
        self.file = file
        self.document = document
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    mutating func report(
        _ message: String, at path: [String], key: Bool = false, hint: String? = nil,
        severity: Diagnostic.Severity = .error
    ) {
        let location = key ? document.location(ofKeyAt: path) : document.location(ofValueAt: path)
        diagnostics.append(Diagnostic(
            file: file, line: location?.line ?? 0, column: location?.column ?? 0, severity: severity,
            message: message, hint: hint, sourceLine: location.map { sourceLine(at: $0.offset) }))
    }

    mutating func reportMissing(_ key: String, hint: String) {
        diagnostics.append(Diagnostic(file: file, line: 1, column: 1, message: "missing `\(key)`", hint: hint,
                                      sourceLine: sourceLine(at: 0)))
    }

    func sourceLine(at offset: Int) -> String {
        let bytes = document.bytes
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// A string value, reporting a type mismatch.
    mutating func string(_ key: String, in table: TOMLTable, path: [String] = []) -> String? {
        guard let value = table[key] else { return nil }
        guard case .string(let text) = value else {
            report("`\(key)` must be a string in quotes, not \(value.typeDescription)", at: path + [key])
            return nil
        }
        return text
    }

    mutating func bool(_ key: String, in table: TOMLTable) -> Bool? {
        guard let value = table[key] else { return nil }
        guard case .boolean(let flag) = value else {
            report("`\(key)` must be true or false, not \(value.typeDescription)", at: [key])
            return nil
        }
        return flag
    }
}

extension TOMLValue {
    /// How a value's type is named in messages ("a string", "an integer", …).
    var typeDescription: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a number"
        case .boolean: "a boolean"
        case .offsetDateTime, .localDateTime: "a date-time"
        case .localDate: "a date"
        case .localTime: "a time"
        case .array: "an array"
        case .table: "a table"
        }
    }
}
