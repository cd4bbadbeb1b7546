import HabitCore
import TOML

enum SettingsKeys {
    static let categories = "categories"
    static let weekStartsOn = "week_starts_on"
    static let dayStartsAt = "day_starts_at"
    static let autocommit = "autocommit"
}

extension FileDecoder {
    mutating func settings() -> Settings {
        let root = document.root
        var settings = Settings()
        if let value = root[SettingsKeys.categories] {
            if case .array(let elements) = value {
                var seen: Set<String> = []
                for (index, element) in elements.enumerated() {
                    guard case .string(let name) = element else {
                        report("a category is a name in quotes", at: [SettingsKeys.categories, String(index)])
                        continue
                    }
                    if name.trimmingWhitespace().isEmpty {
                        report("a category name cannot be empty", at: [SettingsKeys.categories, String(index)])
                    } else if !seen.insert(TrackerName.key(name)).inserted {
                        report("the category \"\(name)\" is listed twice", at: [SettingsKeys.categories, String(index)],
                               hint: "remove one of them")
                    } else {
                        settings.categories.append(name)
                    }
                }
            } else {
                report("`categories` must be a list of names like [\"Health\", \"Study\"]", at: [SettingsKeys.categories])
            }
        }
        if let text = string(SettingsKeys.weekStartsOn, in: root) {
            if let day = Weekday(name: text) {
                settings.weekStartsOn = day
            } else {
                report("expected a weekday like \"mon\" or \"sun\"", at: [SettingsKeys.weekStartsOn])
            }
        }
        if let text = string(SettingsKeys.dayStartsAt, in: root) {
            if let minutes = Settings.parseTimeOfDay(text) {
                settings.dayStartsAt = minutes
            } else {
                report("expected a time like \"03:00\" (hours 00–23)", at: [SettingsKeys.dayStartsAt])
            }
        }
        if let flag = bool(SettingsKeys.autocommit, in: root) { settings.autocommit = flag }
        return settings
    }
}

extension Settings {
    /// `"HH:MM"` → minutes after midnight.
    public static func parseTimeOfDay(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
              let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return hour * 60 + minute
    }
}
