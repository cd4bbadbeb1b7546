import TOML

/// Brings into a merged file the comments the other machine added, since a merge that keeps our
/// file and applies their changes would otherwise drop them: whole comment lines go before the
/// same key (or header) they precede in their file, at the end if there is none; a comment they
/// added at the end of a key's line goes to the end of that line when ours has none. Values never
/// change; if the result would not parse to the same values, the file is left as it was.
struct CommentCarrier {
    let base: TOMLDocument
    let theirs: TOMLDocument

    func carry(into merged: TOMLDocument) -> TOMLDocument {
        var baseComments = Self.commentCounts(base)
        var present = Self.commentCounts(merged)
        let mergedStatements = merged.statementInfos
        var splices: [TOMLSplice] = []
        let newline = merged.newline

        // Whole comment lines, in blocks, anchored to the statement that follows them.
        let theirStatements = theirs.statementInfos
        var block: [[UInt8]] = []
        var lineStart = 0
        let bytes = theirs.bytes
        func flush(anchor: TOMLStatementInfo?) {
            defer { block = [] }
            guard !block.isEmpty else { return }
            let offset = anchor.flatMap { anchor in mergedStatements.first { $0.path == anchor.path && $0.kind == anchor.kind } }?.range.lowerBound
            var text: [UInt8] = []
            if offset == nil, !merged.bytes.isEmpty, merged.bytes.last != UInt8(ascii: "\n") { text += newline }
            for line in block { text += line + newline }
            splices.append(.insert(text, at: offset ?? merged.bytes.count))
        }
        while lineStart < bytes.count {
            let lineEnd = theirs.endOfLine(from: lineStart)
            let line = Array(bytes[lineStart..<lineEnd]).trimmedLine()
            let trimmed = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            if trimmed.first == UInt8(ascii: "#"), !theirStatements.contains(where: { $0.range.contains(lineStart) && $0.range.lowerBound != lineStart }) {
                let key = Array(trimmed)
                if let count = baseComments[key], count > 0 {
                    baseComments[key] = count - 1
                } else if let count = present[key], count > 0 {
                    present[key] = count - 1
                } else {
                    block.append(line)
                }
            } else if !trimmed.isEmpty {
                flush(anchor: theirStatements.first { $0.range.lowerBound == lineStart })
            }
            lineStart = lineEnd
        }
        flush(anchor: nil)

        // Comments at the end of key lines.
        for statement in theirStatements where statement.kind == .keyValue {
            guard let comment = Self.trailingComment(theirs, statement.path),
                  Self.trailingComment(base, statement.path)?.text != comment.text,
                  let target = mergedStatements.first(where: { $0.path == statement.path && $0.kind == .keyValue }),
                  Self.trailingComment(merged, statement.path) == nil,
                  let value = merged.sourceRange(ofValueAt: target.path), value.upperBound <= target.range.upperBound
            else { continue }
            splices.append(.insert(comment.gap + comment.text, at: value.upperBound))
        }

        guard !splices.isEmpty else { return merged }
        var result = merged
        do {
            try result.splice(splices)
        } catch {
            return merged
        }
        return result.root == merged.root ? result : merged
    }

    /// Comment lines (trimmed) and how often each occurs.
    static func commentCounts(_ document: TOMLDocument) -> [[UInt8]: Int] {
        var counts: [[UInt8]: Int] = [:]
        var start = 0
        let bytes = document.bytes
        while start < bytes.count {
            let end = document.endOfLine(from: start)
            let trimmed = Array(Array(bytes[start..<end]).trimmedLine().drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
            if trimmed.first == UInt8(ascii: "#") { counts[trimmed, default: 0] += 1 }
            start = end
        }
        return counts
    }

    /// The comment after the value at `path` on its line, with the blanks before it.
    static func trailingComment(_ document: TOMLDocument, _ path: [String]) -> (gap: [UInt8], text: [UInt8])? {
        guard let value = document.sourceRange(ofValueAt: path) else { return nil }
        let bytes = document.bytes
        var index = value.upperBound
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "#") else { return nil }
        let end = document.endOfLine(from: index)
        return (Array(bytes[value.upperBound..<index]), Array(bytes[index..<end]).trimmedLine())
    }
}

extension Array where Element == UInt8 {
    /// The line without its newline (LF or CRLF) and trailing blanks.
    func trimmedLine() -> [UInt8] {
        var end = count
        while end > 0, [UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: " "), UInt8(ascii: "\t")].contains(self[end - 1]) { end -= 1 }
        return Array(self[..<end])
    }
}
