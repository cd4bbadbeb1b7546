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
}
