/// Value grammar: strings, numbers, booleans, date-times, arrays and inline
/// tables. Each function starts at `i` and leaves `i` after the value.
extension Parser {
    mutating func parseValue(depth: Int) throws(TOMLDiagnostic) -> TOMLValue {
        guard i < n else { throw error("expected a value, found end of file", at: i) }
        switch src[i] {
        case ASCII.quote:
            if i + 2 < n, src[i + 1] == ASCII.quote, src[i + 2] == ASCII.quote {
                return .string(try parseMultilineString(quote: ASCII.quote))
            }
            return .string(try parseBasicString())
        case ASCII.apostrophe:
            if i + 2 < n, src[i + 1] == ASCII.apostrophe, src[i + 2] == ASCII.apostrophe {
                return .string(try parseMultilineString(quote: ASCII.apostrophe))
            }
            return .string(try parseLiteralString())
        case ASCII.leftBracket:
            return try parseArray(depth: depth + 1)
        case ASCII.leftBrace:
            return try parseInlineTable(depth: depth + 1)
        case let c where c.isBareKeyByte || c == ASCII.plus:
            return try parseToken()
        default:
            throw error("expected a value, found \(describe(at: i))", at: i)
        }
    }

    // MARK: Strings

    /// `"..."` with escapes. Starts at the opening quote.
    mutating func parseBasicString() throws(TOMLDiagnostic) -> String {
        // Fast path: no escapes, so the bytes are the string.
        let (open, start) = try openString(until: ASCII.quote, orBackslash: true)
        if src[i] == ASCII.quote {
            i += 1
            return string(start, i - 1)
        }
        var buffer = Array(UnsafeBufferPointer(rebasing: src[start..<i]))
        while i < n {
            let c = src[i]
            if c == ASCII.quote {
                i += 1
                return String(decoding: buffer, as: UTF8.self)
            } else if c == ASCII.backslash {
                try parseEscape(into: &buffer)
            } else if c >= 0x80 {
                try copyUTF8Sequence(into: &buffer)
            } else if c.isForbiddenControl {
                throw unexpectedInString(open: open)
            } else {
                buffer.append(c)
                i += 1
            }
        }
        throw error("unterminated string", at: open)
    }

    /// Appends the multi-byte UTF-8 sequence at `i` to `buffer` and moves past it; an invalid one
    /// is an error.
    @inline(__always)
    mutating func copyUTF8Sequence(into buffer: inout [UInt8]) throws(TOMLDiagnostic) {
        let length = utf8SequenceLength(src, at: i)
        guard length > 0 else { throw error("invalid UTF-8 in string", at: i) }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: src[i..<i + length]))
        i += length
    }

    func unexpectedInString(open: Int) -> TOMLDiagnostic {
        if src[i] == ASCII.lf || src[i] == ASCII.cr {
            return error("unterminated string: newlines are only allowed in multi-line strings (\"\"\" or ''')", at: i)
        }
        return error("control character \(describe(at: i)) must be escaped in a string", at: i)
    }

    /// Decodes an escape sequence starting at the backslash.
    mutating func parseEscape(into buffer: inout [UInt8]) throws(TOMLDiagnostic) {
        let start = i
        guard i + 1 < n else { throw error("unterminated string", at: i) }
        let c = src[i + 1]
        i += 2
        switch c {
        case 0x62: buffer.append(0x08)  // \b
        case 0x74: buffer.append(0x09)  // \t
        case 0x6E: buffer.append(0x0A)  // \n
        case 0x66: buffer.append(0x0C)  // \f
        case 0x72: buffer.append(0x0D)  // \r
        case ASCII.quote: buffer.append(ASCII.quote)
        case ASCII.backslash: buffer.append(ASCII.backslash)
        case 0x75, 0x55:  // \uXXXX, \UXXXXXXXX
            let count = c == 0x75 ? 4 : 8
            var scalar: UInt32 = 0
            for _ in 0..<count {
                guard i < n, src[i].isHexDigit else {
                    throw error("escape \\\(Character(Unicode.Scalar(c))) needs \(count) hex digits", at: start)
                }
                let d = src[i]
                scalar = scalar << 4 | UInt32(d.isDigit ? d - 0x30 : (d | 0x20) - 0x61 + 10)
                i += 1
            }
            guard scalar < 0xD800 || (scalar > 0xDFFF && scalar <= 0x10FFFF) else {
                throw error("escape \(string(start, i)) is not a Unicode scalar value", at: start)
            }
            appendUTF8(scalar, to: &buffer)
        default:
            i = start
            throw error("invalid escape sequence \(describe(at: start + 1).replacingBackticks(prefix: "\\"))", at: start)
        }
    }

    /// `'...'`: no escapes. Starts at the opening apostrophe.
    mutating func parseLiteralString() throws(TOMLDiagnostic) -> String {
        let start = try openString(until: ASCII.apostrophe, orBackslash: false).start
        i += 1
        return string(start, i - 1)
    }

    /// Starts at the opening quote of a single-line string and moves `i` over the bytes that stand
    /// for themselves (checking their UTF-8 and that no control character needs escaping), up to
    /// `closing` or, where `orBackslash`, a backslash. Returns where the quote and the bytes start.
    @inline(__always)
    mutating func openString(until closing: UInt8, orBackslash: Bool) throws(TOMLDiagnostic) -> (open: Int, start: Int) {
        let open = i
        i += 1
        let start = i
        while i < n {
            let c = src[i]
            if c == closing || (orBackslash && c == ASCII.backslash) {
                return (open, start)
            } else if c >= 0x80 {
                let length = utf8SequenceLength(src, at: i)
                guard length > 0 else { throw error("invalid UTF-8 in string", at: i) }
                i += length
            } else if c.isForbiddenControl {
                throw unexpectedInString(open: open)
            } else {
                i += 1
            }
        }
        throw error("unterminated string", at: open)
    }

    /// `"""..."""` or `'''...'''`. Starts at the first of the three quotes.
    mutating func parseMultilineString(quote: UInt8) throws(TOMLDiagnostic) -> String {
        let open = i
        let isBasic = quote == ASCII.quote
        i += 3
        // A newline right after the opening delimiter is trimmed.
        if i < n, src[i] == ASCII.lf {
            i += 1
        } else if i + 1 < n, src[i] == ASCII.cr, src[i + 1] == ASCII.lf {
            i += 2
        }
        var buffer: [UInt8] = []
        while i < n {
            let c = src[i]
            if c == quote {
                var run = 0
                while i + run < n, src[i + run] == quote { run += 1 }
                if run >= 3 {
                    // Up to two quotes may sit right before the closing delimiter.
                    guard run <= 5 else { throw error("too many quotes at the end of a multi-line string", at: i + 5) }
                    buffer.append(contentsOf: repeatElement(quote, count: run - 3))
                    i += run
                    return String(decoding: buffer, as: UTF8.self)
                }
                buffer.append(contentsOf: repeatElement(quote, count: run))
                i += run
            } else if c == ASCII.backslash && isBasic {
                if try skipLineEndingBackslash() { continue }
                try parseEscape(into: &buffer)
            } else if c == ASCII.lf {
                buffer.append(c)
                i += 1
            } else if c == ASCII.cr {
                guard i + 1 < n, src[i + 1] == ASCII.lf else {
                    throw error("carriage return must be followed by a newline", at: i)
                }
                buffer.append(ASCII.cr)
                buffer.append(ASCII.lf)
                i += 2
            } else if c >= 0x80 {
                try copyUTF8Sequence(into: &buffer)
            } else if c.isForbiddenControl {
                throw error("control character \(describe(at: i)) must be escaped in a string", at: i)
            } else {
                buffer.append(c)
                i += 1
            }
        }
        throw error("unterminated multi-line string", at: open)
    }

    /// A backslash followed by blanks and a newline joins lines, swallowing
    /// all whitespace up to the next non-blank character.
    mutating func skipLineEndingBackslash() throws(TOMLDiagnostic) -> Bool {
        var j = i + 1
        while j < n, src[j] == ASCII.space || src[j] == ASCII.tab { j += 1 }
        guard j < n, src[j] == ASCII.lf || (src[j] == ASCII.cr && j + 1 < n && src[j + 1] == ASCII.lf) else {
            return false
        }
        i = j
        while i < n {
            switch src[i] {
            case ASCII.space, ASCII.tab, ASCII.lf:
                i += 1
            case ASCII.cr where i + 1 < n && src[i + 1] == ASCII.lf:
                i += 2
            default:
                return true
            }
        }
        return true
    }

    // MARK: Arrays and inline tables

    mutating func parseArray(depth: Int) throws(TOMLDiagnostic) -> TOMLValue {
        guard depth <= Parser.maxDepth else {
            throw error("arrays and inline tables are nested too deeply (limit \(Parser.maxDepth))", at: i)
        }
        let open = i
        i += 1
        var elements: [TOMLValue] = []
        let recording = depth == 1 && elementRanges != nil
        while true {
            try skipBlanksAndComments()
            guard i < n else { throw error("unterminated array: missing `]`", at: open) }
            if src[i] == ASCII.rightBracket { break }
            try checkNotNextStatement(arrayOpen: open)
            let start = i
            elements.append(try parseValue(depth: depth))
            if recording { elementRanges?.append(start..<i) }
            try skipBlanksAndComments()
            guard i < n else { throw error("unterminated array: missing `]`", at: open) }
            if src[i] == ASCII.comma {
                i += 1
            } else if src[i] != ASCII.rightBracket {
                try checkNotNextStatement(arrayOpen: open)
                throw error("expected `,` or `]` after an array element, found \(describe(at: i))", at: i)
            }
        }
        i += 1
        return .array(elements)
    }

    /// A `key =` at the start of a line inside an array almost certainly
    /// means the array's `]` is missing: report that, and resume parsing at
    /// that line so its own errors are still found.
    mutating func checkNotNextStatement(arrayOpen: Int) throws(TOMLDiagnostic) {
        var lineStart = i
        while lineStart > 0, src[lineStart - 1] == ASCII.space || src[lineStart - 1] == ASCII.tab { lineStart -= 1 }
        guard lineStart > arrayOpen, src[lineStart - 1] == ASCII.lf else { return }
        var j = i
        while j < n, src[j].isBareKeyByte { j += 1 }
        guard j > i else { return }
        while j < n, src[j] == ASCII.space || src[j] == ASCII.tab || src[j] == ASCII.dot || src[j].isBareKeyByte { j += 1 }
        guard j < n, src[j] == ASCII.equals else { return }
        resumeAt = lineStart
        throw error("unterminated array: missing `]`", at: arrayOpen)
    }

    mutating func parseInlineTable(depth: Int) throws(TOMLDiagnostic) -> TOMLValue {
        guard depth <= Parser.maxDepth else {
            throw error("arrays and inline tables are nested too deeply (limit \(Parser.maxDepth))", at: i)
        }
        i += 1
        var table = TOMLTable(keysIn: source)
        var parts: [KeyPart] = []
        skipBlanks()
        if i < n, src[i] == ASCII.rightBrace {
            i += 1
            return .table(table)
        }
        while true {
            try parseKey(into: &parts)
            guard i < n, src[i] == ASCII.equals else {
                throw error("expected `=` after key `\(displayKey(parts))`, found \(describe(at: i))", at: i)
            }
            i += 1
            skipBlanks()
            let valueStart = i
            if i >= n || src[i] == ASCII.lf || src[i] == ASCII.cr {
                throw error("expected a value after `=`", at: i)
            }
            let value = try parseValue(depth: depth + parts.count - 1)
            try Parser.insert(parts, 0, value, valueStart, i, into: &table, src, source)
            skipBlanks()
            guard i < n else { throw error("unterminated inline table", at: i) }
            if src[i] == ASCII.rightBrace {
                i += 1
                return .table(table)
            }
            guard src[i] == ASCII.comma else {
                if src[i] == ASCII.lf || src[i] == ASCII.cr {
                    throw error("inline tables must be on a single line; expected `}`", at: i)
                }
                throw error("expected `,` or `}` in inline table, found \(describe(at: i))", at: i)
            }
            i += 1
            skipBlanks()
            if i < n, src[i] == ASCII.rightBrace {
                throw error("trailing comma is not allowed in an inline table", at: i)
            }
        }
    }

    // MARK: Bare tokens: booleans, numbers, date-times

    mutating func parseToken() throws(TOMLDiagnostic) -> TOMLValue {
        let start = i
        var j = i
        while j < n, isTokenByte(src[j]) { j += 1 }
        // `1979-05-27 07:32:00`: a space may separate date and time.
        if j - start == 10, j + 3 < n, src[j] == ASCII.space, src[j + 1].isDigit, src[j + 2].isDigit,
           src[j + 3] == ASCII.colon, looksLikeDate(start)
        {
            j += 1
            while j < n, isTokenByte(src[j]) { j += 1 }
        }
        i = j
        let length = j - start
        // `true` and `false` compared as words: every line of a log holds one.
        if length == 4, src[start] == 0x74, src[start + 1] == 0x72, src[start + 2] == 0x75, src[start + 3] == 0x65 {
            return .boolean(true)
        }
        if length == 5, src[start] == 0x66, src[start + 1] == 0x61, src[start + 2] == 0x6C, src[start + 3] == 0x73,
           src[start + 4] == 0x65 {
            return .boolean(false)
        }
        if length >= 10, looksLikeDate(start) { return try parseDateTime(start, j) }
        if length >= 3, src[start].isDigit, src[start + 1].isDigit, src[start + 2] == ASCII.colon {
            var k = start
            let time = try parseTime(&k, j, whole: start)
            guard k == j else { throw invalidToken(start, j, "invalid local time") }
            return .localTime(time)
        }
        return try parseNumber(start, j)
    }

    @inline(__always)
    func isTokenByte(_ c: UInt8) -> Bool {
        c.isBareKeyByte || c == ASCII.plus || c == ASCII.dot || c == ASCII.colon
    }

    func matches(_ start: Int, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard start + count <= n else { return false }
        return word.withUTF8Buffer { w in
            for k in 0..<count where src[start + k] != w[k] { return false }
            return true
        }
    }

    func looksLikeDate(_ s: Int) -> Bool {
        s + 10 <= n && src[s].isDigit && src[s + 1].isDigit && src[s + 2].isDigit && src[s + 3].isDigit
            && src[s + 4] == ASCII.minus
    }

    func invalidToken(_ start: Int, _ end: Int, _ what: String) -> TOMLDiagnostic {
        error("\(what) `\(string(start, end))`", at: start)
    }

    func twoDigits(_ k: Int, _ end: Int) -> Int? {
        guard k + 2 <= end, src[k].isDigit, src[k + 1].isDigit else { return nil }
        return Int(src[k] - 0x30) * 10 + Int(src[k + 1] - 0x30)
    }

    func parseDateTime(_ start: Int, _ end: Int) throws(TOMLDiagnostic) -> TOMLValue {
        guard let century = twoDigits(start, end), let yy = twoDigits(start + 2, end),
              src[start + 4] == ASCII.minus, let month = twoDigits(start + 5, end),
              start + 7 < end, src[start + 7] == ASCII.minus, let day = twoDigits(start + 8, end)
        else { throw invalidToken(start, end, "invalid date; expected YYYY-MM-DD, found") }
        let year = century * 100 + yy
        if let problem = TOMLLocalDate.validationError(year: year, month: month, day: day) {
            throw error(problem, at: start)
        }
        let date = TOMLLocalDate(unchecked: year, month, day)
        if end == start + 10 { return .localDate(date) }
        let separator = src[start + 10] | 0x20
        guard separator == 0x74 || separator == ASCII.space else {  // T, t or space
            throw invalidToken(start, end, "invalid date-time")
        }
        var k = start + 11
        let time = try parseTime(&k, end, whole: start)
        if k == end { return .localDateTime(TOMLLocalDateTime(date: date, time: time)) }
        if src[k] | 0x20 == 0x7A, k + 1 == end {  // Z or z
            return .offsetDateTime(TOMLOffsetDateTime(unchecked: date, time, 0))
        }
        guard src[k] == ASCII.plus || src[k] == ASCII.minus, k + 6 == end,
              let hours = twoDigits(k + 1, end), src[k + 3] == ASCII.colon, let minutes = twoDigits(k + 4, end)
        else { throw invalidToken(start, end, "invalid offset in date-time") }
        guard hours < 24, minutes < 60 else {
            throw error("invalid offset \(string(k, end)) in date-time: expected ±HH:MM with HH ≤ 23 and MM ≤ 59", at: k)
        }
        let offset = (hours * 60 + minutes) * (src[k] == ASCII.minus ? -1 : 1)
        return .offsetDateTime(TOMLOffsetDateTime(unchecked: date, time, offset))
    }

    /// `HH:MM:SS[.fraction]` at `k`; advances `k` past it.
    func parseTime(_ k: inout Int, _ end: Int, whole: Int) throws(TOMLDiagnostic) -> TOMLLocalTime {
        guard let hour = twoDigits(k, end), k + 2 < end, src[k + 2] == ASCII.colon,
              let minute = twoDigits(k + 3, end), k + 5 < end, src[k + 5] == ASCII.colon,
              let second = twoDigits(k + 6, end)
        else { throw invalidToken(whole, end, "invalid time; expected HH:MM:SS, found") }
        if let problem = TOMLLocalTime.validationError(hour: hour, minute: minute, second: second) {
            throw error(problem, at: k)
        }
        k += 8
        var nanosecond = 0
        if k < end, src[k] == ASCII.dot {
            k += 1
            let digitsStart = k
            var scale = 100_000_000
            while k < end, src[k].isDigit {
                nanosecond += Int(src[k] - 0x30) * scale
                scale /= 10
                k += 1
            }
            guard k > digitsStart else { throw invalidToken(whole, end, "invalid fractional seconds in") }
        }
        return TOMLLocalTime(unchecked: hour, minute, second, nanosecond)
    }

    func parseNumber(_ start: Int, _ end: Int) throws(TOMLDiagnostic) -> TOMLValue {
        var j = start
        var negative = false
        let signed = src[j] == ASCII.plus || src[j] == ASCII.minus
        if signed {
            negative = src[j] == ASCII.minus
            j += 1
        }
        if end - j == 3, matches(j, "inf") { return .float(negative ? -.infinity : .infinity) }
        if end - j == 3, matches(j, "nan") { return .float(.nan) }
        guard j < end, src[j].isDigit else { throw unknownValue(start, end) }
        if src[j] == ASCII.zero, j + 1 < end, src[j + 1] == 0x78 || src[j + 1] == 0x6F || src[j + 1] == 0x62 {
            guard !signed else { throw invalidToken(start, end, "a sign is not allowed on hexadecimal, octal or binary integer") }
            return .integer(try parseRadixInteger(start, end))
        }
        let integerStart = j
        j = try digits(j, end, start)
        if src[integerStart] == ASCII.zero, j - integerStart > 1 {
            throw invalidToken(start, end, "leading zeros are not allowed in")
        }
        var isFloat = false
        if j < end, src[j] == ASCII.dot {
            isFloat = true
            j = try digits(j + 1, end, start)
        }
        if j < end, src[j] | 0x20 == 0x65 {  // e or E
            isFloat = true
            j += 1
            if j < end, src[j] == ASCII.plus || src[j] == ASCII.minus { j += 1 }
            j = try digits(j, end, start)
        }
        guard j == end else { throw unknownValue(start, end) }
        if isFloat {
            var text = ""
            text.reserveCapacity(end - start)
            for k in start..<end where src[k] != ASCII.underscore {
                text.unicodeScalars.append(Unicode.Scalar(src[k]))
            }
            guard let value = Double(text) else { throw invalidToken(start, end, "invalid float") }
            return .float(value)
        }
        var value: Int64 = 0
        for k in integerStart..<end where src[k] != ASCII.underscore {
            let digit = Int64(src[k] - 0x30)
            let (scaled, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = negative ? scaled.subtractingReportingOverflow(digit) : scaled.addingReportingOverflow(digit)
            guard !o1, !o2 else { throw invalidToken(start, end, "integer does not fit in 64 bits:") }
            value = next
        }
        return .integer(value)
    }

    func unknownValue(_ start: Int, _ end: Int) -> TOMLDiagnostic {
        let text = string(start, end)
        if let first = text.unicodeScalars.first, first.properties.isAlphabetic {
            return error("invalid value `\(text)`; strings must be quoted", at: start)
        }
        return error("invalid number `\(text)`", at: start)
    }

    /// One or more decimal digits with single underscores between digits.
    func digits(_ from: Int, _ end: Int, _ whole: Int) throws(TOMLDiagnostic) -> Int {
        var j = from
        guard j < end, src[j].isDigit else { throw unknownValue(whole, end) }
        j += 1
        while j < end {
            if src[j].isDigit {
                j += 1
            } else if src[j] == ASCII.underscore {
                guard j + 1 < end, src[j + 1].isDigit else {
                    throw invalidToken(whole, end, "underscores must sit between digits in")
                }
                j += 2
            } else {
                break
            }
        }
        return j
    }

    func parseRadixInteger(_ start: Int, _ end: Int) throws(TOMLDiagnostic) -> Int64 {
        let radix: UInt64
        switch src[start + 1] {
        case 0x78: radix = 16
        case 0x6F: radix = 8
        default: radix = 2
        }
        var value: UInt64 = 0
        var j = start + 2
        var previousWasDigit = false
        guard j < end else { throw invalidToken(start, end, "missing digits in integer") }
        while j < end {
            let c = src[j]
            if c == ASCII.underscore {
                guard previousWasDigit, j + 1 < end else {
                    throw invalidToken(start, end, "underscores must sit between digits in")
                }
                previousWasDigit = false
                j += 1
                continue
            }
            let digit: UInt64
            if c.isDigit {
                digit = UInt64(c - 0x30)
            } else if c.isHexDigit {
                digit = UInt64((c | 0x20) - 0x61 + 10)
            } else {
                throw invalidToken(start, end, "invalid digit in integer")
            }
            guard digit < radix else { throw invalidToken(start, end, "invalid digit in integer") }
            let (scaled, o1) = value.multipliedReportingOverflow(by: radix)
            let (next, o2) = scaled.addingReportingOverflow(digit)
            guard !o1, !o2, next <= UInt64(Int64.max) else {
                throw invalidToken(start, end, "integer does not fit in 64 bits:")
            }
            value = next
            previousWasDigit = true
            j += 1
        }
        guard previousWasDigit else { throw invalidToken(start, end, "underscores must sit between digits in") }
        return Int64(value)
    }
}

extension String {
    /// "`n`" → "`\n`": used to show the offending escape.
    func replacingBackticks(prefix: String) -> String {
        guard hasPrefix("`") else { return self }
        return "`" + prefix + dropFirst()
    }
}
