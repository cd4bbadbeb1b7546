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
        settings.vacations = vacations(root)
        warnAboutLookalikes(knownKeys: SettingsKey.allCases.map(\.rawValue))
        return settings
    }
}

extension FileDecoder {
    /// `[[vacation]]` tables with `from` and `to` dates.
    mutating func vacations(_ root: TOMLTable) -> [Vacation] {
        let key = SettingsKey.vacation.rawValue
        guard let value = root[key] else { return [] }
        guard case .array(let elements) = value, elements.allSatisfy({ $0.tableValue != nil }) else {
            report(.vacationsNotAList, at: [key])
            return []
        }
        var vacations: [Vacation] = []
        for (index, element) in elements.enumerated() {
            guard case .table(let table) = element else { continue }
            let path = [key, String(index)]
            var days: [CivilDate] = []
            for dateKey in VacationKey.allCases.map(\.rawValue) {
                guard case .localDate(let date)? = table[dateKey],
                      let day = CivilDate(year: date.year, month: date.month, day: date.day) else {
                    report(.vacationDate(key: dateKey), at: table[dateKey] == nil ? path : path + [dateKey])
                    break
                }
                days.append(day)
            }
            guard days.count == 2 else { continue }
            guard days[0] <= days[1] else {
                report(.vacationBackwards, at: path + [VacationKey.to.rawValue])
                continue
            }
            vacations.append(Vacation(from: days[0], to: days[1]))
        }
        return vacations
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
