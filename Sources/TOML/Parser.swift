/// One line-level construct of a document: a `key = value` line (possibly
/// spanning several lines for multi-line values) or a header. Comment and
/// blank lines are not recorded; they are whatever lies between statements.
struct TOMLStatement: Sendable {
    enum Kind: UInt8, Sendable {
        case keyValue
        case table
        case arrayOfTables
    }

    var kind: Kind
    private var start32: Int32
    private var end32: Int32
    private var keyStart32: Int32

    init(kind: Kind, start: Int, end: Int, keyStart: Int) {
        self.kind = kind
        start32 = Int32(truncatingIfNeeded: start)
        end32 = Int32(truncatingIfNeeded: end)
        keyStart32 = Int32(truncatingIfNeeded: keyStart)
    }

    /// Start of the line, before indentation.
    var start: Int { Int(start32) }
    /// After the line's newline (or the end of the file).
    var end: Int { Int(end32) }
    /// First byte of the key, or the `[` of a header.
    var keyStart: Int { Int(keyStart32) }
}

struct KeyPart {
    var name: String
    var start: Int
    var end: Int

    /// Written as itself (not quoted): the key's bytes are `start..<end` of the source.
    var isBare: Bool
}

/// The parser: one pass over UTF-8 bytes producing the value tree (with
/// source ranges), the statement index and diagnostics.
///
/// Tables are built in place. The table of the section being filled is
/// taken out of the tree into `current` so each `key = value` line touches
/// only that table; it is put back when the next header starts.
struct Parser {
    static let maxDepth = 128
    static let maxDiagnostics = 200

    let src: UnsafeBufferPointer<UInt8>
    /// The same bytes as an array, which parsed tables keep their bare keys in (empty: tables
    /// keep Strings).
    let source: [UInt8]
    let n: Int
    /// `KeyIndex.seed`, read once.
    let hashSeed = KeyIndex.seed
    var i = 0
    var diagnostics: [TOMLDiagnostic] = []
    var statements: [TOMLStatement] = []
    var root = TOMLTable()
    var current = TOMLTable()
    /// Path of the open section's table; nil after a broken header, whose
    /// keys are still checked but then dropped.
    var currentPath: [String]? = []
    var scratchParts: [KeyPart] = []
    /// When set, top-level array elements' ranges are collected here
    /// (used to locate array elements on demand).
    var elementRanges: [Range<Int>]? = nil
    /// Where to continue after an error, when the error knows better than
    /// "the next line".
    var resumeAt: Int? = nil

    init(_ src: UnsafeBufferPointer<UInt8>, source: [UInt8] = []) {
        self.src = src
        self.source = source
        self.n = src.count
    }

    // MARK: Document

    /// Parses the whole source.
    mutating func parseDocument() {
        if n >= 3, src[0] == 0xEF, src[1] == 0xBB, src[2] == 0xBF { i = 3 }
        // One statement a line, and lines are rarely shorter than 16 bytes (a log's are 18):
        // reserving avoids most regrowth.
        statements.reserveCapacity(n / 16 + 8)
        current = TOMLTable(keysIn: source)
        if i < n, src[i] != ASCII.leftBracket { current.reserveForParsing(entriesInSection(from: i)) }
        while i < n {
            let lineStart = i
            skipBlanks()
            guard i < n else { break }
            do throws(TOMLDiagnostic) {
                switch src[i] {
                case ASCII.lf:
                    i += 1
                case ASCII.cr, ASCII.hash:
                    try lineEnd(after: "")
                case ASCII.leftBracket:
                    try parseHeader(lineStart: lineStart)
                default:
                    try parseKeyValue(lineStart: lineStart)
                }
            } catch {
                diagnostics.append(error)
                if diagnostics.count >= Parser.maxDiagnostics { break }
                let resume = resumeAt
                resumeAt = nil
                if let resume, resume > lineStart {
                    i = resume
                } else {
                    skipRestOfLine(from: max(i, error.offset))
                }
            }
        }
        closeSection()
    }

    mutating func skipRestOfLine(from offset: Int) {
        i = min(offset, n)
        while i < n, src[i] != ASCII.lf { i += 1 }
        if i < n { i += 1 }
    }

    @inline(__always)
    mutating func skipBlanks() {
        while i < n, src[i] == ASCII.space || src[i] == ASCII.tab { i += 1 }
    }

    /// Consumes optional blanks and comment, then a newline or end of file.
    mutating func lineEnd(after what: String) throws(TOMLDiagnostic) {
        skipBlanks()
        guard i < n else { return }
        if src[i] == ASCII.hash {
            try skipComment()
            guard i < n else { return }
        }
        switch src[i] {
        case ASCII.lf:
            i += 1
        case ASCII.cr where i + 1 < n && src[i + 1] == ASCII.lf:
            i += 2
        case ASCII.cr:
            throw error("carriage return must be followed by a newline", at: i)
        default:
            let context = what.isEmpty ? "" : " after \(what)"
            throw error("unexpected \(describe(at: i))\(context); expected a newline or a comment", at: i)
        }
    }

    /// Skips a `#` comment up to (not including) its newline, validating it.
    mutating func skipComment() throws(TOMLDiagnostic) {
        i += 1
        while i < n {
            let c = src[i]
            if c >= 0x20 && c < 0x7F || c == ASCII.tab {
                i += 1
            } else if c == ASCII.lf {
                return
            } else if c == ASCII.cr {
                guard i + 1 < n, src[i + 1] == ASCII.lf else {
                    throw error("carriage return in a comment must be followed by a newline", at: i)
                }
                return
            } else if c >= 0x80 {
                let length = utf8SequenceLength(src, at: i)
                guard length > 0 else { throw error("invalid UTF-8 in comment", at: i) }
                i += length
            } else {
                throw error("control character \(describe(at: i)) is not allowed in a comment", at: i)
            }
        }
    }

    /// Skips blanks, newlines and comments (inside arrays).
    mutating func skipBlanksAndComments() throws(TOMLDiagnostic) {
        while i < n {
            switch src[i] {
            case ASCII.space, ASCII.tab, ASCII.lf:
                i += 1
            case ASCII.cr:
                guard i + 1 < n, src[i + 1] == ASCII.lf else {
                    throw error("carriage return must be followed by a newline", at: i)
                }
                i += 2
            case ASCII.hash:
                try skipComment()
            default:
                return
            }
        }
    }

    // MARK: Keys

    mutating func parseKey(into parts: inout [KeyPart]) throws(TOMLDiagnostic) {
        parts.removeAll(keepingCapacity: true)
        while true {
            let start = i
            guard i < n else { throw error("expected a key, found end of file", at: i) }
            let c = src[i]
            let name: String
            var isBare = false
            if c.isBareKeyByte {
                var j = i + 1
                while j < n, src[j].isBareKeyByte { j += 1 }
                name = string(start, j)
                i = j
                isBare = true
            } else if c == ASCII.quote || c == ASCII.apostrophe {
                if i + 2 < n, src[i + 1] == c, src[i + 2] == c {
                    throw error("multi-line strings cannot be used as keys", at: i)
                }
                name = c == ASCII.quote ? try parseBasicString() : try parseLiteralString()
            } else if c == ASCII.lf || c == ASCII.cr || c == ASCII.equals || c == ASCII.dot || c == ASCII.hash {
                throw error("expected a key, found \(describe(at: i))", at: i)
            } else {
                throw error("invalid character \(describe(at: i)) in key; quote keys that are not A-Za-z0-9_-", at: i)
            }
            // Each part is a level of tables: bound it like value nesting, or a long dotted key or
            // header (`[a.a.a…]`) recurses deep enough to overflow the stack.
            guard parts.count < Parser.maxDepth else {
                throw error("keys are nested too deeply (limit \(Parser.maxDepth) parts)", at: start)
            }
            parts.append(KeyPart(name: name, start: start, end: i, isBare: isBare))
            skipBlanks()
            guard i < n, src[i] == ASCII.dot else { return }
            i += 1
            skipBlanks()
        }
    }

    /// The bytes from `start` to `end`, already checked to be UTF-8, as a String. Filling the
    /// String's own storage is about half the work of `String(decoding:as:)` for a short key, and
    /// every line of a log has one.
    @inline(__always)
    func string(_ start: Int, _ end: Int) -> String {
        let bytes = UnsafeBufferPointer(rebasing: src[start..<end])
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            _ = buffer.initialize(fromContentsOf: bytes)
            return bytes.count
        }
    }

    // MARK: Key/value lines

    mutating func parseKeyValue(lineStart: Int) throws(TOMLDiagnostic) {
        // Most lines are `bare-key = value` (every line of a `[log]`): read them without the
        // general key machinery, hashing the key where it lies in the source.
        let keyStart = i
        let keyEnd = bareKeyEnd(from: i)
        if keyEnd > keyStart {
            var j = keyEnd
            while j < n, src[j] == ASCII.space || src[j] == ASCII.tab { j += 1 }
            if j < n, src[j] == ASCII.equals {
                i = j
                try parseSimpleKeyValue(lineStart: lineStart, keyStart: keyStart, keyEnd: keyEnd)
                return
            }
        }
        try parseDottedKeyValue(lineStart: lineStart)
    }

    /// Where the run of bare-key bytes starting at `start` ends, eight bytes at a time.
    @inline(__always)
    func bareKeyEnd(from start: Int) -> Int {
        var j = start
        if let base = src.baseAddress {
            let raw = UnsafeRawPointer(base)
            while j + 8 <= n {
                let other = UInt64.nonBareKeyBytes(in: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)))
                if other != 0 { return j + other.trailingZeroBitCount / 8 }
                j += 8
            }
        }
        while j < n, src[j].isBareKeyByte { j += 1 }
        return j
    }

    /// `key = value` with one bare key; `i` is at the `=`.
    @inline(__always)
    mutating func parseSimpleKeyValue(lineStart: Int, keyStart: Int, keyEnd: Int) throws(TOMLDiagnostic) {
        i += 1
        skipBlanks()
        let valueStart = i
        if i >= n || src[i] == ASCII.lf || src[i] == ASCII.cr || src[i] == ASCII.hash {
            throw error("expected a value after `=`", at: i)
        }
        // A boolean is appended where it is known to be one: the append then copies it as plain
        // bytes instead of calling the value's outlined copy (which checks for a reference).
        let existing: Int?
        if let boolean = boolean(at: i) {
            i += boolean ? 4 : 5
            let meta = EntryMeta(keyStart: keyStart, keyEnd: keyEnd, valueStart: valueStart, valueEnd: i, kind: .value)
            let hash = KeyIndex.hash(utf8: UnsafeBufferPointer(rebasing: src[keyStart..<keyEnd]), seed: hashSeed)
            existing = current.appendParsedIfAbsent(bareKeyIn: src, hash: hash, .boolean(boolean), meta)
        } else {
            let value = try parseValue(depth: currentPath?.count ?? 0)
            let meta = EntryMeta(keyStart: keyStart, keyEnd: keyEnd, valueStart: valueStart, valueEnd: i, kind: .value)
            let hash = KeyIndex.hash(utf8: UnsafeBufferPointer(rebasing: src[keyStart..<keyEnd]), seed: hashSeed)
            existing = current.appendParsedIfAbsent(bareKeyIn: src, hash: hash, value, meta)
        }
        if let slot = existing {
            let part = KeyPart(name: string(keyStart, keyEnd), start: keyStart, end: keyEnd, isBare: true)
            throw duplicate([part], 0, current.meta(at: slot))
        }
        if i < n, src[i] == ASCII.lf {
            i += 1
        } else {
            try lineEnd(after: "the value")
        }
        statements.append(TOMLStatement(kind: .keyValue, start: lineStart, end: i, keyStart: keyStart))
    }

    /// `true` or `false` as a whole word at `j` (every line of a log holds one), read without
    /// the token machinery; nil for anything else.
    @inline(__always)
    func boolean(at j: Int) -> Bool? {
        guard j + 5 <= n else { return nil }
        let word = UInt32(littleEndian: UnsafeRawPointer(src.baseAddress! + j).loadUnaligned(as: UInt32.self))
        if word == 0x6575_7274, !isTokenByte(src[j + 4]) { return true }  // "true"
        if word == 0x736C_6166, src[j + 4] == 0x65, j + 5 == n || !isTokenByte(src[j + 5]) { return false }  // "fals" "e"
        return nil
    }

    /// `key = value` in general: dotted and quoted keys.
    mutating func parseDottedKeyValue(lineStart: Int) throws(TOMLDiagnostic) {
        var parts = scratchParts
        scratchParts = []
        defer { scratchParts = parts }
        try parseKey(into: &parts)
        guard i < n, src[i] == ASCII.equals else {
            let key = displayKey(parts)
            if i >= n || src[i] == ASCII.lf || src[i] == ASCII.cr || src[i] == ASCII.hash {
                throw error("expected `=` after key `\(key)`", at: i)
            }
            throw error("expected `=` after key `\(key)`, found \(describe(at: i))", at: i)
        }
        i += 1
        skipBlanks()
        let valueStart = i
        if i >= n || src[i] == ASCII.lf || src[i] == ASCII.cr || src[i] == ASCII.hash {
            throw error("expected a value after `=`", at: i)
        }
        // Tables opened by the header and the dotted key count towards the nesting limit.
        let value = try parseValue(depth: (currentPath?.count ?? 0) + parts.count - 1)
        let valueEnd = i
        if parts.count == 1 {
            let part = parts[0]
            let meta = EntryMeta(
                keyStart: part.start, keyEnd: part.end, valueStart: valueStart, valueEnd: valueEnd, kind: .value)
            if let slot = current.appendParsedIfAbsent(part.name, bare: part.isBare, value, meta) {
                throw duplicate(parts, 0, current.meta(at: slot))
            }
        } else {
            var target = current
            current = TOMLTable()
            defer { current = target }
            try Parser.insert(parts, 0, value, valueStart, valueEnd, into: &target, src, source)
        }
        try lineEnd(after: "the value")
        statements.append(TOMLStatement(kind: .keyValue, start: lineStart, end: i, keyStart: parts[0].start))
    }

    /// Inserts a (possibly dotted) key into `table`, creating dotted tables.
    static func insert(
        _ parts: [KeyPart], _ k: Int, _ value: TOMLValue, _ valueStart: Int, _ valueEnd: Int,
        into table: inout TOMLTable, _ src: UnsafeBufferPointer<UInt8>, _ source: [UInt8]
    ) throws(TOMLDiagnostic) {
        let part = parts[k]
        let existing = table.index(forKey: part.name)
        if k == parts.count - 1 {
            if let existing {
                throw duplicateError(parts, k, table.meta(at: existing), src)
            }
            table.appendParsed(
                part.name, bare: part.isBare, value,
                EntryMeta(keyStart: part.start, keyEnd: part.end, valueStart: valueStart, valueEnd: valueEnd, kind: .value))
            return
        }
        guard let slot = existing else {
            var sub = TOMLTable(keysIn: source)
            try insert(parts, k + 1, value, valueStart, valueEnd, into: &sub, src, source)
            table.appendParsed(
                part.name, bare: part.isBare, .table(sub),
                EntryMeta(keyStart: part.start, keyEnd: part.end, valueStart: part.start, valueEnd: part.end, kind: .dottedTable))
            return
        }
        let meta = table.meta(at: slot)
        guard meta?.kind == .dottedTable, case .table(var sub) = table[slot: slot] else {
            throw cannotExtend(parts, k, table[slot: slot], meta, byDottedKey: true, src)
        }
        table[slot: slot] = .boolean(false)
        defer { table[slot: slot] = .table(sub) }
        try insert(parts, k + 1, value, valueStart, valueEnd, into: &sub, src, source)
    }

    // MARK: Headers

    mutating func parseHeader(lineStart: Int) throws(TOMLDiagnostic) {
        let headerStart = i
        let isArray = i + 1 < n && src[i + 1] == ASCII.leftBracket
        i += isArray ? 2 : 1
        skipBlanks()
        var parts: [KeyPart] = []
        try parseKey(into: &parts)
        let closing = isArray ? "`]]`" : "`]`"
        guard i < n, src[i] == ASCII.rightBracket else {
            throw error("expected \(closing) to close the table header, found \(describe(at: i))", at: i)
        }
        i += 1
        if isArray {
            guard i < n, src[i] == ASCII.rightBracket else {
                throw error("expected `]]` to close the array-of-tables header, found \(describe(at: i))", at: i)
            }
            i += 1
        }
        let headerEnd = i
        closeSection()
        var tree = root
        root = TOMLTable()
        defer { root = tree }
        do {
            current = try Parser.openHeader(parts, 0, isArray, headerStart, headerEnd, in: &tree, src, source)
            if src[lineStart] == ASCII.leftBracket { current.reserveForParsing(entriesInSection(from: lineStart)) }
            currentPath = parts.map(\.name)
        } catch {
            current = TOMLTable()
            currentPath = nil
            throw error
        }
        try lineEnd(after: "the table header")
        statements.append(
            TOMLStatement(kind: isArray ? .arrayOfTables : .table, start: lineStart, end: i, keyStart: headerStart))
    }

    /// A guess at the number of entries of the section starting at `start`, so that its table is
    /// sized once instead of growing and re-hashing line by line: its bytes up to the next line
    /// that starts with `[` (or the end), over 16 (a log's lines are 15 to 20 bytes; a wrong
    /// guess costs only growth). Eight bytes at a time, looking only for `[`; each header's scan
    /// stops at the next one, so a document is scanned once in all.
    func entriesInSection(from start: Int) -> Int {
        var j = start + 1
        var end = n
        search: if let base = src.baseAddress {
            let raw = UnsafeRawPointer(base)
            while j + 8 <= n {
                // `[` bytes: the newline test on the word with 0x5B turned into 0x0A.
                var brackets = TOMLLineIndex.newlineBytes(
                    in: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)) ^ 0x5151_5151_5151_5151)
                while brackets != 0 {
                    let bracket = j + brackets.trailingZeroBitCount / 8
                    if src[bracket - 1] == ASCII.lf {
                        end = bracket
                        break search
                    }
                    brackets &= brackets &- 1
                }
                j += 8
            }
            while j < n {
                if src[j] == ASCII.leftBracket, src[j - 1] == ASCII.lf {
                    end = j
                    break search
                }
                j += 1
            }
        }
        return (end - start) / 16 + 1
    }

    /// Puts the open section's table back into the tree.
    mutating func closeSection() {
        if let path = currentPath {
            if path.isEmpty {
                root = current
            } else {
                Parser.putBack(current, path[...], in: &root)
            }
        }
        current = TOMLTable()
        currentPath = nil
    }

    static func putBack(_ section: TOMLTable, _ path: ArraySlice<String>, in table: inout TOMLTable) {
        guard let name = path.first, let slot = table.index(forKey: name) else { return }
        let rest = path.dropFirst()
        switch table[slot: slot] {
        case .table(var sub):
            table[slot: slot] = .boolean(false)
            if rest.isEmpty { sub = section } else { putBack(section, rest, in: &sub) }
            table[slot: slot] = .table(sub)
        case .array(var elements):
            guard let last = elements.indices.last, case .table(var sub) = elements[last] else { return }
            table[slot: slot] = .boolean(false)
            elements[last] = .boolean(false)
            if rest.isEmpty { sub = section } else { putBack(section, rest, in: &sub) }
            elements[last] = .table(sub)
            table[slot: slot] = .array(elements)
        default:
            return
        }
    }

    /// Walks a header path, creating implicit tables, and opens its table:
    /// returns that table's current contents, leaving a placeholder in the tree.
    static func openHeader(
        _ parts: [KeyPart], _ k: Int, _ isArray: Bool, _ headerStart: Int, _ headerEnd: Int,
        in table: inout TOMLTable, _ src: UnsafeBufferPointer<UInt8>, _ source: [UInt8]
    ) throws(TOMLDiagnostic) -> TOMLTable {
        let part = parts[k]
        let isLast = k == parts.count - 1
        guard let slot = table.index(forKey: part.name) else {
            if isLast {
                var fresh = TOMLTable(keysIn: source)
                fresh.headerOffset = headerStart
                let placeholder: TOMLValue = isArray ? .array([.table(TOMLTable())]) : .table(TOMLTable())
                table.appendParsed(
                    part.name, bare: part.isBare, placeholder,
                    EntryMeta(
                        keyStart: part.start, keyEnd: part.end, valueStart: headerStart, valueEnd: headerEnd,
                        kind: isArray ? .arrayOfTables : .headerTable))
                return fresh
            }
            var sub = TOMLTable(keysIn: source)
            let opened = try openHeader(parts, k + 1, isArray, headerStart, headerEnd, in: &sub, src, source)
            table.appendParsed(
                part.name, bare: part.isBare, .table(sub),
                EntryMeta(
                    keyStart: part.start, keyEnd: part.end, valueStart: headerStart, valueEnd: headerEnd,
                    kind: .implicitTable))
            return opened
        }
        let meta = table.meta(at: slot)
        let kind = meta?.kind ?? .value
        if isLast {
            if isArray {
                guard kind == .arrayOfTables, case .array(var elements) = table[slot: slot] else {
                    throw cannotExtend(parts, k, table[slot: slot], meta, byDottedKey: false, src, arrayHeader: true)
                }
                table[slot: slot] = .boolean(false)
                elements.append(.table(TOMLTable()))
                table[slot: slot] = .array(elements)
                var fresh = TOMLTable(keysIn: source)
                fresh.headerOffset = headerStart
                return fresh
            }
            guard kind == .implicitTable, case .table(var existing) = table[slot: slot] else {
                throw cannotExtend(parts, k, table[slot: slot], meta, byDottedKey: false, src)
            }
            table[slot: slot] = .table(TOMLTable())
            table.setParsedMeta(
                EntryMeta(
                    keyStart: part.start, keyEnd: part.end, valueStart: headerStart, valueEnd: headerEnd, kind: .headerTable),
                at: slot, bare: part.isBare)
            existing.headerOffset = headerStart
            return existing
        }
        switch kind {
        case .dottedTable, .implicitTable, .headerTable:
            if case .table(var sub) = table[slot: slot] {
                table[slot: slot] = .boolean(false)
                defer { table[slot: slot] = .table(sub) }
                return try openHeader(parts, k + 1, isArray, headerStart, headerEnd, in: &sub, src, source)
            }
        case .arrayOfTables:
            // Headers below an array of tables extend its most recent element.
            if case .array(var elements) = table[slot: slot], let last = elements.indices.last,
               case .table(var sub) = elements[last]
            {
                table[slot: slot] = .boolean(false)
                elements[last] = .boolean(false)
                defer {
                    elements[last] = .table(sub)
                    table[slot: slot] = .array(elements)
                }
                return try openHeader(parts, k + 1, isArray, headerStart, headerEnd, in: &sub, src, source)
            }
        case .value:
            break
        }
        throw cannotExtend(parts, k, table[slot: slot], meta, byDottedKey: false, src)
    }

    // MARK: Errors

    func error(_ message: String, at offset: Int) -> TOMLDiagnostic {
        TOMLDiagnostic(line: 0, column: 0, offset: offset, message: message)
    }

    func duplicate(_ parts: [KeyPart], _ k: Int, _ meta: EntryMeta?) -> TOMLDiagnostic {
        Parser.duplicateError(parts, k, meta, src)
    }

    static func duplicateError(
        _ parts: [KeyPart], _ k: Int, _ meta: EntryMeta?, _ src: UnsafeBufferPointer<UInt8>
    ) -> TOMLDiagnostic {
        var message = "duplicate key `\(displayKey(parts[...k]))`"
        if let meta { message += " (first defined on line \(lineNumber(of: meta.keyStart, src)))" }
        return TOMLDiagnostic(line: 0, column: 0, offset: parts[k].start, message: message)
    }

    static func cannotExtend(
        _ parts: [KeyPart], _ k: Int, _ value: TOMLValue, _ meta: EntryMeta?, byDottedKey: Bool,
        _ src: UnsafeBufferPointer<UInt8>, arrayHeader: Bool = false
    ) -> TOMLDiagnostic {
        let key = displayKey(parts[...k])
        let line = meta.map { " on line \(lineNumber(of: $0.keyStart, src))" } ?? ""
        let message: String
        switch meta?.kind ?? .value {
        case .value:
            if case .table = value {
                message = "table `\(key)` was defined inline\(line) and cannot be extended"
            } else if case .array = value, arrayHeader {
                message = "`\(key)` is a static array defined\(line); it cannot be extended with [[\(key)]]"
            } else {
                message = "key `\(key)` is already defined as \(article(value.typeName))\(line)"
            }
        case .dottedTable:
            message = arrayHeader
                ? "key `\(key)` is already a table defined by dotted keys\(line)"
                : "table `\(key)` is already defined by dotted keys\(line)"
        case .implicitTable:
            message = arrayHeader
                ? "key `\(key)` is already a table\(line)"
                : "table `\(key)` was created by a [header]\(line); dotted keys cannot add to it"
        case .headerTable:
            message = byDottedKey
                ? "table `\(key)` is defined by a [header]\(line); dotted keys elsewhere cannot add to it"
                : arrayHeader ? "key `\(key)` is already a table defined\(line)" : "table `\(key)` is already defined\(line)"
        case .arrayOfTables:
            message = byDottedKey
                ? "`\(key)` is an array of tables defined\(line); dotted keys cannot add to it"
                : "`\(key)` is an array of tables defined\(line); use [[\(key)]] to add an element"
        }
        return TOMLDiagnostic(line: 0, column: 0, offset: parts[k].start, message: message)
    }

    static func article(_ noun: String) -> String {
        (noun.first.map { "aeiou".contains($0) } ?? false) ? "an \(noun)" : "a \(noun)"
    }

    static func lineNumber(of offset: Int, _ src: UnsafeBufferPointer<UInt8>) -> Int {
        var line = 1
        for j in 0..<min(offset, src.count) where src[j] == ASCII.lf { line += 1 }
        return line
    }

    func displayKey(_ parts: [KeyPart]) -> String { Parser.displayKey(parts[...]) }

    static func displayKey(_ parts: ArraySlice<KeyPart>) -> String {
        parts.map { TOMLSerializer.key($0.name) }.joined(separator: ".")
    }

    /// Describes the byte at `j` for messages: "`x`", "a newline", "end of file".
    func describe(at j: Int) -> String {
        guard j < n else { return "end of file" }
        let c = src[j]
        switch c {
        case ASCII.lf: return "a newline"
        case ASCII.cr: return "a carriage return"
        case ASCII.tab: return "a tab"
        case 0x20..<0x7F: return "`\(Character(Unicode.Scalar(c)))`"
        case 0..<0x20, ASCII.delete: return "U+\(hex4(UInt32(c)))"
        default:
            let length = utf8SequenceLength(src, at: j)
            guard length > 0 else { return "invalid UTF-8 byte 0x\(String(c, radix: 16, uppercase: true))" }
            return "`\(string(j, j + length))`"
        }
    }
}

func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
