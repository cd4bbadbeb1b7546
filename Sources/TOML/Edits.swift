/// Why an edit could not be made. The document is left unchanged.
public struct TOMLEditError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Minimal edits: each one splices the fewest bytes it can into the source
/// and re-parses, so untouched lines (comments, spacing, order) survive and
/// the result is always valid TOML.
extension TOMLDocument {
    /// Replaces the value at `path`, keeping its key, spacing and comment; or
    /// adds `key = value` at the end of the owning table's key lines,
    /// creating a `[table]` at the end of the file if the table is new.
    public mutating func setValue(_ value: TOMLValue, at path: [String]) throws(TOMLEditError) {
        guard let key = path.last else { throw TOMLEditError("cannot replace the root table") }
        if let node = resolve(path) {
            try replace(node, at: path, with: value)
        } else {
            try insertNew(value, forKey: key, inTable: Array(path.dropLast()), at: nil)
        }
    }

    /// Inserts `key = value` as the `index`-th key line of the table at
    /// `path` (clamped; the end if `index` is past the last key).
    public mutating func insertValue(
        _ value: TOMLValue, forKey key: String, inTable path: [String], at index: Int
    ) throws(TOMLEditError) {
        if resolve(path + [key]) != nil {
            throw TOMLEditError("key `\(TOMLSerializer.key(path: path + [key]))` already exists")
        }
        try insertNew(value, forKey: key, inTable: path, at: max(0, index))
    }

    /// Removes the entry at `path`: its whole line for a `key = value`, or
    /// the sections of a `[table]` / `[[array]]` (including sub-tables).
    public mutating func removeValue(at path: [String]) throws(TOMLEditError) {
        guard let node = resolve(path) else { throw missing(path) }
        if let inlineRoot = node.inlineRoot {
            try rewriteInline(at: inlineRoot) { value throws(TOMLEditError) in
                try TOMLDocument.modify(&value, at: path[inlineRoot.count...]) { $0 = nil }
            }
            return
        }
        switch node.kind {
        case .value?:
            guard let keyStart = node.keyRange?.lowerBound, let index = statementIndex(containing: keyStart) else {
                throw missing(path)
            }
            let statement = statements[index]
            try apply([(statement.start..<statement.end, [])])
        // A table may be written partly as dotted keys and partly as `[headers]` below it
        // (`a.b = 1` and `[a.c]`): removing it removes every place that defines a part of it.
        case .dottedTable?, .headerTable?, .arrayOfTables?, .implicitTable?:
            try apply(sectionRanges(under: path, element: nil).map { ($0, []) })
        case nil:
            throw TOMLEditError("use removeElement(at:fromArrayAt:) to remove array elements")
        }
    }

    /// Appends an element to the array at `path`, keeping its layout: the
    /// same separator on one line, or a new line with the same indentation
    /// in a multi-line array. Arrays of tables get a new `[[header]]` section.
    public mutating func appendElement(_ value: TOMLValue, toArrayAt path: [String]) throws(TOMLEditError) {
        guard let node = resolve(path) else { throw missing(path) }
        guard case .array(let elements) = node.value else { throw notArray(path, node.value) }
        if node.kind == .arrayOfTables {
            guard case .table(let table) = value else {
                throw TOMLEditError("`\(TOMLSerializer.key(path: path))` is an array of tables; append a table")
            }
            guard !path.contains(where: { Int($0) != nil }) else {
                throw TOMLEditError("cannot append to a nested array of tables by index path")
            }
            var wrapper = TOMLValue.array([.table(table)])
            for component in path.reversed() { wrapper = .table(TOMLTable([(component, wrapper)])) }
            guard case .table(let whole) = wrapper else { return }
            try appendSection(Array(TOMLSerializer.document(whole, newline: newlineString).utf8))
            return
        }
        if let inlineRoot = node.inlineRoot {
            try rewriteInline(at: inlineRoot) { root throws(TOMLEditError) in
                try TOMLDocument.modify(&root, at: path[inlineRoot.count...]) { target in
                    if case .array(var items)? = target {
                        items.append(value)
                        target = .array(items)
                    }
                }
            }
            return
        }
        let arrayRange = node.valueRange
        let ranges = elementRanges(ofArrayAt: arrayRange.lowerBound)
        let text = Array(TOMLSerializer.value(value).utf8)
        guard let last = ranges.last, ranges.count == elements.count else {
            try apply([(arrayRange, Array("[".utf8) + text + Array("]".utf8))])
            return
        }
        let multiline = bytes[arrayRange].contains(ASCII.lf)
        var after = last.upperBound
        while after < bytes.count, bytes[after] == ASCII.space || bytes[after] == ASCII.tab { after += 1 }
        let trailingComma = after < bytes.count && bytes[after] == ASCII.comma
        if multiline {
            let indent = indentation(ofLineAt: last.lowerBound)
            if trailingComma {
                // `  b,  # note\n` → add `  c,\n` after that line.
                let lineEnd = endOfLine(from: after)
                try apply([(lineEnd..<lineEnd, indent + text + Array(",".utf8) + newline)])
            } else {
                // Put the comma after the last element and the new element on
                // the next line, leaving any comment with its element.
                let lineEnd = endOfLine(from: after)
                var newlineStart = lineEnd
                if newlineStart > 0, bytes[newlineStart - 1] == ASCII.lf { newlineStart -= 1 }
                if newlineStart > 0, bytes[newlineStart - 1] == ASCII.cr { newlineStart -= 1 }
                if newlineStart <= last.upperBound || lineEnd > arrayRange.upperBound {
                    // Last element shares its line with `]`.
                    try apply([(last.upperBound..<last.upperBound, Array(",".utf8) + newline + indent + text)])
                } else {
                    try apply([
                        (newlineStart..<newlineStart, newline + indent + text),
                        (last.upperBound..<last.upperBound, Array(",".utf8)),
                    ])
                }
            }
            return
        }
        if trailingComma {
            try apply([(after + 1..<after + 1, Array(" ".utf8) + text + Array(",".utf8))])
            return
        }
        var separator = Array(", ".utf8)
        if ranges.count >= 2 {
            separator = Array(bytes[ranges[ranges.count - 2].upperBound..<last.lowerBound])
        }
        try apply([(last.upperBound..<last.upperBound, separator + text)])
    }

    /// Removes the element at `index` of the array at `path`, with its separator.
    public mutating func removeElement(at index: Int, fromArrayAt path: [String]) throws(TOMLEditError) {
        guard let node = resolve(path) else { throw missing(path) }
        guard case .array(let elements) = node.value else { throw notArray(path, node.value) }
        guard elements.indices.contains(index) else {
            throw TOMLEditError("index \(index) is out of range for `\(TOMLSerializer.key(path: path))` (\(elements.count) elements)")
        }
        if node.kind == .arrayOfTables {
            try apply(sectionRanges(under: path, element: index).map { ($0, []) })
            return
        }
        if let inlineRoot = node.inlineRoot {
            try rewriteInline(at: inlineRoot) { root throws(TOMLEditError) in
                try TOMLDocument.modify(&root, at: path[inlineRoot.count...]) { target in
                    if case .array(var items)? = target {
                        items.remove(at: index)
                        target = .array(items)
                    }
                }
            }
            return
        }
        let ranges = elementRanges(ofArrayAt: node.valueRange.lowerBound)
        guard ranges.count == elements.count else { throw missing(path) }
        if ranges.count == 1 {
            try apply([(node.valueRange, Array("[]".utf8))])
        } else if index + 1 < ranges.count {
            try apply([(ranges[index].lowerBound..<ranges[index + 1].lowerBound, [])])
        } else {
            try apply([(ranges[index - 1].upperBound..<ranges[index].upperBound, [])])
        }
    }

    // MARK: Replacing

    private mutating func replace(_ node: Node, at path: [String], with value: TOMLValue) throws(TOMLEditError) {
        let writtenAsSections = node.kind == .headerTable || node.kind == .implicitTable || node.kind == .dottedTable
            || node.kind == .arrayOfTables || isSectionTable(node)
        guard writtenAsSections else {
            try apply([(node.valueRange, Array(TOMLSerializer.value(value).utf8))])
            return
        }
        // A table written as sections: update key by key so comments and
        // layout inside it survive.
        guard case .table(let newTable) = value, case .table(let oldTable) = node.value else {
            throw TOMLEditError(
                "`\(TOMLSerializer.key(path: path))` is \(Parser.article(node.value.typeName)) written as [sections]; "
                    + "remove it first to replace it with \(Parser.article(value.typeName))")
        }
        for key in oldTable.keys where newTable[key] == nil {
            try removeValue(at: path + [key])
        }
        for (key, entry) in newTable where oldTable[key] != entry {
            try setValue(entry, at: path + [key])
        }
    }

    // MARK: Inserting

    private mutating func insertNew(
        _ value: TOMLValue, forKey key: String, inTable owner: [String], at position: Int?
    ) throws(TOMLEditError) {
        let line = Array("\(TOMLSerializer.key(key)) = \(TOMLSerializer.value(value))".utf8)
        if owner.isEmpty {
            try insertLine(line, inSectionAt: nil, at: position)
            return
        }
        if let node = resolve(owner) {
            guard case .table = node.value else {
                throw TOMLEditError("`\(TOMLSerializer.key(path: owner))` is \(Parser.article(node.value.typeName)), not a table")
            }
            if let inlineRoot = node.inlineRoot ?? (node.kind == .value ? owner : nil) {
                try rewriteInline(at: inlineRoot) { root throws(TOMLEditError) in
                    try TOMLDocument.modify(&root, at: (owner + [key])[inlineRoot.count...]) { $0 = value }
                }
                return
            }
            switch node.kind {
            case .headerTable?, nil:
                try insertLine(line, inSectionAt: node.valueRange.lowerBound, at: position)
            case .dottedTable?:
                let (section, relative) = owningSection(of: owner)
                let dotted = Array("\(TOMLSerializer.key(path: relative + [key])) = \(TOMLSerializer.value(value))".utf8)
                try insertLine(dotted, inSectionAt: section, at: position.map { _ in Int.max })
            case .implicitTable?:
                try appendSection(headerText(owner) + line + newline)
            case .arrayOfTables?, .value?:
                throw TOMLEditError("`\(TOMLSerializer.key(path: owner))` is not a table")
            }
            return
        }
        // The table does not exist: find the deepest existing ancestor.
        var prefix = owner
        while !prefix.isEmpty, resolve(prefix) == nil { prefix.removeLast() }
        if !prefix.isEmpty, let ancestor = resolve(prefix) {
            guard case .table = ancestor.value else {
                throw TOMLEditError("`\(TOMLSerializer.key(path: prefix))` is \(Parser.article(ancestor.value.typeName)), not a table")
            }
            if let inlineRoot = ancestor.inlineRoot ?? (ancestor.kind == .value ? prefix : nil) {
                try rewriteInline(at: inlineRoot) { root throws(TOMLEditError) in
                    try TOMLDocument.modify(&root, at: (owner + [key])[inlineRoot.count...]) { $0 = value }
                }
                return
            }
        }
        if !owner.contains(where: { Int($0) != nil }) {
            try appendSection(headerText(owner) + line + newline)
            return
        }
        let (section, relative) = owningSection(of: owner)
        let dotted = Array("\(TOMLSerializer.key(path: relative + [key])) = \(TOMLSerializer.value(value))".utf8)
        try insertLine(dotted, inSectionAt: section, at: nil)
    }

    /// Inserts a key line among the key lines of a section (`nil`: root).
    private mutating func insertLine(_ line: [UInt8], inSectionAt header: Int?, at position: Int?) throws(TOMLEditError) {
        let section = sectionStatements(header: header)
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
            // Root without keys: above the comment block attached to the first header.
            let start = attachedCommentStart(before: statements[firstHeader].start)
            try apply([(start..<start, line + newline + newline)])
            return
        } else {
            offset = bytes.count
        }
        if offset == bytes.count, !bytes.isEmpty, bytes.last != ASCII.lf {
            try apply([(offset..<offset, newline + indent + line)])
        } else {
            try apply([(offset..<offset, indent + line + newline)])
        }
    }

    /// Appends text as a new section at the end, after one blank line.
    private mutating func appendSection(_ text: [UInt8]) throws(TOMLEditError) {
        var prefix: [UInt8] = []
        if !bytes.isEmpty {
            if bytes.last != ASCII.lf { prefix += newline }
            if !endsWithBlankLine(afterAdding: prefix) { prefix += newline }
        }
        try apply([(bytes.count..<bytes.count, prefix + text)])
    }

    private func endsWithBlankLine(afterAdding prefix: [UInt8]) -> Bool {
        let tail = Array(bytes.suffix(4)) + prefix
        let text = tail.filter { $0 != ASCII.cr }
        return text.count >= 2 && text[text.count - 1] == ASCII.lf && text[text.count - 2] == ASCII.lf
    }

    private func headerText(_ path: [String]) -> [UInt8] {
        Array("[\(TOMLSerializer.key(path: path))]".utf8) + newline
    }

    // MARK: Inline rewrites

    /// Replaces the inline value at `path` with a modified copy.
    private mutating func rewriteInline(
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

    // MARK: Applying

    /// Splices the replacements into the source and re-parses; on failure
    /// the document is unchanged.
    mutating func apply(_ edits: [(Range<Int>, [UInt8])]) throws(TOMLEditError) {
        var newBytes = bytes
        for (range, replacement) in edits.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            newBytes.replaceSubrange(range, with: replacement)
        }
        switch TOMLDocument.parse(newBytes) {
        case .success(let document):
            self = document
        case .failure(let failure):
            let first = failure.diagnostics.first.map { "\($0.line):\($0.column): \($0.message)" } ?? "unknown error"
            throw TOMLEditError("the edit would produce invalid TOML (\(first))")
        }
    }

    // MARK: Source helpers

    /// The file's newline style: CRLF if its first newline is CRLF.
    var newline: [UInt8] {
        guard let first = bytes.firstIndex(of: ASCII.lf) else { return [ASCII.lf] }
        return first > 0 && bytes[first - 1] == ASCII.cr ? [ASCII.cr, ASCII.lf] : [ASCII.lf]
    }

    var newlineString: String { newline.count == 2 ? "\r\n" : "\n" }

    func indentation(ofLineAt offset: Int) -> [UInt8] {
        var start = offset
        while start > 0, bytes[start - 1] != ASCII.lf { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == ASCII.space || bytes[end] == ASCII.tab { end += 1 }
        return Array(bytes[start..<end])
    }

    /// Offset just after the newline ending the line containing `offset`.
    func endOfLine(from offset: Int) -> Int {
        var j = offset
        while j < bytes.count, bytes[j] != ASCII.lf { j += 1 }
        return min(j + 1, bytes.count)
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

    func statementIndex(containing offset: Int) -> Int? {
        var low = 0
        var high = statements.count - 1
        var found: Int? = nil
        while low <= high {
            let mid = (low + high) / 2
            if statements[mid].start <= offset {
                found = mid
                low = mid + 1
            } else {
                high = mid - 1
            }
        }
        return found
    }

    /// The header statement (nil: root) and the key statements of a section.
    func sectionStatements(header: Int?) -> (header: Int?, keys: [Int]) {
        var index = 0
        var headerIndex: Int? = nil
        if let header, let found = statementIndex(containing: header), statements[found].keyStart == header,
           statements[found].kind != .keyValue
        {
            headerIndex = found
            index = found + 1
        }
        var keys: [Int] = []
        while index < statements.count, statements[index].kind == .keyValue {
            keys.append(index)
            index += 1
        }
        return (headerIndex, keys)
    }

    /// The section (header offset, nil for root) that holds the key lines of
    /// `path`, and the path relative to it (for dotted keys).
    func owningSection(of path: [String]) -> (Int?, [String]) {
        var section: Int? = nil
        var relative: [String] = []
        for length in 1...max(1, path.count) where length <= path.count {
            let prefix = Array(path.prefix(length))
            guard let node = resolve(prefix) else {
                relative.append(path[length - 1])
                continue
            }
            switch node.kind {
            case .headerTable?:
                section = node.valueRange.lowerBound
                relative = []
            case nil:
                if case .table = node.value {
                    section = node.valueRange.lowerBound
                    relative = []
                }
            case .arrayOfTables?:
                relative = []
            default:
                relative.append(path[length - 1])
            }
        }
        return (section, relative)
    }

    func keyPath(at offset: Int) -> [String] {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer)
            parser.i = offset
            var parts: [KeyPart] = []
            guard (try? parser.parseKey(into: &parts)) != nil else { return [] }
            return parts.map(\.name)
        }
    }

    func headerPath(of statement: TOMLStatement) -> [String] {
        var j = statement.keyStart + (statement.kind == .arrayOfTables ? 2 : 1)
        while j < bytes.count, bytes[j] == ASCII.space || bytes[j] == ASCII.tab { j += 1 }
        return keyPath(at: j)
    }

    /// Absolute key path of every statement, tracking headers.
    func statementPaths() -> [(index: Int, path: [String])] {
        var result: [(Int, [String])] = []
        var base: [String] = []
        for (index, statement) in statements.enumerated() {
            if statement.kind == .keyValue {
                result.append((index, base + keyPath(at: statement.keyStart)))
            } else {
                base = headerPath(of: statement)
                result.append((index, base))
            }
        }
        return result
    }

    /// Byte ranges of the `[header]` blocks at or below `path` (for an array
    /// of tables, only those of element `element` if given), each from the
    /// header line through its last key line.
    func sectionRanges(under path: [String], element: Int?) -> [Range<Int>] {
        let headerPathSansIndices = path.filter { Int($0) == nil }
        var ranges: [Range<Int>] = []
        var elementCounter = -1
        var inSelectedElement = element == nil
        var index = 0
        let paths = statementPaths()
        // Keys of `path` written as dotted keys in a parent section go too.
        for (statementIndex, keyPath) in paths where statements[statementIndex].kind == .keyValue {
            if keyPath.starts(with: headerPathSansIndices), !sectionOwns(statementIndex, headerPathSansIndices, paths) {
                ranges.append(statements[statementIndex].start..<statements[statementIndex].end)
            }
        }
        while index < statements.count {
            let statement = statements[index]
            guard statement.kind != .keyValue else {
                index += 1
                continue
            }
            let headerPath = paths[index].path
            if headerPath == headerPathSansIndices, statement.kind == .arrayOfTables {
                elementCounter += 1
                inSelectedElement = element == nil || elementCounter == element
            } else if !headerPath.starts(with: headerPathSansIndices) {
                index += 1
                continue
            }
            var end = statement.end
            var next = index + 1
            while next < statements.count, statements[next].kind == .keyValue {
                end = statements[next].end
                next += 1
            }
            if inSelectedElement, headerPath.starts(with: headerPathSansIndices) {
                ranges.append(statement.start..<end)
            }
            index = next
        }
        return ranges
    }

    private func sectionOwns(_ statementIndex: Int, _ path: [String], _ paths: [(index: Int, path: [String])]) -> Bool {
        var header = statementIndex
        while header >= 0, statements[header].kind == .keyValue { header -= 1 }
        return header >= 0 && paths[header].path.starts(with: path)
    }

    func missing(_ path: [String]) -> TOMLEditError {
        TOMLEditError("no value at `\(TOMLSerializer.key(path: path))`")
    }

    func notArray(_ path: [String], _ value: TOMLValue) -> TOMLEditError {
        TOMLEditError("`\(TOMLSerializer.key(path: path))` is \(Parser.article(value.typeName)), not an array")
    }
}
