/// One message of a catalog in ICU MessageFormat, as translators and Weblate write it, read into
/// the template `Template.render` fills: `{0}`, `{0, plural, one {# day} other {# days}}`, with
/// ICU's apostrophe quoting taken out (`'{'` is a brace, `''` an apostrophe, an apostrophe before
/// anything else is itself).
struct MessageFormat {
    /// The template, as `Template.render` reads it.
    private(set) var template = ""
    /// The arguments the message uses, by number.
    private(set) var arguments: Set<Int> = []
    /// Each plural's argument and the categories of its branches, as written.
    private(set) var plurals: [(argument: Int, categories: [String])] = []

    private let scalars: [Unicode.Scalar]
    private var index = 0

    /// Reads `text`; a message habit cannot render (an unclosed brace, a `select`, an `=0`
    /// branch) is an error that says what to write instead.
    init(_ text: String) throws(MessageError) {
        scalars = Array(text.unicodeScalars)
        try message(inPlural: false, nested: false)
    }

    private var next: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func take() {
        template.unicodeScalars.append(scalars[index])
        index += 1
    }

    private mutating func message(inPlural: Bool, nested: Bool) throws(MessageError) {
        while let scalar = next {
            switch scalar {
            case "'": try apostrophe(inPlural: inPlural)
            case "{": try argument()
            case "}":
                if nested { return }
                throw MessageError("a “}” closes no “{” (to write a brace, quote it: '}')")
            default: take()
            }
        }
        if nested { throw MessageError("a plural branch is not closed (a “}” is missing)") }
    }

    /// ICU's quoting: `''` is one apostrophe; an apostrophe before `{`, `}` (or `#` in a plural
    /// branch) starts quoted text up to the next lone apostrophe; any other apostrophe is itself.
    private mutating func apostrophe(inPlural: Bool) throws(MessageError) {
        let following = index + 1 < scalars.count ? scalars[index + 1] : nil
        if following == "'" {
            template.unicodeScalars.append("'")
            index += 2
            return
        }
        guard following == "{" || following == "}" || (inPlural && following == "#") else {
            take()
            return
        }
        index += 1
        while let scalar = next {
            if scalar == "'" {
                if index + 1 < scalars.count, scalars[index + 1] == "'" {
                    template.unicodeScalars.append("'")
                    index += 2
                    continue
                }
                index += 1
                return
            }
            if inPlural, scalar == "#" {
                throw MessageError("a quoted “#” in a plural branch: habit writes the number for every “#” there; rephrase without it")
            }
            take()
        }
        throw MessageError("quoted text is not closed: an apostrophe before a brace starts a quote (write '' for an apostrophe, or ’)")
    }

    private mutating func blanks() {
        while let scalar = next, scalar.properties.isWhitespace { take() }
    }

    /// A word of the syntax (an argument's number, `plural`, a category), copied as written.
    private mutating func word() -> String {
        var word = ""
        while let scalar = next, !scalar.properties.isWhitespace, !"{},".unicodeScalars.contains(scalar) {
            word.unicodeScalars.append(scalar)
            take()
        }
        return word
    }

    private mutating func argument() throws(MessageError) {
        take()
        blanks()
        let name = word()
        blanks()
        guard let number = Int(name), name.allSatisfy(\.isASCII) else {
            throw MessageError(name.isEmpty ? "a “{” opens no argument (to write a brace, quote it: '{')"
                : "“{\(name)…” is not an argument: arguments are numbers such as {0} (to write a brace, quote it: '{')")
        }
        arguments.insert(number)
        switch next {
        case "}":
            take()
            return
        case ",":
            take()
        default:
            throw MessageError("the argument {\(name) is not closed (a “}” is missing)")
        }
        blanks()
        let kind = word()
        guard kind == "plural" else {
            throw MessageError("{\(name), \(kind), …}: habit's messages have plain arguments and plurals only, not “\(kind)”")
        }
        blanks()
        guard next == "," else { throw MessageError("{\(name), plural …} needs a “,” before its branches") }
        take()
        var categories: [String] = []
        while true {
            blanks()
            guard let scalar = next else { throw MessageError("the plural of {\(name)} is not closed (a “}” is missing)") }
            if scalar == "}" {
                take()
                break
            }
            let category = word()
            if category.hasPrefix("=") || category.hasPrefix("offset:") {
                throw MessageError("the plural of {\(name)} has “\(category)”: write the language's categories (one, few, other…) only")
            }
            guard !category.isEmpty, category.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) else {
                throw MessageError("the plural of {\(name)} needs a category name before each “{”")
            }
            if categories.contains(category) { throw MessageError("the plural of {\(name)} has two “\(category)” branches") }
            categories.append(category)
            blanks()
            guard next == "{" else { throw MessageError("the plural of {\(name)}: “\(category)” needs its text in braces") }
            take()
            try message(inPlural: true, nested: true)
            take()
        }
        if categories.isEmpty { throw MessageError("the plural of {\(name)} has no branch") }
        plurals.append((number, categories))
    }
}

/// What is wrong with a message, without its place (the caller knows the file, line and key).
struct MessageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
