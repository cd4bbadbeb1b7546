import HabitCore

/// The languages habit speaks, and the words that are lists rather than sentences.
public enum Language: String, Sendable, CaseIterable {
    case english = "en", russian = "ru"

    /// The language of a tag or locale name ("ru", "ru-RU", "ru_RU.UTF-8", "EN"); nil for one habit
    /// does not speak.
    public init?(tag: some StringProtocol) {
        let primary = tag.lowercased().prefix { $0.isLetter }
        guard let language = Language(rawValue: String(primary)) else { return nil }
        self = language
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

    /// The catalog's template of `key`.
    public func template(_ key: MessageKey) -> String {
        switch self {
        case .english: EnglishCatalog.template(key)
        case .russian: RussianCatalog.template(key)
        }
    }

    /// The CLDR plural category of `count`: English one/other; Russian one/few/many.
    public func pluralCategory(_ count: Int) -> String {
        switch self {
        case .english:
            return count == 1 ? "one" : "other"
        case .russian:
            let tens = abs(count) % 100
            let units = abs(count) % 10
            if (11...14).contains(tens) { return "many" }
            switch units {
            case 1: return "one"
            case 2...4: return "few"
            default: return "many"
            }
        }
    }

    public var weekdays: [String] {
        switch self {
        case .english: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        case .russian: ["понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье"]
        }
    }

    public var weekdaysShort: [String] {
        switch self {
        case .english: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        case .russian: ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"]
        }
    }

    public var weekdaysMini: [String] {
        switch self {
        case .english: ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
        case .russian: ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"]
        }
    }

    public var months: [String] {
        switch self {
        case .english: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        case .russian: ["Январь", "Февраль", "Март", "Апрель", "Май", "Июнь", "Июль", "Август", "Сентябрь", "Октябрь", "Ноябрь", "Декабрь"]
        }
    }

    /// Months as they follow a day number ("21 ноября").
    public var monthsGenitive: [String] {
        switch self {
        case .english: months
        case .russian: ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"]
        }
    }

    public var monthsShort: [String] {
        switch self {
        case .english: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        case .russian: ["янв", "фев", "мар", "апр", "май", "июн", "июл", "авг", "сен", "окт", "ноя", "дек"]
        }
    }

    public var decimalSeparator: String { self == .english ? "." : "," }
}
