import HabitCore

/// Fills a catalog template: `{0}` takes the first argument; `{0, plural, one {# day} other
/// {# days}}` chooses a branch by the language's plural category of the (numeric) argument, with
/// `#` standing for the number.
public enum Template {
    public static func render(_ template: String, _ arguments: [String], plural: (Int) -> String) -> String {
        var output = ""
        var characters = Substring(template)
        while let open = characters.firstIndex(of: "{") {
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
        for index in text.indices {
            if text[index] == "{" { depth += 1 }
            if text[index] == "}" {
                depth -= 1
                if depth == 0 { return (text[text.index(after: text.startIndex)..<index], text[text.index(after: index)...]) }
            }
        }
        return nil
    }

    private static func fill(_ body: Substring, _ arguments: [String], plural: (Int) -> String) -> String {
        let parts = body.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false)
        guard let index = Int(String(parts[0]).trimmingWhitespace()), arguments.indices.contains(index) else { return "{\(body)}" }
        let argument = arguments[index]
        guard parts.count == 3, String(parts[1]).trimmingWhitespace() == "plural", let count = Int(argument) else { return argument }
        let branches = Self.branches(parts[2])
        let text = branches[plural(count)] ?? branches["other"] ?? branches["many"] ?? argument
        // A branch may hold other arguments: `{1, plural, one {{0} is} other {…}}`.
        return render(text.replacing("#", with: argument), arguments, plural: plural)
    }

    /// `one {…} other {…}` → ["one": "…", "other": "…"].
    public static func branches(_ text: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = text
        while let open = rest.firstIndex(of: "{") {
            let name = String(rest[..<open]).trimmingWhitespace()
            guard let (body, after) = block(rest[open...]) else { break }
            result[name] = String(body)
            rest = after
        }
        return result
    }
}
