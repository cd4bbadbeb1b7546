/// Finding statements, sections and key paths in the source, for the edits.
extension TOMLDocument {
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

/// One statement of a document's source: a `key = value` line or a `[table]`/`[[array]]` header.
public struct TOMLStatementInfo: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case keyValue, table, arrayOfTables
    }

    public let kind: Kind
    /// The absolute key path: a key line's table path plus its key; a header's table path.
    public let path: [String]
    /// The statement's bytes, from the start of its line to after its newline (multi-line values
    /// included).
    public let range: Range<Int>
}

extension TOMLDocument {
    /// Every statement in source order: what a tool needs to place text next to a given key.
    public var statementInfos: [TOMLStatementInfo] {
        statementPaths().map { index, path in
            let statement = statements[index]
            let kind: TOMLStatementInfo.Kind
            switch statement.kind {
            case .keyValue: kind = .keyValue
            case .table: kind = .table
            case .arrayOfTables: kind = .arrayOfTables
            }
            return TOMLStatementInfo(kind: kind, path: path, range: statement.start..<statement.end)
        }
    }
}
