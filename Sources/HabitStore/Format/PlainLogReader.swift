import HabitCore
import TOML

/// Reads a tracker file whose `[log]` is in the plain shape habit writes, without building a TOML
/// table of its lines: the lines before `[log]` go through the TOML parser and `FileDecoder` as
/// usual, each log line is read from the bytes into its entry.
///
/// The first read of a changed file (after a sync, a `git pull`, or with no load cache) was the
/// TOML tree of thousands of `YYYY-MM-DD = true` lines: a String key, a hashed index slot and a
/// value each, built and then thrown away. This reader gives the same tracker for the same bytes,
/// and gives up (nil) on anything it does not know to be valid and silent: then the full parse
/// and decoding read the file and report whatever there is to report, exactly as before.
enum PlainLogReader {
    /// The tracker of a file with no diagnostic at all, or nil when the full decoding must decide.
    static func tracker(id: String, file: String, bytes: [UInt8], categories: [String]?) -> Tracker? {
        bytes.withUnsafeBufferPointer { source -> Tracker? in
            guard let header = logHeader(in: source) else { return nil }
            // The lines before `[log]` parse alone as they do within the file: a multi-line string
            // or array that the header line would fall inside leaves this prefix unterminated.
            guard case .success(let document) = TOMLDocument.parse(Array(source[..<header.start])),
                  document.root[TrackerKey.log.rawValue] == nil
            else { return nil }
            var decoder = FileDecoder(file: file, document: document)
            guard var tracker = decoder.tracker(id: id, categories: categories), decoder.diagnostics.isEmpty,
                  let log = log(in: source, from: header.end, start: tracker.start, quit: tracker.isQuit)
            else { return nil }
            tracker.log = log
            return tracker
        }
    }

    /// The first line that is exactly `[log]`: where it starts and where the next line starts.
    static func logHeader(in source: UnsafeBufferPointer<UInt8>) -> (start: Int, end: Int)? {
        let n = source.count
        var line = 0
        while line < n {
            if source[line] == UInt8(ascii: "["), line + 5 <= n, source[line + 1] == UInt8(ascii: "l"),
               source[line + 2] == UInt8(ascii: "o"), source[line + 3] == UInt8(ascii: "g"),
               source[line + 4] == UInt8(ascii: "]"), line + 5 == n || source[line + 5] == UInt8(ascii: "\n") {
                return (line, min(line + 6, n))
            }
            while line < n, source[line] != UInt8(ascii: "\n") { line += 1 }
            line += 1
        }
        return nil
    }

    /// The entries of the lines from `offset` to the end: each `YYYY-MM-DD = true`, `false`,
    /// `"skip"` or (for a habit to quit) `"slip"`, in increasing order of days none before
    /// `start`, optionally followed by a comment; blank lines and comment lines between them.
    /// Nil for anything else.
    static func log(in source: UnsafeBufferPointer<UInt8>, from offset: Int, start: CivilDate?, quit: Bool) -> CompletionLog? {
        let n = source.count
        var i = offset
        var previous = Int.min
        var doneCount = 0
        var month = MonthCursor()
        var entries: [CompletionLog.Entry] = []
        entries.reserveCapacity((n - offset) / 18 + 1)
        @inline(__always) func skipBlanks() {
            while i < n, source[i] == UInt8(ascii: " ") || source[i] == UInt8(ascii: "\t") { i += 1 }
        }
        /// Moves past a comment and its newline; false for a byte a comment may not hold, or one
        /// this reader leaves to the parser (non-ASCII, whose UTF-8 the parser checks).
        @inline(__always) func skipCommentLine() -> Bool {
            i += 1
            while i < n {
                let c = source[i]
                if c == UInt8(ascii: "\n") { i += 1; return true }
                guard (c >= 0x20 && c < 0x7F) || c == UInt8(ascii: "\t") else { return false }
                i += 1
            }
            return true
        }
        @inline(__always) func word(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard i + count <= n else { return false }
            let bytes = text.utf8Start
            for k in 0..<count where source[i + k] != bytes[k] { return false }
            // The value must end there: `trueish` is not `true`.
            if i + count < n {
                let next = source[i + count]
                guard next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") || next == UInt8(ascii: "#")
                        || next == UInt8(ascii: "\n") else { return false }
            }
            i += count
            return true
        }
        while i < n {
            let c = source[i]
            if c == UInt8(ascii: "\n") {
                i += 1
                continue
            }
            if c == UInt8(ascii: "#") {
                guard skipCommentLine() else { return nil }
                continue
            }
            guard i + 10 <= n, let day = month.day(at: i, in: source), day.dayNumber > previous else { return nil }
            if let start, day < start { return nil }
            previous = day.dayNumber
            i += 10
            skipBlanks()
            guard i < n, source[i] == UInt8(ascii: "=") else { return nil }
            i += 1
            skipBlanks()
            let mark: Mark?
            if i + 5 <= n, source[i] == UInt8(ascii: "t"), source[i + 1] == UInt8(ascii: "r"),
               source[i + 2] == UInt8(ascii: "u"), source[i + 3] == UInt8(ascii: "e"), source[i + 4] == UInt8(ascii: "\n") {
                // The line habit writes most: `YYYY-MM-DD = true`.
                i += 5
                entries.append(CompletionLog.Entry(day: day, mark: .done))
                doneCount += 1
                continue
            } else if word("true") {
                mark = .done
                doneCount += 1
            } else if word("false") {
                mark = nil
            } else if word("\"skip\"") {
                mark = .skipped
            } else if quit, word("\"slip\"") {
                mark = .slipped
            } else {
                return nil
            }
            skipBlanks()
            if i < n {
                if source[i] == UInt8(ascii: "#") {
                    guard skipCommentLine() else { return nil }
                } else {
                    guard source[i] == UInt8(ascii: "\n") else { return nil }
                    i += 1
                }
            }
            if let mark { entries.append(CompletionLog.Entry(day: day, mark: mark)) }
        }
        return CompletionLog(sortedUnique: entries, doneCount: doneCount)
    }
}

/// The month of the previous log line: consecutive lines are mostly in the same month, whose
/// day numbers then follow from the day of the month without the calendar arithmetic.
private struct MonthCursor {
    /// The first eight bytes, `YYYY-MM-`, of a date in the month; 0 before the first.
    var prefix: UInt64 = 0
    /// The day number of the month's first day, and how many days it has.
    var first = 0
    var length = 0

    @inline(__always)
    mutating func day(at i: Int, in source: UnsafeBufferPointer<UInt8>) -> CivilDate? {
        let head = UnsafeRawPointer(source.baseAddress! + i).loadUnaligned(as: UInt64.self)
        let tens = source[i + 8] &- 48, units = source[i + 9] &- 48
        if head == prefix, tens < 10, units < 10 {
            let dayOfMonth = Int(tens) * 10 + Int(units)
            guard dayOfMonth >= 1, dayOfMonth <= length else { return nil }
            return CivilDate(dayNumber: first + dayOfMonth - 1)
        }
        guard let day = CivilDate(isoUTF8: UnsafeBufferPointer(rebasing: source[i..<i + 10])) else { return nil }
        let (year, month, dayOfMonth) = day.components
        guard let next = CivilDate(year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1, day: 1) else {
            return day
        }
        prefix = head
        first = day.dayNumber - (dayOfMonth - 1)
        length = next.dayNumber - first
        return day
    }
}
