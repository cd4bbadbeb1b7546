/// The checks that make a translation file safe to compile: the same keys as English, each
/// message readable, its arguments among English's, its plurals of the language's categories.
enum Checks {
    /// Reads every message of `catalog` into its template; the problems found, one per message.
    static func check(_ catalog: inout Catalog, english: Catalog, plurals: PluralRules) -> [CatalogError] {
        var errors: [CatalogError] = []
        let isEnglish = catalog.locale == english.locale
        let englishKeys = Set(english.entries.map(\.key))
        let keys = Set(catalog.entries.map(\.key))
        for entry in catalog.entries where !englishKeys.contains(entry.key) {
            errors.append(CatalogError(file: catalog.file, line: entry.line, message: "\(entry.key): no such key in en.arb; remove it (or add it to en.arb first)"))
        }
        var previous: Catalog.Entry?
        for entry in english.entries {
            if !keys.contains(entry.key) {
                let place = previous.map { "after “\($0.key)”" } ?? "first"
                errors.append(CatalogError(file: catalog.file, line: previous.flatMap { key in catalog.entries.first { $0.key == key.key }?.line } ?? 1,
                                           message: "\(entry.key): missing (en.arb line \(entry.line): \(entry.text.debugDescription)); add it \(place)"))
            }
            previous = entry
        }
        for index in catalog.entries.indices {
            let entry = catalog.entries[index]
            let format: MessageFormat
            do throws(MessageError) {
                format = try MessageFormat(entry.text)
            } catch {
                errors.append(CatalogError(file: catalog.file, line: entry.line, message: "\(entry.key): \(error.message)"))
                continue
            }
            catalog.entries[index].template = format.template
            if Catalog.factKeys.contains(entry.key), !format.arguments.isEmpty {
                errors.append(CatalogError(file: catalog.file, line: entry.line, message: "\(entry.key): a name, not a message: it takes no argument"))
            }
            let declared = english.placeholders(entry.key)
            for argument in format.arguments.sorted() where !declared.contains(argument) {
                let list = declared.isEmpty ? "none" : declared.sorted().map { "{\($0)}" }.joined(separator: ", ")
                let fix = isEnglish ? "declare it in \"@\(entry.key)\".placeholders"
                    : declared.isEmpty ? "this message takes no argument" : "use only \(list)"
                errors.append(CatalogError(file: catalog.file, line: entry.line,
                                           message: "\(entry.key): {\(argument)} is not among en.arb's placeholders (\(list)); \(fix)"))
            }
            for plural in format.plurals {
                let foreign = plural.categories.filter { !plurals.categories.contains($0) }
                if !foreign.isEmpty {
                    errors.append(CatalogError(file: catalog.file, line: entry.line,
                                               message: "\(entry.key): \(catalog.locale) has no plural category \(foreign.map { "“\($0)”" }.joined(separator: ", ")); its categories are \(plurals.categories.joined(separator: ", "))"))
                }
                if !plural.categories.contains("other") {
                    errors.append(CatalogError(file: catalog.file, line: entry.line, message: "\(entry.key): the plural of {\(plural.argument)} needs an “other” branch"))
                }
            }
        }
        return errors
    }
}
