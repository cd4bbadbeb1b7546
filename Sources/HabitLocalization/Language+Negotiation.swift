/// Choosing a `Language` (generated from the translation files, one case per file) from what a
/// terminal or a browser asks for.
extension Language {
    /// The names the front-ends have always used.
    public static let english = Language.en
    public static let russian = Language.ru

    /// The language of a tag or locale name ("ru", "ru-RU", "ru_RU.UTF-8", "pt_PT", "zh_CN", "EN"):
    /// the file of that language and region, else of that language alone, else another region's
    /// of the same language and script (Portugal's Portuguese reads Brazil's; Taiwan's Chinese,
    /// written in traditional characters, does not read simplified Chinese); nil for one habit
    /// does not speak.
    public init?(tag: some StringProtocol) {
        guard let chosen = Self.match(tag, among: Language.allCases.map(\.rawValue)) else { return nil }
        self.init(rawValue: chosen)
    }

    /// The one of `available` (the files' tags) that serves `tag`, as `init(tag:)` chooses.
    public static func match(_ tag: some StringProtocol, among available: [String]) -> String? {
        guard let wanted = LanguageTag(tag) else { return nil }
        let candidates = available.compactMap { name in LanguageTag(name).map { (name, $0) } }
            .filter { $0.1.language == wanted.language && $0.1.script == wanted.script }
        // A pseudo-locale (en-XA) only by its own name.
        return (candidates.first { $0.1.region != nil && $0.1.region == wanted.region }
            ?? candidates.first { $0.1.region == nil }
            ?? candidates.first { $0.1.variant == nil })?.0
    }

    /// The one negotiation: the first of `preferences` (tags or locale names, the most wanted
    /// first) that habit speaks, else English.
    public static func first(of preferences: some Sequence<some StringProtocol>) -> Language {
        preferences.lazy.compactMap { Language(tag: $0) }.first ?? .english
    }

    /// The terminal's language, as gettext chooses it: the locale of messages is the first set
    /// of `LC_ALL`, `LC_MESSAGES` and `LANG`; unless it is C (or POSIX), `LANGUAGE`'s list
    /// ("ru:en") comes before it.
    public static func from(environment: [String: String]) -> Language {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let isC = locale.isEmpty || locale == "C" || locale == "POSIX" || locale.hasPrefix("C.")
        let list = isC ? [] : (environment["LANGUAGE"] ?? "").split(separator: ":").map(String.init)
        return first(of: list + [locale])
    }

    /// The page's language from an HTTP `Accept-Language` header: its tags by quality (the
    /// earlier first among equals), those with `q=0` left out.
    public static func from(acceptLanguage header: String?) -> Language {
        var ranked: [(tag: Substring, quality: Double, position: Int)] = []
        for (position, item) in (header ?? "").split(separator: ",").enumerated() {
            let parts = item.split(separator: ";").map { $0.trimmingPrefix { $0 == " " } }
            guard let tag = parts.first.map({ $0.prefix { $0 != " " } }), !tag.isEmpty else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") { quality = Double(parameter.dropFirst(2).prefix { $0 != " " }) ?? 0 }
            if quality > 0 { ranked.append((tag, quality, position)) }
        }
        ranked.sort { $0.quality != $1.quality ? $0.quality > $1.quality : $0.position < $1.position }
        return first(of: ranked.map(\.tag))
    }
}

/// A BCP 47 tag or a POSIX locale name read into its parts: "zh_TW.UTF-8" is zh, Hant, TW;
/// "en-XA" is en with the private region XA (a pseudo-locale, chosen only by its own name).
struct LanguageTag: Equatable {
    let language: String
    /// The script, written or implied where a language is written in more than one (Chinese).
    let script: String?
    let region: String?
    /// A region CLDR reserves for private use (AA, QM–QZ, XA–XZ, ZZ): a pseudo-locale.
    let variant: String?

    init?(_ text: some StringProtocol) {
        // A POSIX locale's codeset and modifier ("ru_RU.UTF-8@euro") say nothing of the language.
        let name = text.prefix { $0 != "." && $0 != "@" }
        let subtags = name.split { $0 == "_" || $0 == "-" }
        guard let first = subtags.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        language = first.lowercased()
        var script: String?, region: String?
        for subtag in subtags.dropFirst() {
            if subtag.count == 4, subtag.allSatisfy(\.isLetter), script == nil, region == nil {
                script = subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased()
            } else if (subtag.count == 2 && subtag.allSatisfy(\.isLetter)) || (subtag.count == 3 && subtag.allSatisfy(\.isNumber)), region == nil {
                region = subtag.uppercased()
            }
        }
        if language == "zh", script == nil {
            script = ["TW", "HK", "MO"].contains(region ?? "") ? "Hant" : "Hans"
        }
        self.script = script
        self.region = region
        let privateUse = region.map { $0 == "AA" || $0 == "ZZ" || ($0.count == 2 && ["Q", "X"].contains($0.first!) && ($0.first == "X" || $0 >= "QM")) } ?? false
        variant = privateUse ? region : nil
    }
}
