import HabitCore

/// Fills a catalog template: `{0}` takes the first argument; `{0, plural, one {# day} other
/// {# days}}` chooses a branch by the language's plural category of the (numeric) argument, with
/// `#` standing for the number.
public enum Template {
    // Templates are scanned as UTF-8 bytes: braces, commas and `#` are ASCII, and every command
    // renders dozens of templates (a line per tracker), where walking Characters and the generic
    // `replacing` cost more than the rest of the rendering.
    private static let open = UInt8(ascii: "{")
    private static let close = UInt8(ascii: "}")

    public static func render(_ template: String, _ arguments: [String], plural: (Int) -> String) -> String {
        var template = template
        var output: [UInt8] = []
        template.withUTF8 { text in
            output.reserveCapacity(text.count + 16)
            render(text, arguments, plural: plural, into: &output)
        }
        return String(decoding: output, as: UTF8.self)
    }

    // Everything below works on byte offsets into one buffer: every row of `habit list` words a
    // count through a plural template, and slicing Substrings by String.Index is many times the
    // work (docs/performance.md).

    /// Copies `text`, each `{…}` block filled; an unclosed `{` and what follows stay as written.
    private static func render(_ text: UnsafeBufferPointer<UInt8>, _ arguments: [String], plural: (Int) -> String,
                               into output: inout [UInt8]) {
        var index = 0
        while let open = Self.offset(of: Self.open, in: text, from: index) {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: text[index..<open]))
            guard let close = matchingClose(text, from: open) else {
                index = open
                break
            }
            fill(UnsafeBufferPointer(rebasing: text[(open + 1)..<close]), arguments, plural: plural, into: &output)
            index = close + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: text[index...]))
    }

    /// The offset of the `}` that closes the `{` at `open`.
    private static func matchingClose(_ text: UnsafeBufferPointer<UInt8>, from open: Int) -> Int? {
        var depth = 0
        for index in open..<text.count {
            if text[index] == Self.open { depth += 1 }
            if text[index] == Self.close {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// One block's text: `0` (an argument) or `0, plural, one {…} other {…}`; anything else is
    /// kept as written, braces included.
    private static func fill(_ body: UnsafeBufferPointer<UInt8>, _ arguments: [String], plural: (Int) -> String,
                             into output: inout [UInt8]) {
        let comma = UInt8(ascii: ",")
        let first = Self.offset(of: comma, in: body, from: 0)
        guard let index = Int(string(body, trimmed(body, 0..<(first ?? body.count)))), arguments.indices.contains(index) else {
            output.append(Self.open)
            output.append(contentsOf: body)
            output.append(Self.close)
            return
        }
        let argument = arguments[index]
        guard let first, let second = Self.offset(of: comma, in: body, from: first + 1),
              "plural".utf8.elementsEqual(body[trimmed(body, (first + 1)..<second)]), let count = Int(argument)
        else {
            output.append(contentsOf: argument.utf8)
            return
        }
        // The chosen branch (the argument itself when none fits), `#` standing for the number; a
        // branch may hold other arguments: `{1, plural, one {{0} is} other {…}}`.
        let number = Array(argument.utf8)
        var text: [UInt8] = []
        func copy<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
            for byte in bytes {
                if byte == UInt8(ascii: "#") { text += number } else { text.append(byte) }
            }
        }
        if let chosen = branch(body, from: second + 1, for: plural(count)) { copy(body[chosen]) } else { copy(number) }
        text.withUnsafeBufferPointer { render($0, arguments, plural: plural, into: &output) }
    }

    /// The branch a plural category picks in `one {…} other {…}` (from `start`): the category's,
    /// else `other`, else `many` (the last one written when a name is written twice), as
    /// `branches` would give them.
    private static func branch(_ body: UnsafeBufferPointer<UInt8>, from start: Int, for category: String) -> Range<Int>? {
        var chosen: Range<Int>?, other: Range<Int>?, many: Range<Int>?
        var index = start
        while let open = Self.offset(of: Self.open, in: body, from: index) {
            let name = body[trimmed(body, index..<open)]
            guard let close = matchingClose(body, from: open) else { break }
            if category.utf8.elementsEqual(name) { chosen = (open + 1)..<close }
            if "other".utf8.elementsEqual(name) { other = (open + 1)..<close }
            if "many".utf8.elementsEqual(name) { many = (open + 1)..<close }
            index = close + 1
        }
        return chosen ?? other ?? many
    }

    /// The offset of the first `byte` at or after `start`. A plain loop: the generic
    /// `firstIndex(of:)` on a slice is not specialised in a debug build, which CI's instruction
    /// guard measures.
    private static func offset(of byte: UInt8, in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < text.count {
            if text[index] == byte { return index }
            index += 1
        }
        return nil
    }

    /// `range` of `text` without the blanks around it.
    private static func trimmed(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, isBlank(text[lower]) { lower += 1 }
        while upper > lower, isBlank(text[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private static func string(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
    }

    /// The text between a `{` and its matching `}`, and what follows.
    private static func block(_ text: Substring) -> (Substring, Substring)? {
        var depth = 0
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == Self.open { depth += 1 }
            if byte == Self.close {
                depth -= 1
                if depth == 0 { return (text[utf8.index(after: utf8.startIndex)..<index], text[utf8.index(after: index)...]) }
            }
            utf8.formIndex(after: &index)
        }
        return nil
    }

    /// `text` without the blanks around it (ASCII, as the names of branches are).
    private static func trimmed(_ text: Substring) -> Substring {
        let utf8 = text.utf8
        guard let first = utf8.firstIndex(where: { !isBlank($0) }), let last = utf8.lastIndex(where: { !isBlank($0) }) else {
            return text[text.endIndex...]
        }
        return text[first..<utf8.index(after: last)]
    }

    /// `one {…} other {…}` → ["one": "…", "other": "…"].
    public static func branches(_ text: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = text
        while let open = rest.utf8.firstIndex(of: Self.open) {
            let name = String(trimmed(rest[..<open]))
            guard let (body, after) = block(rest[open...]) else { break }
            result[name] = String(body)
            rest = after
        }
        return result
    }
}
