/// Two edits whose result is known to be valid TOML without parsing it: a new `key = value` line
/// in a `[header]` section, and the removal of such a line. Every other edit splices and parses the
/// whole document again (`splice`), which for a long file costs as much as reading it: a caller that
/// only writes the result out (a log gaining one day) uses these, and parses the bytes again only if
/// it edits them further.
///
/// Each returns exactly the bytes the matching edit (`insertValue`, `removeValue`) would leave, or
/// nil for any shape it cannot vouch for; then the caller makes the edit itself.
extension TOMLDocument {
    /// The source `insertValue(value, forKey: key, inTable: path, at: index)` would leave, when
    /// `path` is a table opened by a `[header]` and the key is new in it. The line goes to a line
    /// boundary among the section's key lines, so the document stays what it was plus one key its
    /// table did not hold.
    public func sourceInsertingValue(_ value: TOMLValue, forKey key: String, inTable path: [String], at index: Int) -> [UInt8]? {
        guard !path.isEmpty, resolve(path + [key]) == nil, let table = resolve(path), table.kind == .headerTable,
              table.inlineRoot == nil, case .table = table.value,
              case let section = sectionStatements(header: table.valueRange.lowerBound), section.header != nil else { return nil }
        let line = Array("\(TOMLSerializer.key(key)) = \(TOMLSerializer.value(value))".utf8)
        // The serializer writes valid single lines; checking one costs a line, not the file.
        guard case .success(let alone) = TOMLDocument.parse(line), alone.root.count == 1, alone.root[key] != nil,
              case let insertion = lineInsertion(line, in: section, at: max(0, index)),
              Self.isIndentedLine(insertion.replacement, newline: newline) else { return nil }
        return try? spliced([insertion])
    }

    /// The source `removeValue(at: path)` would leave, when the entry is a single-key `key = value`
    /// line of a `[header]` section: no other statement can add to a value that is not a table, so
    /// the document stays what it was less that key.
    public func sourceRemovingValue(at path: [String]) -> [UInt8]? {
        guard let key = path.last, let node = resolve(path), node.kind == .value, node.inlineRoot == nil,
              let keyRange = node.keyRange, let table = resolve(Array(path.dropLast())), table.kind == .headerTable,
              table.inlineRoot == nil, let index = statementIndex(containing: keyRange.lowerBound),
              sectionStatements(header: table.valueRange.lowerBound).keys.contains(index),
              case let statement = statements[index], statement.keyStart == keyRange.lowerBound,
              bytes[keyRange].elementsEqual(TOMLSerializer.key(key).utf8) else { return nil }
        return try? spliced([TOMLSplice(statement.start..<statement.end, [])])
    }

    /// Whether `text` is blanks, then something that is neither blank nor a newline, up to a final
    /// newline (or a newline first, when the line goes after a last line that had none).
    private static func isIndentedLine(_ text: [UInt8], newline: [UInt8]) -> Bool {
        var body = text[...]
        if body.starts(with: newline) { body = body.dropFirst(newline.count) } else if body.reversed().starts(with: newline.reversed()) {
            body = body.dropLast(newline.count)
        } else {
            return false
        }
        let indent = body.prefix { $0 == ASCII.space || $0 == ASCII.tab }
        let rest = body.dropFirst(indent.count)
        return !rest.isEmpty && !rest.contains(ASCII.lf) && !rest.contains(ASCII.cr)
    }
}
