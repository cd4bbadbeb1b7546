import TOML

/// Applies a log plan to a `[log]` section in one pass over the bytes and one parse, so a merge
/// that brings in thousands of days stays linear.
///
/// Handles the shape habit writes: a `[log]` header followed by one `day = value` line per day
/// (any spacing, trailing comments, CRLF). Returns nil for anything else; the caller then uses
/// the library's edits.
enum LogSplicer {
    private static let lf = UInt8(ascii: "\n")

    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private struct Line {
        var key: String
        var start: Int
        var keyStart: Int
        var value: Range<Int>
        var end: Int
    }

    static func apply(_ plan: LogPlan, to document: TOMLDocument) -> TOMLDocument? {
        let log = DocumentMerger.log
        guard case .table(let table)? = document.root[log], MergeEditor.isSection(document, [log]),
              let header = document.offset(ofValueAt: [log])
        else { return nil }
        let bytes = document.bytes
        let newline = document.newline

        // Every line of the section, in file order.
        var lines: [Line] = []
        lines.reserveCapacity(table.count)
        var index: [String: Int] = [:]
        index.reserveCapacity(table.count)
        for key in table.keys {
            guard let keyStart = document.offset(ofKeyAt: [log, key]),
                  let value = document.sourceRange(ofValueAt: [log, key]),
                  let line = line(key: key, keyStart: keyStart, value: value, in: bytes),
                  line.start >= (lines.last?.end ?? header)
            else { return nil }
            index[key] = lines.count
            lines.append(line)
        }

        var edits: [TOMLSplice] = []
        edits.reserveCapacity(plan.removals.count + plan.updates.count + plan.additions.count)
        for key in plan.removals {
            guard let position = index[key] else { return nil }
            edits.append(TOMLSplice(lines[position].start..<lines[position].end, []))
        }
        for update in plan.updates {
            guard let position = index[update.key] else { return nil }
            edits.append(TOMLSplice(lines[position].value, Array(TOMLSerializer.value(update.value).utf8)))
        }

        // Additions go before the first line (in file order) with a later key, so a sorted log
        // stays sorted. `highest[i]` is the largest key among lines 0...i: the first line with a
        // key above k is the first i with highest[i] > k, found by binary search.
        var highest: [String] = []
        highest.reserveCapacity(lines.count)
        for line in lines { highest.append(highest.last.map { max($0, line.key) } ?? line.key) }
        var pending: (offset: Int, text: [UInt8])? = nil
        for addition in plan.additions {
            var low = 0
            var high = lines.count
            while low < high {
                let mid = (low + high) / 2
                if highest[mid] > addition.key { high = mid } else { low = mid + 1 }
            }
            let offset: Int
            let indent: ArraySlice<UInt8>
            if low < lines.count {
                offset = lines[low].start
                indent = bytes[lines[low].start..<lines[low].keyStart]
            } else if let last = lines.last {
                offset = last.end
                indent = bytes[last.start..<last.keyStart]
            } else {
                offset = document.endOfLine(from: header)
                indent = []
            }
            var text = Array(indent)
            text += Array(TOMLSerializer.key(addition.key).utf8)
            text += Array(" = ".utf8)
            text += Array(TOMLSerializer.value(addition.value).utf8)
            text += newline
            if let current = pending, current.offset == offset {
                pending!.text += text
            } else {
                if let current = pending { edits.append(.insert(current.text, at: current.offset)) }
                pending = (offset, text)
            }
        }
        if var last = pending {
            if last.offset == bytes.count, !bytes.isEmpty, bytes.last != Self.lf {
                // The file ends without a newline: keep it that way.
                last.text.removeLast(newline.count)
                last.text = newline + last.text
            }
            edits.append(.insert(last.text, at: last.offset))
        }

        var result = document
        do {
            try result.splice(edits)
        } catch {
            return nil
        }
        return result
    }

    /// The whole line of a `key = value` entry, if nothing else shares it.
    private static func line(key: String, keyStart: Int, value: Range<Int>, in bytes: [UInt8]) -> Line? {
        var start = keyStart
        while start > 0, isBlank(bytes[start - 1]) { start -= 1 }
        guard start == 0 || bytes[start - 1] == lf, value.upperBound <= bytes.count else { return nil }
        var j = value.upperBound
        while j < bytes.count, isBlank(bytes[j]) { j += 1 }
        if j < bytes.count, bytes[j] == UInt8(ascii: "#") {
            while j < bytes.count, bytes[j] != lf { j += 1 }
        } else if j < bytes.count, bytes[j] == UInt8(ascii: "\r") {
            j += 1
        }
        guard j == bytes.count || bytes[j] == lf else { return nil }
        return Line(key: key, start: start, keyStart: keyStart, value: value, end: min(j + 1, bytes.count))
    }
}
