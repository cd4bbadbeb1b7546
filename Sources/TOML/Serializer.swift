/// Canonical TOML text for keys and values, used for new nodes in edits and
/// for writing whole documents.
public enum TOMLSerializer {
    /// A key, bare when it only uses A-Za-z0-9_- (so `2026-11-02` stays bare).
    public static func key(_ key: String) -> String {
        if !key.isEmpty, key.utf8.allSatisfy(\.isBareKeyByte) { return key }
        return string(key)
    }

    /// A dotted key path.
    public static func key(path: [String]) -> String {
        path.map { key($0) }.joined(separator: ".")
    }

    /// A basic string with `"`, `\` and control characters escaped.
    public static func string(_ value: String) -> String {
        Escaping.quoted(value) { scalar in
            if let escaped = Escaping.common(scalar) { return escaped }
            switch scalar.value {
            case 0x08: return "\\b"
            case 0x0C: return "\\f"
            case 0..<0x20, 0x7F: return "\\u" + hex4(scalar.value)
            default: return nil
            }
        }
    }

    /// A float that reads back as a float: always has `.` or an exponent.
    public static func float(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        let text = value.description
        if text.contains(".") || text.contains("e") || text.contains("E") { return text }
        return text + ".0"
    }

    /// A value in inline form: `"text"`, `42`, `["a", "b"]`, `{ a = 1 }`.
    public static func value(_ value: TOMLValue) -> String {
        switch value {
        case .string(let text): return string(text)
        case .integer(let number): return String(number)
        case .float(let number): return float(number)
        case .boolean(let flag): return flag ? "true" : "false"
        case .offsetDateTime(let dateTime): return dateTime.description
        case .localDateTime(let dateTime): return dateTime.description
        case .localDate(let date): return date.description
        case .localTime(let time): return time.description
        case .array(let elements):
            return "[" + elements.map { self.value($0) }.joined(separator: ", ") + "]"
        case .table(let table):
            guard !table.isEmpty else { return "{}" }
            return "{ " + table.map { "\(key($0.key)) = \(self.value($0.value))" }.joined(separator: ", ") + " }"
        }
    }

    /// A whole document: root keys first, then `[table]` and `[[array]]`
    /// sections in key order.
    public static func document(_ table: TOMLTable, newline: String = "\n") -> String {
        var out = ""
        writeSection(table, path: [], into: &out, newline: newline, isRoot: true)
        return out
    }

    static func isArrayOfTables(_ value: TOMLValue) -> Bool {
        guard case .array(let elements) = value, !elements.isEmpty else { return false }
        return elements.allSatisfy { if case .table = $0 { true } else { false } }
    }

    private static func writeSection(
        _ table: TOMLTable, path: [String], into out: inout String, newline: String, isRoot: Bool,
        header: String? = nil
    ) {
        let simple = table.filter { entry in
            if case .table = entry.value { return false }
            return !isArrayOfTables(entry.value)
        }
        let hasSubsections = simple.count < table.count
        if let header, !simple.isEmpty || !hasSubsections || header.hasPrefix("[[") {
            if !out.isEmpty { out += newline }
            out += header + newline
        }
        for (key, value) in simple {
            out += "\(self.key(key)) = \(self.value(value))" + newline
        }
        for (key, value) in table {
            let subpath = path + [key]
            switch value {
            case .table(let sub):
                writeSection(sub, path: subpath, into: &out, newline: newline, isRoot: false,
                             header: "[\(self.key(path: subpath))]")
            case .array(let elements) where isArrayOfTables(value):
                for case .table(let sub) in elements {
                    writeSection(sub, path: subpath, into: &out, newline: newline, isRoot: false,
                                 header: "[[\(self.key(path: subpath))]]")
                }
            default:
                continue
            }
        }
    }
}

extension TOMLDocument {
    /// Writes a brand-new document for `table`.
    public static func serialize(_ table: TOMLTable) -> String {
        TOMLSerializer.document(table)
    }
}
