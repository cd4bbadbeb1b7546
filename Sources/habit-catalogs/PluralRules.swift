/// CLDR's cardinal plural rules ("v = 0 and i % 10 = 2..4 and i % 100 != 12..14 @integer 2~4,
/// 22~24, …"), read from the data file and compiled into a Swift function of an integer count:
/// habit's counts are whole numbers, so the operands of fractions and exponents (v, w, f, t, e, c)
/// are 0 and their relations are decided here.
struct PluralRules {
    /// CLDR's order, which is also the order the rules are tried in.
    static let order = ["zero", "one", "two", "few", "many", "other"]

    struct Rule {
        let category: String
        let condition: [[Relation]]
        let samples: [Int]
    }

    struct Relation {
        let operand: Character
        let modulus: Int?
        let negated: Bool
        let ranges: [ClosedRange<Int>]
    }

    /// The rules of one language in CLDR's order, `other` last.
    let rules: [Rule]

    var categories: [String] { rules.map(\.category) }

    /// The rules of `locale` ("pt-BR" tries pt_BR, then pt) in the cldr-json data.
    static func rules(for locale: String, in data: JSONValue, file: String) throws(CatalogError) -> PluralRules? {
        guard case .object(let top) = data, case .object(let supplemental)? = top.first(where: { $0.name == "supplemental" })?.value,
              case .object(let languages)? = supplemental.first(where: { $0.name == "plurals-type-cardinal" })?.value
        else { throw CatalogError(file: file, line: 1, message: "expected {\"supplemental\": {\"plurals-type-cardinal\": {…}}} as in CLDR's plurals.json") }
        let parts = locale.split(whereSeparator: { $0 == "-" || $0 == "_" })
        let candidates = [parts.joined(separator: "_"), String(parts.first ?? "")]
        guard let member = candidates.lazy.compactMap({ name in languages.first { $0.name == name } }).first,
              case .object(let entries) = member.value
        else { return nil }
        var rules: [Rule] = []
        for entry in entries {
            guard entry.name.hasPrefix("pluralRule-count-"), case .string(let text) = entry.value else {
                throw CatalogError(file: file, line: entry.line, message: "\(member.name): expected \"pluralRule-count-CATEGORY\": \"RULE\"")
            }
            let category = String(entry.name.dropFirst("pluralRule-count-".count))
            guard order.contains(category) else {
                throw CatalogError(file: file, line: entry.line, message: "\(member.name): “\(category)” is not a CLDR plural category")
            }
            do throws(MessageError) {
                rules.append(try rule(category, text))
            } catch {
                throw CatalogError(file: file, line: entry.line, message: "\(member.name) \(category): \(error.message)")
            }
        }
        rules.sort { order.firstIndex(of: $0.category)! < order.firstIndex(of: $1.category)! }
        guard rules.last?.category == "other", rules.last?.condition.isEmpty == true else {
            throw CatalogError(file: file, line: member.line, message: "\(member.name): the rules need an `other` without a condition")
        }
        let result = PluralRules(rules: rules)
        // The data carries its own examples: each integer one must fall in its category.
        for rule in rules {
            for sample in rule.samples where result.category(sample) != rule.category {
                throw CatalogError(file: file, line: member.line,
                                   message: "\(member.name): \(sample) is a sample of “\(rule.category)” but the rules give “\(result.category(sample))”")
            }
        }
        return result
    }

    private static func rule(_ category: String, _ text: String) throws(MessageError) -> Rule {
        let pieces = text.split(separator: "@", omittingEmptySubsequences: false)
        let condition = pieces[0].trimmingBlanks
        var samples: [Int] = []
        for piece in pieces.dropFirst() where piece.hasPrefix("integer") {
            for item in piece.dropFirst("integer".count).split(separator: ",") {
                let bounds = item.trimmingBlanks.split(separator: "~").map { Int($0) }
                if bounds.count == 1, let value = bounds[0] { samples.append(value) }
                if bounds.count == 2, let low = bounds[0], let high = bounds[1], low <= high { samples += Array(low...high) }
            }
        }
        if condition.isEmpty { return Rule(category: category, condition: [], samples: samples) }
        let words = condition.split(separator: " ").map(String.init)
        var alternatives: [[Relation]] = [[]]
        var position = 0
        while position < words.count {
            let (relation, next) = try Self.relation(words, from: position)
            alternatives[alternatives.count - 1].append(relation)
            position = next
            guard position < words.count else { break }
            switch words[position] {
            case "and": break
            case "or": alternatives.append([])
            default: throw MessageError("expected “and” or “or”, not “\(words[position])”")
            }
            position += 1
        }
        return Rule(category: category, condition: alternatives, samples: samples)
    }

    /// `i % 10 = 2..4,7` from `words[start...]`, and where the next word starts.
    private static func relation(_ words: [String], from start: Int) throws(MessageError) -> (Relation, Int) {
        var position = start
        func word() throws(MessageError) -> String {
            guard position < words.count else { throw MessageError("the rule ends in the middle of a relation") }
            defer { position += 1 }
            return words[position]
        }
        let operand = try word()
        guard operand.count == 1, let letter = operand.first, "niwvftec".contains(letter) else { throw MessageError("“\(operand)” is not an operand") }
        var modulus: Int?
        var op = try word()
        if op == "%" {
            guard let value = Int(try word()), value > 0 else { throw MessageError("“%” needs a positive number") }
            modulus = value
            op = try word()
        }
        guard op == "=" || op == "!=" else { throw MessageError("expected “=” or “!=”, not “\(op)”") }
        var list = try word()
        while position < words.count, !["and", "or"].contains(words[position]) { list += words[position]; position += 1 }
        var ranges: [ClosedRange<Int>] = []
        for item in list.split(separator: ",") {
            let bounds = item.split(separator: ".", omittingEmptySubsequences: true).map { Int($0) }
            if bounds.count == 1, let value = bounds[0] { ranges.append(value...value) }
            else if bounds.count == 2, let low = bounds[0], let high = bounds[1], low <= high, item.contains("..") { ranges.append(low...high) }
            else { throw MessageError("“\(item)” is not a value or a range") }
        }
        return (Relation(operand: letter, modulus: modulus, negated: op == "!=", ranges: ranges), position)
    }

    /// The category of a whole number, as the compiled function gives it.
    func category(_ count: Int) -> String {
        rules.first { rule in rule.condition.isEmpty || rule.condition.contains { $0.allSatisfy { holds($0, count.magnitude) } } }!.category
    }

    private func holds(_ relation: Relation, _ n: UInt) -> Bool {
        let operand: UInt = relation.operand == "n" || relation.operand == "i" ? n : 0
        let value = relation.modulus.map { operand % UInt($0) } ?? operand
        let inside = relation.ranges.contains { UInt($0.lowerBound) <= value && value <= UInt($0.upperBound) }
        return inside != relation.negated
    }

    /// The body of `func(_ count: Int) -> String`: the conditions that whole numbers can meet, in
    /// order, then `other`.
    func swiftBody(indent: String) -> String {
        var lines: [String] = []
        for rule in rules.dropLast() {
            let condition = Self.swift(rule.condition)
            if condition == "false" { continue }
            if condition == "true" { lines.append("return \"\(rule.category)\""); break }
            lines.append("if \(condition) { return \"\(rule.category)\" }")
        }
        if lines.last?.hasPrefix("return") != true { lines.append("return \"other\"") }
        if lines.contains(where: { $0.hasPrefix("if ") }) { lines.insert("let n = count.magnitude", at: 0) }
        return lines.map { indent + $0 }.joined(separator: "\n")
    }

    private static func swift(_ alternatives: [[Relation]]) -> String {
        var terms: [String] = []
        for relations in alternatives {
            var parts: [String] = []
            var impossible = false
            for relation in relations {
                let text = swift(relation)
                if text == "false" { impossible = true; break }
                if text != "true" { parts.append(text) }
            }
            if impossible { continue }
            if parts.isEmpty { return "true" }
            terms.append(parts.joined(separator: " && "))
        }
        if terms.isEmpty { return "false" }
        return terms.count == 1 ? terms[0] : terms.map { $0.contains(" && ") ? "(\($0))" : $0 }.joined(separator: " || ")
    }

    private static func swift(_ relation: Relation) -> String {
        guard relation.operand == "n" || relation.operand == "i" else {
            // A fraction's or an exponent's operand: 0 for a whole number.
            let value = relation.modulus.map { 0 % $0 } ?? 0
            return relation.ranges.contains { $0.contains(value) } != relation.negated ? "true" : "false"
        }
        let operand = relation.modulus.map { "n % \($0)" } ?? "n"
        let tests = relation.ranges.map { range in
            range.count == 1 ? "\(operand) == \(range.lowerBound)" : "(\(range.lowerBound)...\(range.upperBound)).contains(\(operand))"
        }
        if relation.negated {
            if tests.count == 1, relation.ranges[0].count == 1 { return "\(operand) != \(relation.ranges[0].lowerBound)" }
            return tests.count == 1 ? "!\(tests[0])" : "!(\(tests.joined(separator: " || ")))"
        }
        return tests.count == 1 ? tests[0] : "(\(tests.joined(separator: " || ")))"
    }
}

extension StringProtocol {
    var trimmingBlanks: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
