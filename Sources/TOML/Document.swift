/// A parsed TOML document that remembers its exact source.
///
/// The source bytes are the document: printing gives them back unchanged,
/// and edits (see `TOMLDocument+Edits`) splice bytes and re-parse, so
/// everything not edited is preserved byte for byte.
public struct TOMLDocument: Sendable {
    /// The document's source, UTF-8.
    public private(set) var bytes: [UInt8]
    /// The typed view of the document.
    public private(set) var root: TOMLTable
    var statements: [TOMLStatement]

    /// An empty document.
    public init() {
        bytes = []
        root = TOMLTable()
        statements = []
    }

    public init(parsing bytes: [UInt8]) throws(TOMLParseFailure) {
        self = try TOMLDocument.parse(bytes).get()
    }

    public init(parsing text: String) throws(TOMLParseFailure) {
        try self.init(parsing: Array(text.utf8))
    }

    public static func parse(_ text: String) -> Result<TOMLDocument, TOMLParseFailure> {
        parse(Array(text.utf8))
    }

    public static func parse(_ bytes: [UInt8]) -> Result<TOMLDocument, TOMLParseFailure> {
        guard bytes.count < Int(Int32.max) else {
            let message = "documents larger than 2 GiB are not supported"
            return .failure(TOMLParseFailure(diagnostics: [TOMLDiagnostic(line: 1, column: 1, offset: 0, message: message)]))
        }
        var diagnostics: [TOMLDiagnostic] = []
        var root = TOMLTable()
        var statements: [TOMLStatement] = []
        bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer, source: bytes)
            parser.parseDocument()
            diagnostics = parser.diagnostics
            root = parser.root
            statements = parser.statements
        }
        guard diagnostics.isEmpty else {
            let lines = TOMLLineIndex(bytes)
            let positioned = diagnostics.map { diagnostic in
                var copy = diagnostic
                let location = lines.location(of: diagnostic.offset, in: bytes)
                copy.line = location.line
                copy.column = location.column
                return copy
            }
            return .failure(TOMLParseFailure(diagnostics: positioned))
        }
        var document = TOMLDocument()
        document.bytes = bytes
        document.root = root
        document.statements = statements
        return .success(document)
    }

    /// The source as a String (TOML source is always valid UTF-8).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The value at `path`; numeric components index into arrays.
    public func value(at path: [String]) -> TOMLValue? {
        root.value(at: path)
    }

    // MARK: Locations

    /// Line and column of a byte offset. Counts the lines before it (eight bytes at a time): a
    /// document keeps no line index, which parsing would pay for on every line and few callers
    /// use. Callers that need only the offset use `offset(ofKeyAt:)` / `offset(ofValueAt:)`.
    public func location(ofOffset offset: Int) -> TOMLLocation {
        TOMLLineIndex.location(of: max(0, min(offset, bytes.count)), in: bytes)
    }

    /// Where the key of the entry at `path` is written. For array elements
    /// (numeric last component) this is the element itself, or its `[[header]]`.
    public func location(ofKeyAt path: [String]) -> TOMLLocation? {
        offset(ofKeyAt: path).map(location(ofOffset:))
    }

    /// Where the value at `path` starts. Tables defined by a header report
    /// the header; tables created by dotted keys report the key.
    public func location(ofValueAt path: [String]) -> TOMLLocation? {
        offset(ofValueAt: path).map(location(ofOffset:))
    }

    /// The byte offset of `location(ofKeyAt:)`, without counting lines.
    public func offset(ofKeyAt path: [String]) -> Int? {
        guard let node = resolve(path) else { return nil }
        return node.keyRange?.lowerBound ?? node.valueRange.lowerBound
    }

    /// The byte offset of `location(ofValueAt:)`, without counting lines.
    public func offset(ofValueAt path: [String]) -> Int? {
        resolve(path)?.valueRange.lowerBound
    }

    /// Byte range of the value at `path` in `bytes`, if it is written as a
    /// `key = value` value or an inline array element.
    public func sourceRange(ofValueAt path: [String]) -> Range<Int>? {
        guard let node = resolve(path), node.kind == .value || node.kind == nil else { return nil }
        return node.valueRange
    }

    struct Node {
        var keyRange: Range<Int>?
        var valueRange: Range<Int>
        /// nil for array elements.
        var kind: EntryKind?
        var value: TOMLValue
        /// Path of the outermost inline table or array containing this node,
        /// if any: edits below it rewrite that inline value.
        var inlineRoot: [String]?
    }

    func resolve(_ path: [String]) -> Node? {
        guard !path.isEmpty else { return nil }
        var node: Node? = nil
        var table = root
        for (depth, component) in path.enumerated() {
            if let current = node {
                let isInline = current.kind == .value || (current.kind == nil && !isSectionTable(current))
                let inlineRoot = current.inlineRoot ?? (isInline ? Array(path.prefix(depth)) : nil)
                switch current.value {
                case .table(let sub):
                    table = sub
                    guard let slot = table.index(forKey: component) else { return nil }
                    if let meta = table.meta(at: slot) {
                        node = Node(
                            keyRange: meta.keyStart..<meta.keyEnd, valueRange: meta.valueStart..<meta.valueEnd,
                            kind: meta.kind, value: table[slot: slot], inlineRoot: inlineRoot)
                    } else {
                        return nil
                    }
                case .array(let elements):
                    guard let index = Int(component), elements.indices.contains(index) else { return nil }
                    let element = elements[index]
                    if current.kind == .arrayOfTables, case .table(let sub) = element {
                        let start = sub.headerOffset >= 0 ? sub.headerOffset : current.valueRange.lowerBound
                        node = Node(keyRange: nil, valueRange: start..<start, kind: nil, value: element, inlineRoot: nil)
                    } else {
                        let ranges = elementRanges(ofArrayAt: current.valueRange.lowerBound)
                        guard ranges.count == elements.count else { return nil }
                        node = Node(keyRange: nil, valueRange: ranges[index], kind: nil, value: element, inlineRoot: inlineRoot)
                    }
                default:
                    return nil
                }
                continue
            }
            guard let slot = table.index(forKey: component), let meta = table.meta(at: slot) else { return nil }
            node = Node(
                keyRange: meta.keyStart..<meta.keyEnd, valueRange: meta.valueStart..<meta.valueEnd, kind: meta.kind,
                value: table[slot: slot], inlineRoot: nil)
        }
        return node
    }

    /// An element of an array of tables: a table written as a section.
    func isSectionTable(_ node: Node) -> Bool {
        guard node.kind == nil, node.inlineRoot == nil, case .table(let table) = node.value else { return false }
        return table.headerOffset >= 0
    }

    /// Ranges of the elements of the inline array starting at `offset`.
    func elementRanges(ofArrayAt offset: Int) -> [Range<Int>] {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer)
            parser.i = offset
            parser.elementRanges = []
            guard offset < buffer.count, buffer[offset] == ASCII.leftBracket,
                  (try? parser.parseValue(depth: 0)) != nil
            else { return [] }
            return parser.elementRanges ?? []
        }
    }
}
