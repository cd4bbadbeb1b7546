import HabitCore
import TOML

/// `remind = ["08:00", "20:30"]`: the times of day a tracker reminds at. A single string and TOML
/// local times (`08:00:00`) are accepted too. A time that is not one is an error at its element
/// (the tracker is then left out until it is fixed, as with any other bad value); a time listed
/// twice is a warning.
extension FileDecoder {
    mutating func decodeReminders(_ root: TOMLTable) -> [ReminderTime] {
        let key = TrackerKey.remind.rawValue
        guard let value = root[key] else { return [] }
        let elements: [(TOMLValue, [String])]
        switch value {
        case .string, .localTime: elements = [(value, [key])]
        case .array(let items): elements = items.enumerated().map { ($1, [key, String($0)]) }
        default:
            report(.wrongType(key: key, expected: .array, found: value.kind), at: [key])
            return []
        }
        var times: [ReminderTime] = []
        for (element, path) in elements {
            let time: ReminderTime?
            switch element {
            case .string(let text): time = ReminderTime(text)
            case .localTime(let clock): time = ReminderTime(hour: clock.hour, minute: clock.minute)
            default: time = nil
            }
            guard let time else {
                report(.notAReminderTime, at: path)
                continue
            }
            if times.contains(time) {
                report(.reminderListedTwice(time.description), at: path)
            } else {
                times.append(time)
            }
        }
        return times.sorted()
    }
}
