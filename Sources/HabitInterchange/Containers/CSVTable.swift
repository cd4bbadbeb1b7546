/// A CSV file read into rows of fields, each field with the line and column where it starts, so
/// that an importer can point at the exact place of a bad value. Quoting as RFC 4180 and opencsv
/// write it: a field in double quotes may hold commas, line breaks and doubled quotes.
struct CSVTable {
    struct Field {
        var text: String
        var line: Int
        var column: Int
    }

    var rows: [[Field]] = []

    /// nil when a quoted field is never closed (the line and column of its opening quote are in `unclosedAt`).
    init(_ bytes: [UInt8]) throws(ImportProblemAt) {
        var bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var row: [Field] = []
        var field: [UInt8] = []
        var line = 1, column = 1
        var start = (line: 1, column: 1)
        var quoted = false, inQuotes = false, atFieldStart = true
        var index = 0
        func finish() {
            row.append(Field(text: String(decoding: field, as: UTF8.self), line: start.line, column: start.column))
            field = []
        }
        while index < bytes.count {
            let byte = bytes[index]
            if inQuotes {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
                        field.append(byte); index += 2; column += 2; continue
                    }
                    inQuotes = false
                } else {
                    field.append(byte)
                    if byte == UInt8(ascii: "\n") { line += 1; column = 0 }
                }
                index += 1; column += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\"") where atFieldStart:
                quoted = true; inQuotes = true; atFieldStart = false
            case UInt8(ascii: ","):
                finish()
                start = (line, column + 1); atFieldStart = true; quoted = false
            case UInt8(ascii: "\r") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n"):
                break
            case UInt8(ascii: "\n"):
                finish()
                if !(row.count == 1 && row[0].text.isEmpty && !quoted) { rows.append(row) }
                row = []
                line += 1; column = 0
                start = (line, 1); atFieldStart = true; quoted = false
            default:
                field.append(byte); atFieldStart = false
            }
            index += 1; column += 1
        }
        if inQuotes { throw ImportProblemAt(line: start.line, column: start.column, problem: .unclosedQuote) }
        if !field.isEmpty || !row.isEmpty || quoted {
            finish()
            if !(row.count == 1 && row[0].text.isEmpty && !quoted) { rows.append(row) }
        }
    }
}
