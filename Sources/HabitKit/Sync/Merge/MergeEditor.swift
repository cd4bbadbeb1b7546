import TOML

/// Applies merge decisions to our document with minimal edits.
///
/// Top-level keys and list elements go through TOMLDocument's edits (each re-parses, which is
/// fine for a handful). Log days can number thousands, so they are spliced into the bytes in one
/// pass and parsed once; when the log is written in a shape that pass does not handle (inline
/// table, dotted keys, sub-tables), it falls back to one library edit per day. The caller checks
/// the final document against the decisions either way.
struct MergeEditor {
    private(set) var document: TOMLDocument
    /// Where added keys come from (theirs), for placing them next to the same neighbours.
    let source: TOMLDocument

    init(document: TOMLDocument, source: TOMLDocument) {
        self.document = document
        self.source = source
    }

    // MARK: Top-level keys

    mutating func set(_ key: String, to value: TOMLValue?) throws(TOMLEditError) {
        guard let value else {
            if document.root[key] != nil { try document.removeValue(at: [key]) }
            return
        }
        if document.root[key] != nil {
            do {
                try document.setValue(value, at: [key])
                return
            } catch {
                // e.g. a [table] replaced by a plain value: remove, then add anew.
                try document.removeValue(at: [key])
            }
        }
        try add(key, value)
    }

    private mutating func add(_ key: String, _ value: TOMLValue) throws(TOMLEditError) {
        if case .table(let table) = value, !table.isEmpty, Self.isSection(source, [key]) {
            try addSection([key], table)
            return
        }
        try document.insertValue(value, forKey: key, inTable: [], at: rootInsertionIndex(for: key))
    }

    /// Adds a table the way theirs wrote it: as `[section]`s (appended at the end of the file).
    private mutating func addSection(_ path: [String], _ table: TOMLTable) throws(TOMLEditError) {
        for (key, value) in table {
            if case .table(let sub) = value, !sub.isEmpty, Self.isSection(source, path + [key]) {
                try addSection(path + [key], sub)
            } else {
                try document.setValue(value, at: path + [key])
            }
        }
    }

    /// Whether the table at `path` is written with a `[header]` in `document`.
    static func isSection(_ document: TOMLDocument, _ path: [String]) -> Bool {
        guard let offset = document.offset(ofValueAt: path), offset < document.bytes.count else { return false }
        return document.bytes[offset] == UInt8(ascii: "[")
    }

    /// Root key lines in source order, each named by its top-level key (a dotted table has one
    /// line per leaf).
    static func rootKeyLines(_ document: TOMLDocument) -> [String] {
        var lines: [(offset: Int, key: String)] = []
        func collect(_ path: [String], _ top: String) {
            if document.sourceRange(ofValueAt: path) != nil {
                if let offset = document.offset(ofKeyAt: path) { lines.append((offset, top)) }
                return
            }
            guard case .table(let table)? = document.value(at: path), !isSection(document, path) else { return }
            for key in table.keys { collect(path + [key], top) }
        }
        for key in document.root.keys { collect([key], key) }
        return lines.sorted { $0.offset < $1.offset }.map(\.key)
    }

    /// The index among our root key lines at which a key added by theirs goes: after the
    /// nearest key before it in theirs that we have, else before the nearest one after it, else
    /// after the last key line (above the first `[table]`, so above `[log]`).
    func rootInsertionIndex(for key: String) -> Int {
        let ourLines = Self.rootKeyLines(document)
        let theirLines = Self.rootKeyLines(source)
        guard let position = theirLines.firstIndex(of: key) else { return Int.max }
        for neighbour in theirLines[..<position].reversed() where neighbour != key {
            if let index = ourLines.lastIndex(of: neighbour) { return index + 1 }
        }
        for neighbour in theirLines[(position + 1)...] where neighbour != key {
            if let index = ourLines.firstIndex(of: neighbour) { return index }
        }
        return Int.max
    }

    // MARK: Lists

    /// Turns the array of strings at `key` into `target`: removes, then inserts elements where
    /// they belong, keeping the array's layout; rewrites the whole array only if that fails.
    mutating func setList(_ key: String, to target: [String]) {
        let wanted = target.map { TOMLValue.string($0) }
        guard case .array(let current)? = document.root[key] else {
            do {
                try document.insertValue(.array(wanted), forKey: key, inTable: [], at: rootInsertionIndex(for: key))
            } catch {}
            return
        }
        let saved = document
        do {
            // Keep the longest greedy in-order match of ours in the target; remove the rest.
            var keep: [Bool] = []
            var next = 0
            for element in current {
                if let found = wanted[next...].firstIndex(of: element) {
                    keep.append(true)
                    next = found + 1
                } else {
                    keep.append(false)
                }
            }
            for index in current.indices.reversed() where !keep[index] {
                try document.removeElement(at: index, fromArrayAt: [key])
            }
            for (index, element) in wanted.enumerated() {
                let now = document.root[key]?.arrayValue ?? []
                if index < now.count, now[index] == element { continue }
                try insertElement(element, at: index, inArrayAt: key)
            }
            if document.root[key] == .array(wanted) { return }
        } catch {}
        document = saved
        try? document.setValue(.array(wanted), at: [key])
    }

    /// Inserts `value` before element `index` of the top-level array `key` (appends past the end).
    private mutating func insertElement(_ value: TOMLValue, at index: Int, inArrayAt key: String) throws(TOMLEditError) {
        guard case .array(let elements)? = document.root[key] else { throw TOMLEditError("`\(key)` is not an array") }
        if index >= elements.count {
            try document.appendElement(value, toArrayAt: [key])
            return
        }
        guard let element = document.sourceRange(ofValueAt: [key, String(index)]),
              let array = document.sourceRange(ofValueAt: [key])
        else { throw TOMLEditError("cannot locate `\(key)` element \(index)") }
        let bytes = document.bytes
        let gapStart = index > 0 ? (document.sourceRange(ofValueAt: [key, String(index - 1)])?.upperBound ?? array.lowerBound + 1)
            : array.lowerBound + 1
        let text = Array(TOMLSerializer.value(value).utf8)
        var insertion = text + Array(", ".utf8)
        if bytes[gapStart..<element.lowerBound].contains(UInt8(ascii: "\n")) {
            // Multi-line array: the new element gets its own line, indented like the next one.
            let indent = bytes[document.startOfLine(containing: element.lowerBound)..<element.lowerBound]
            if indent.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                insertion = text + Array(",".utf8) + document.newline + Array(indent)
            }
        }
        var expected = elements
        expected.insert(value, at: index)
        var edited = document
        try edited.splice([.insert(insertion, at: element.lowerBound)])
        guard edited.root[key] == .array(expected) else {
            throw TOMLEditError("inserting into `\(key)` would break the file")
        }
        document = edited
    }

    // MARK: Arrays of tables

    /// Turns the array of tables at `key` (`[[vacation]]`) into `target`, which keeps ours'
    /// elements in order and adds new ones at the end: removes ours' elements that are not in
    /// it, then appends the new ones as `[[key]]` sections.
    mutating func setTables(_ key: String, to target: [TOMLValue]) throws(TOMLEditError) {
        let current = document.root[key]?.arrayValue ?? []
        if target.isEmpty {
            if document.root[key] != nil { try document.removeValue(at: [key]) }
            return
        }
        for index in current.indices.reversed() where !target.contains(current[index]) {
            try document.removeElement(at: index, fromArrayAt: [key])
        }
        for element in target where !(document.root[key]?.arrayValue ?? []).contains(element) {
            if document.root[key] != nil {
                try document.appendElement(element, toArrayAt: [key])
            } else {
                let section = TOMLSerializer.document(TOMLTable([(key, .array([element]))]), newline: document.newlineString)
                var prefix: [UInt8] = []
                if let last = document.bytes.last, last != UInt8(ascii: "\n") { prefix += document.newline }
                if !document.bytes.isEmpty { prefix += document.newline }
                try document.splice([.insert(prefix + Array(section.utf8), at: document.bytes.count)])
            }
        }
    }

    // MARK: The log

    mutating func applyLog(_ plan: LogPlan) throws(TOMLEditError) {
        let log = DocumentMerger.log
        var plan = plan
        if document.root[log] == nil, let first = plan.additions.first {
            // No log in ours: the library creates the `[log]` section with the first day.
            try document.setValue(first.value, at: [log, first.key])
            plan.additions.removeFirst()
        }
        if plan.isEmpty { return }
        if let spliced = LogSplicer.apply(plan, to: document),
           spliced.root[log]?.tableValue.map({ Self.matches($0, plan) }) == true
        {
            document = spliced
            return
        }
        for key in plan.removals { try document.removeValue(at: [log, key]) }
        for update in plan.updates { try document.setValue(update.value, at: [log, update.key]) }
        for addition in plan.additions {
            if case .table(let table)? = document.root[log] {
                let position = table.keys.firstIndex { $0 > addition.key } ?? table.count
                try document.insertValue(addition.value, forKey: addition.key, inTable: [log], at: position)
            } else {
                try document.setValue(addition.value, at: [log, addition.key])
            }
        }
    }

    /// Whether a log table has had `plan` applied (the full check against the merged log
    /// happens in the caller).
    private static func matches(_ table: TOMLTable, _ plan: LogPlan) -> Bool {
        for key in plan.removals where table[key] != nil { return false }
        for update in plan.updates where table[update.key] != update.value { return false }
        for addition in plan.additions where table[addition.key] != addition.value { return false }
        return true
    }
}
