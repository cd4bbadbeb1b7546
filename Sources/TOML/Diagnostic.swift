/// A problem found while parsing, positioned in the source.
///
/// Diagnostics are plain values so callers can collect, compare and render
/// them; the parser reports every independent error it can recover from.
public struct TOMLDiagnostic: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in Unicode scalars from the start of the line.
    public var column: Int
    /// 0-based byte offset into the source.
    public var offset: Int
    /// A human readable explanation, without position information.
    public var message: String

    public init(line: Int, column: Int, offset: Int, message: String) {
        self.line = line
        self.column = column
        self.offset = offset
        self.message = message
    }

    public var description: String { "\(line):\(column): error: \(message)" }

    /// Renders the diagnostic compiler-style:
    ///
    ///     trackers/run.toml:7:12: error: expected a value after `=`
    ///     name =
    ///           ^
    ///
    /// Tabs before the column are copied into the caret line so the caret
    /// lines up regardless of the terminal's tab width.
    public func rendered(file: String, source: [UInt8]) -> String {
        var output = "\(file):\(line):\(column): error: \(message)\n"
        let start = TOMLLineIndex.lineStart(containing: min(offset, source.count), in: source)
        var end = start
        while end < source.count, source[end] != 0x0A { end += 1 }
        if end > start, source[end - 1] == 0x0D { end -= 1 }
        output += String(decoding: source[start..<end], as: UTF8.self)
        output += "\n"
        var caret = ""
        var j = start
        let stop = min(offset, end)
        while j < stop {
            let byte = source[j]
            if byte == 0x09 {
                caret.append("\t")
            } else if byte & 0xC0 != 0x80 {
                caret.append(" ")
            }
            j += 1
        }
        output += caret + "^"
        return output
    }
}

/// The reason a document could not be parsed: one or more diagnostics, in
/// source order.
public struct TOMLParseFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public var diagnostics: [TOMLDiagnostic]

    public init(diagnostics: [TOMLDiagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }

    /// All diagnostics rendered with `TOMLDiagnostic.rendered(file:source:)`,
    /// separated by newlines.
    public func rendered(file: String, source: [UInt8]) -> String {
        diagnostics.map { $0.rendered(file: file, source: source) }.joined(separator: "\n")
    }
}

/// A position in a document's source.
public struct TOMLLocation: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// 1-based column in Unicode scalars.
    public var column: Int
    /// 0-based byte offset.
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public var description: String { "\(line):\(column)" }
}

/// Maps byte offsets to line and column numbers.
struct TOMLLineIndex: Sendable {
    /// Byte offset at which each line starts; `starts[0] == 0`.
    let starts: [Int]

    init(_ bytes: [UInt8]) {
        starts = bytes.withUnsafeBytes { buffer in
            var starts = [0]
            // Eight bytes at a time: most words of a tracker file hold no newline, and a word's
            // newlines are found without a branch per byte.
            let count = buffer.count
            var j = 0
            while j + 8 <= count {
                let word = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: j, as: UInt64.self))
                var found = TOMLLineIndex.newlineBytes(in: word)
                while found != 0 {
                    starts.append(j + found.trailingZeroBitCount / 8 + 1)
                    found &= found &- 1
                }
                j += 8
            }
            while j < count {
                if buffer[j] == 0x0A { starts.append(j + 1) }
                j += 1
            }
            return starts
        }
    }

    /// The high bit of each byte of `word` that is a newline, and no other bit. Exact: no carry
    /// crosses from one byte into the next.
    @inline(__always)
    static func newlineBytes(in word: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let x = word ^ 0x0A0A_0A0A_0A0A_0A0A  // a newline becomes 0
        let nonZeroLow = (x & low7) &+ low7  // high bit set where the low seven bits are not all 0
        return ~(nonZeroLow | x | low7)
    }

    static func lineStart(containing offset: Int, in bytes: [UInt8]) -> Int {
        var j = min(offset, bytes.count)
        while j > 0, bytes[j - 1] != 0x0A { j -= 1 }
        return j
    }

    /// The location of `offset` (at most `bytes.count`) without an index: the newlines before
    /// it counted eight bytes at a time.
    static func location(of offset: Int, in bytes: [UInt8]) -> TOMLLocation {
        var line = 1
        var lineStart = 0
        bytes.withUnsafeBytes { buffer in
            var j = 0
            while j + 8 <= offset {
                let found = newlineBytes(in: UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: j, as: UInt64.self)))
                if found != 0 {
                    lineStart = j + (63 - found.leadingZeroBitCount) / 8 + 1
                    var counted = found  // bit by bit: the x86-64 baseline has no popcount instruction
                    while counted != 0 {
                        line += 1
                        counted &= counted &- 1
                    }
                }
                j += 8
            }
            while j < offset {
                if buffer[j] == 0x0A {
                    line += 1
                    lineStart = j + 1
                }
                j += 1
            }
        }
        var column = 1
        for j in lineStart..<offset where bytes[j] & 0xC0 != 0x80 { column += 1 }
        return TOMLLocation(line: line, column: column, offset: offset)
    }

    func location(of offset: Int, in bytes: [UInt8]) -> TOMLLocation {
        // Binary search for the last line start <= offset.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        var column = 1
        var j = starts[low]
        let stop = min(offset, bytes.count)
        while j < stop {
            if bytes[j] & 0xC0 != 0x80 { column += 1 }
            j += 1
        }
        return TOMLLocation(line: low + 1, column: column, offset: offset)
    }
}
