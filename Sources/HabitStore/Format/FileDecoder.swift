import HabitCore
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

    /// Records `problem` at the value (or, with `key`, the key) at `path`.
    mutating func report(_ problem: DiagnosticProblem, at path: [String], key: Bool = false) {
        let location = key ? document.location(ofKeyAt: path) : document.location(ofValueAt: path)
        diagnostics.append(Diagnostic(
            file: file, line: location?.line ?? 0, column: location?.column ?? 0, problem: problem,
            sourceLine: location.map { sourceLine(at: $0.offset) }))
    }

    /// A required key is missing: point at a misspelling of it if there is one, else at the top.
    mutating func reportMissing(_ key: String, knownKeys: [String]) {
        let unknown = document.root.keys.filter { !knownKeys.contains($0) }
        if let typo = unknown.first(where: { EditDistance.suggestion(for: $0, among: [key]) != nil }) {
            report(.misspelledKey(found: typo, expected: key), at: [typo], key: true)
            return
        }
        diagnostics.append(Diagnostic(file: file, line: 1, column: 1, problem: .missingKey(key), sourceLine: sourceLine(at: 0)))
    }

    /// Warns about unknown keys that look like misspellings of known ones (other unknown keys are
    /// the user's own and stay silent). Keys already reported as misspelled are skipped.
    mutating func warnAboutLookalikes(knownKeys: [String]) {
        let reported = Set(diagnostics.compactMap { diagnostic -> String? in
            if case .misspelledKey(let found, _) = diagnostic.problem { return found }
            return nil
        })
        for key in document.root.keys where !knownKeys.contains(key) && !reported.contains(key) {
            if let suggestion = EditDistance.suggestion(for: key, among: knownKeys) {
                report(.unknownKeyLooksLike(found: key, suggestion: suggestion), at: [key], key: true)
            }
        }
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
            report(.wrongType(key: key, expected: .string, found: value.kind), at: path + [key])
            return nil
        }
        return text
    }

    mutating func bool(_ key: String, in table: TOMLTable) -> Bool? {
        guard let value = table[key] else { return nil }
        guard case .boolean(let flag) = value else {
            report(.wrongType(key: key, expected: .boolean, found: value.kind), at: [key])
            return nil
        }
        return flag
    }
}

extension TOMLValue {
    /// The value's kind, for messages.
    public var kind: ValueKind {
        switch self {
        case .string: .string
        case .integer: .integer
        case .float: .float
        case .boolean: .boolean
        case .offsetDateTime, .localDateTime: .dateTime
        case .localDate: .date
        case .localTime: .time
        case .array: .array
        case .table: .table
        }
    }
}
