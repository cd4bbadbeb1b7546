/// The toml-test "tagged JSON" encoding: tables become objects, arrays become
/// arrays, and every scalar becomes `{"type": …, "value": "…"}`.
extension TOMLValue {
    public var taggedJSON: String {
        var out = ""
        writeTaggedJSON(into: &out)
        return out
    }

    func writeTaggedJSON(into out: inout String) {
        func tagged(_ type: String, _ value: String) {
            out += "{\"type\": \"\(type)\", \"value\": "
            JSONString.write(value, into: &out)
            out += "}"
        }
        switch self {
        case .string(let text): tagged("string", text)
        case .integer(let number): tagged("integer", String(number))
        case .float(let number): tagged("float", TOMLSerializer.float(number))
        case .boolean(let flag): tagged("bool", flag ? "true" : "false")
        case .offsetDateTime(let value): tagged("datetime", value.formatted(fractionInGroupsOfThree: true))
        case .localDateTime(let value):
            tagged("datetime-local", "\(value.date)T\(value.time.formatted(fractionInGroupsOfThree: true))")
        case .localDate(let value): tagged("date-local", value.description)
        case .localTime(let value): tagged("time-local", value.formatted(fractionInGroupsOfThree: true))
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += ", " }
                element.writeTaggedJSON(into: &out)
            }
            out += "]"
        case .table(let table):
            table.writeTaggedJSON(into: &out)
        }
    }
}

extension TOMLTable {
    public func taggedJSON() -> String {
        var out = ""
        writeTaggedJSON(into: &out)
        return out
    }

    func writeTaggedJSON(into out: inout String) {
        out += "{"
        for (index, entry) in self.enumerated() {
            if index > 0 { out += ", " }
            JSONString.write(entry.key, into: &out)
            out += ": "
            entry.value.writeTaggedJSON(into: &out)
        }
        out += "}"
    }
}
