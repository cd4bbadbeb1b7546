/// One translation file (ARB: JSON whose members are messages in ICU MessageFormat, `@key` their
/// metadata, `@@locale` the language), read and checked against the English one.
struct Catalog {
    struct Entry {
        let key: String
        let text: String
        let line: Int
        var template = ""
    }

    let file: String
    /// The BCP 47 tag ("pt-BR"), the name of the file.
    let locale: String
    let firstWeekday: String
    let firstWeekdayLine: Int
    var entries: [Entry] = []
    /// `@key` members by key: the description and placeholders in en.arb, the source hash elsewhere.
    var metadata: [String: JSONValue] = [:]

    /// The words that are lists rather than sentences: weekday and month names, the decimal separator.
    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
    static let facts: [(property: String, keys: [String])] = [
        ("weekdays", weekdays.map { "weekday\($0)" }),
        ("weekdaysShort", weekdays.map { "weekdayShort\($0)" }),
        ("weekdaysMini", weekdays.map { "weekdayMini\($0)" }),
        ("months", months.map { "month\($0)" }),
        ("monthsGenitive", months.map { "monthGenitive\($0)" }),
        ("monthsShort", months.map { "monthShort\($0)" }),
    ]
    static let factKeys: Set<String> = Set(facts.flatMap(\.keys) + ["decimalSeparator"])

    init(file: String, name: String, bytes: [UInt8]) throws(CatalogError) {
        self.file = file
        guard case .object(let members) = try JSONReader.read(bytes, file: file) else {
            throw CatalogError(file: file, line: 1, message: "an ARB file is one JSON object: { \"@@locale\": …, \"key\": \"message\", … }")
        }
        var locale: String?
        var firstWeekday: (String, Int)?
        for member in members {
            switch member.name {
            case "@@locale":
                guard case .string(let text) = member.value else { throw CatalogError(file: file, line: member.line, message: "@@locale must be a string") }
                locale = text.replacingUnderscores
            case "@@x-first-weekday":
                guard case .string(let text) = member.value, Self.weekdays.contains(where: { $0.lowercased() == text }) else {
                    throw CatalogError(file: file, line: member.line, message: "@@x-first-weekday must be a weekday in English, lowercase: \"monday\" or \"sunday\"")
                }
                firstWeekday = (text, member.line)
            case let name where name.hasPrefix("@@"):
                continue
            case let name where name.hasPrefix("@"):
                metadata[String(name.dropFirst())] = member.value
            default:
                guard case .string(let text) = member.value else {
                    throw CatalogError(file: file, line: member.line, message: "\(member.name): a message must be a string")
                }
                entries.append(Entry(key: member.name, text: text, line: member.line))
            }
        }
        guard let locale else { throw CatalogError(file: file, line: 1, message: "\"@@locale\" is missing: write \"@@locale\": \"\(name)\" first") }
        guard locale == name.replacingUnderscores else {
            throw CatalogError(file: file, line: 1, message: "\"@@locale\" is \"\(locale)\" but the file is \(name).arb: they must name the same language")
        }
        guard let firstWeekday else {
            throw CatalogError(file: file, line: 1, message: "\"@@x-first-weekday\" is missing: the first day of the week in this language's calendars (\"monday\" or \"sunday\")")
        }
        self.locale = locale
        self.firstWeekday = firstWeekday.0
        firstWeekdayLine = firstWeekday.1
    }

    func text(_ key: String) -> String? { entries.first { $0.key == key }?.text }

    /// The placeholders en.arb declares for `key` ("0", "1").
    func placeholders(_ key: String) -> Set<Int> {
        guard case .object(let members)? = metadata[key],
              case .object(let placeholders)? = members.first(where: { $0.name == "placeholders" })?.value
        else { return [] }
        return Set(placeholders.compactMap { Int($0.name) })
    }
}

extension String {
    var replacingUnderscores: String { String(map { $0 == "_" ? "-" : $0 }) }
}
