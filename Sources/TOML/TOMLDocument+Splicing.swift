/// One replacement of a byte range of a document's source.
public struct TOMLSplice: Equatable, Sendable {
    public var range: Range<Int>
    public var replacement: [UInt8]

    public init(_ range: Range<Int>, _ replacement: [UInt8]) {
        self.range = range
        self.replacement = replacement
    }

    /// An insertion at `offset`.
    public static func insert(_ bytes: [UInt8], at offset: Int) -> TOMLSplice { TOMLSplice(offset..<offset, bytes) }
}

/// How edits become bytes: splicing, inserting lines and sections, rewriting inline values, and
/// the facts about the source (newline style, line boundaries, indentation) that keep a spliced
/// line looking like its neighbours.
extension TOMLDocument {
    /// Inserts a key line among the key lines of a section (`nil`: root).
    mutating func insertLine(_ line: [UInt8], inSectionAt header: Int?, at position: Int?) throws(TOMLEditError) {
        try splice([lineInsertion(line, inSectionAt: header, at: position)])
    }

    /// Where and how `insertLine` puts a key line: before the `position`-th key line with its
    /// indentation, after the last one, after the header, or (root without keys) above the comment
    /// block attached to the first header.
    func lineInsertion(_ line: [UInt8], inSectionAt header: Int?, at position: Int?) -> TOMLSplice {
        lineInsertion(line, in: sectionStatements(header: header), at: position)
    }

    func lineInsertion(_ line: [UInt8], in section: (header: Int?, keys: [Int]), at position: Int?) -> TOMLSplice {
        let keyLines = section.keys
        var indent: [UInt8] = []
        let offset: Int
        if let position, position < keyLines.count {
            let statement = statements[keyLines[position]]
            indent = Array(bytes[statement.start..<statement.keyStart])
            offset = statement.start
        } else if let lastIndex = keyLines.last {
            let statement = statements[lastIndex]
            indent = Array(bytes[statement.start..<statement.keyStart])
            offset = statement.end
        } else if let headerIndex = section.header {
            offset = statements[headerIndex].end
        } else if let firstHeader = statements.firstIndex(where: { $0.kind != .keyValue }) {
            let start = attachedCommentStart(before: statements[firstHeader].start)
            return .insert(line + newline + newline, at: start)
        } else {
            offset = bytes.count
        }
        if offset == bytes.count, !bytes.isEmpty, bytes.last != ASCII.lf {
            return .insert(newline + indent + line, at: offset)
        }
        return .insert(indent + line + newline, at: offset)
    }

    /// Appends text as a new section at the end, after one blank line.
    mutating func appendSection(_ text: [UInt8]) throws(TOMLEditError) {
        var prefix: [UInt8] = []
        if !bytes.isEmpty {
            if bytes.last != ASCII.lf { prefix += newline }
            if !endsWithBlankLine(afterAdding: prefix) { prefix += newline }
        }
        try apply([(bytes.count..<bytes.count, prefix + text)])
    }

    func endsWithBlankLine(afterAdding prefix: [UInt8]) -> Bool {
        let tail = Array(bytes.suffix(4)) + prefix
        let text = tail.filter { $0 != ASCII.cr }
        return text.count >= 2 && text[text.count - 1] == ASCII.lf && text[text.count - 2] == ASCII.lf
    }

    func headerText(_ path: [String]) -> [UInt8] {
        Array("[\(TOMLSerializer.key(path: path))]".utf8) + newline
    }


    // MARK: Inline rewrites

    /// Replaces the inline value at `path` with a modified copy.
    mutating func rewriteInline(
        at path: [String], _ body: (inout TOMLValue) throws(TOMLEditError) -> Void
    ) throws(TOMLEditError) {
        guard let node = resolve(path) else { throw missing(path) }
        var value = node.value
        try body(&value)
        try apply([(node.valueRange, Array(TOMLSerializer.value(value).utf8))])
    }

    /// Applies `body` to the optional value at `path` below `value`
    /// (setting it to nil removes it).
    static func modify(
        _ value: inout TOMLValue, at path: ArraySlice<String>, _ body: (inout TOMLValue?) -> Void
    ) throws(TOMLEditError) {
        guard let first = path.first else {
            var optional: TOMLValue? = value
            body(&optional)
            if let optional { value = optional }
            return
        }
        switch value {
        case .table(var table):
            if path.count == 1 {
                var entry = table[first]
                body(&entry)
                table[first] = entry
            } else {
                guard var child = table[first] else {
                    var fresh = TOMLValue.table(TOMLTable())
                    try modify(&fresh, at: path.dropFirst(), body)
                    table[first] = fresh
                    value = .table(table)
                    return
                }
                try modify(&child, at: path.dropFirst(), body)
                table[first] = child
            }
            value = .table(table)
        case .array(var elements):
            guard let index = Int(first), elements.indices.contains(index) else {
                throw TOMLEditError("no array element `\(first)`")
            }
            if path.count == 1 {
                var entry: TOMLValue? = elements[index]
                body(&entry)
                if let entry { elements[index] = entry } else { elements.remove(at: index) }
            } else {
                try modify(&elements[index], at: path.dropFirst(), body)
            }
            value = .array(elements)
        default:
            throw TOMLEditError("cannot descend into \(Parser.article(value.typeName))")
        }
    }

    // MARK: Splicing

    /// Splices `edits` into the source and re-parses: the lowest-level edit, for callers that
    /// compute byte ranges themselves (many log lines at once, say). Ranges refer to the current
    /// bytes and must not overlap; at one offset, insertions (empty ranges) go first in the given
    /// order. On failure the document is unchanged.
    public mutating func splice(_ edits: [TOMLSplice]) throws(TOMLEditError) {
        let output = try spliced(edits)
        switch TOMLDocument.parse(output) {
        case .success(let document):
            self = document
        case .failure(let failure):
            let first = failure.diagnostics.first.map { "\($0.line):\($0.column): \($0.message)" } ?? "unknown error"
            throw TOMLEditError("the edit would produce invalid TOML (\(first))")
        }
    }

    /// The source with `edits` spliced in, not parsed.
    func spliced(_ edits: [TOMLSplice]) throws(TOMLEditError) -> [UInt8] {
        let ordered = edits.enumerated().sorted { lhs, rhs in
            let (a, b) = (lhs.element.range, rhs.element.range)
            if a.lowerBound != b.lowerBound { return a.lowerBound < b.lowerBound }
            if a.isEmpty != b.isEmpty { return a.isEmpty }
            return lhs.offset < rhs.offset
        }.map(\.element)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + ordered.reduce(0) { $0 + $1.replacement.count })
        var cursor = 0
        for edit in ordered {
            guard edit.range.lowerBound >= cursor, edit.range.upperBound <= bytes.count else {
                throw TOMLEditError("overlapping or out-of-range edits")
            }
            output += bytes[cursor..<edit.range.lowerBound]
            output += edit.replacement
            cursor = edit.range.upperBound
        }
        output += bytes[cursor...]
        return output
    }

    mutating func apply(_ edits: [(Range<Int>, [UInt8])]) throws(TOMLEditError) {
        try splice(edits.map { TOMLSplice($0.0, $0.1) })
    }

    // MARK: Source helpers

    /// The file's newline style: CRLF if its first newline is CRLF.
    public var newline: [UInt8] {
        guard let first = bytes.firstIndex(of: ASCII.lf) else { return [ASCII.lf] }
        return first > 0 && bytes[first - 1] == ASCII.cr ? [ASCII.cr, ASCII.lf] : [ASCII.lf]
    }

    public var newlineString: String { newline.count == 2 ? "\r\n" : "\n" }

    public func indentation(ofLineAt offset: Int) -> [UInt8] {
        var start = offset
        while start > 0, bytes[start - 1] != ASCII.lf { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == ASCII.space || bytes[end] == ASCII.tab { end += 1 }
        return Array(bytes[start..<end])
    }

    /// Offset just after the newline ending the line containing `offset`.
    public func endOfLine(from offset: Int) -> Int {
        var j = offset
        while j < bytes.count, bytes[j] != ASCII.lf { j += 1 }
        return min(j + 1, bytes.count)
    }

    /// Offset of the first byte of the line containing `offset`.
    public func startOfLine(containing offset: Int) -> Int {
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != ASCII.lf { start -= 1 }
        return start
    }

    /// Start of the comment lines directly above `lineStart` (no blank line between).
    func attachedCommentStart(before lineStart: Int) -> Int {
        var start = lineStart
        while start > 0 {
            var previous = start - 1
            while previous > 0, bytes[previous - 1] != ASCII.lf { previous -= 1 }
            var j = previous
            while j < start, bytes[j] == ASCII.space || bytes[j] == ASCII.tab { j += 1 }
            guard j < start, bytes[j] == ASCII.hash else { break }
            start = previous
        }
        return start
    }
}
