import HabitCore
import TOML

extension FileDecoder {
    mutating func settings() -> Settings {
        let root = document.root
        var settings = Settings()
        let categoriesKey = SettingsKey.categories.rawValue
        if let value = root[categoriesKey] {
            if case .array(let elements) = value {
                var seen: Set<String> = []
                for (index, element) in elements.enumerated() {
                    guard case .string(let name) = element else {
                        report(.categoryNotAString, at: [categoriesKey, String(index)])
                        continue
                    }
                    if name.trimmingWhitespace().isEmpty {
                        report(.categoryEmpty, at: [categoriesKey, String(index)])
                    } else if !seen.insert(TrackerName.key(name)).inserted {
                        report(.categoryListedTwice(name), at: [categoriesKey, String(index)])
                    } else {
                        settings.categories.append(name)
                    }
                }
            } else {
                report(.categoriesNotAList, at: [categoriesKey])
            }
        }
        if let text = string(SettingsKey.weekStartsOn.rawValue, in: root) {
            if let day = Weekday(name: text) {
                settings.weekStartsOn = day
            } else {
                report(.notAWeekStart, at: SettingsKey.weekStartsOn.path)
            }
        }
        if let text = string(SettingsKey.dayStartsAt.rawValue, in: root) {
            if let minutes = Settings.parseTimeOfDay(text) {
                settings.dayStartsAt = minutes
            } else {
                report(.notATimeOfDay, at: SettingsKey.dayStartsAt.path)
            }
        }
        if let flag = bool(SettingsKey.autocommit.rawValue, in: root) { settings.autocommit = flag }
        warnAboutLookalikes(knownKeys: SettingsKey.allCases.map(\.rawValue))
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
