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
        var output = ""
        var characters = Substring(template)
        while let open = characters.utf8.firstIndex(of: Self.open) {
            output += characters[..<open]
            guard let (body, rest) = block(characters[open...]) else {
                output += characters[open...]
                return output
            }
            output += fill(body, arguments, plural: plural)
            characters = rest
        }
        output += characters
        return output
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

    private static func fill(_ body: Substring, _ arguments: [String], plural: (Int) -> String) -> String {
        let comma = UInt8(ascii: ",")
        let utf8 = body.utf8
        let first = utf8.firstIndex(of: comma)
        guard let index = Int(trimmed(body[..<(first ?? body.endIndex)])), arguments.indices.contains(index) else {
            return "{\(body)}"
        }
        let argument = arguments[index]
        guard let first, let second = utf8[utf8.index(after: first)...].firstIndex(of: comma),
              trimmed(body[utf8.index(after: first)..<second]) == "plural", let count = Int(argument)
        else { return argument }
        let text = branch(body[utf8.index(after: second)...], for: plural(count)).map(String.init) ?? argument
        // A branch may hold other arguments: `{1, plural, one {{0} is} other {…}}`.
        return render(replacingNumberSign(in: text, with: argument), arguments, plural: plural)
    }

    /// `#` → the number, everywhere in a plural branch.
    public static func replacingNumberSign(in text: String, with number: String) -> String {
        let sign = UInt8(ascii: "#")
        let utf8 = text.utf8
        guard var found = utf8.firstIndex(of: sign) else { return text }
        var result = ""
        var start = text.startIndex
        while true {
            result += text[start..<found]
            result += number
            start = utf8.index(after: found)
            guard let next = utf8[start...].firstIndex(of: sign) else { break }
            found = next
        }
        result += text[start...]
        return result
    }

    /// `text` without the blanks around it. The parts trimmed (an argument's number, `plural`, a
    /// branch's name) are ASCII, so bytes do: trimming by Characters cost most of a plural's
    /// rendering, paid on every row of `habit list`.
    static func trimmed(_ text: Substring) -> Substring {
        let utf8 = text.utf8
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = utf8.firstIndex(where: { !isBlank($0) }), let last = utf8.lastIndex(where: { !isBlank($0) }) else {
            return text[text.endIndex...]
        }
        return text[first..<utf8.index(after: last)]
    }

    /// The branch a plural category picks in `one {…} other {…}`: the category's, else `other`,
    /// else `many` (the last one written when a name is written twice), as `branches` would give
    /// them, without building the dictionary: each row of `habit list` words a count.
    static func branch(_ text: Substring, for category: String) -> Substring? {
        var chosen: Substring?, other: Substring?, many: Substring?
        var rest = text
        while let open = rest.utf8.firstIndex(of: Self.open) {
            let name = trimmed(rest[..<open])
            guard let (body, after) = block(rest[open...]) else { break }
            if name == category { chosen = body }
            if name == "other" { other = body }
            if name == "many" { many = body }
            rest = after
        }
        return chosen ?? other ?? many
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
