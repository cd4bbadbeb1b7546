import HabitCore

/// The languages habit speaks, and the words that are lists rather than sentences.
public enum Language: String, Sendable, CaseIterable {
    case english = "en", russian = "ru"

    /// `LC_ALL`, then `LC_MESSAGES`, then `LANG`: `ru*` → Russian, anything else English.
    public static func from(environment: [String: String]) -> Language {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[key], !value.isEmpty {
                return value.lowercased().hasPrefix("ru") ? .russian : .english
            }
        }
        return .english
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
