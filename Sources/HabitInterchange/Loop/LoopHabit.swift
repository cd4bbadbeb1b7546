import HabitCore

/// One habit as Loop Habit Tracker keeps it, whichever file it was read from (the CSV export or the
/// .db backup), and its tracker: both imports map through here, so that the same habit gives the
/// same tracker either way. See docs/import-export.md.
struct LoopHabit {
    /// A day of the habit in Loop's own encoding (uhabits-core `Entry`): yes/no 2 YES_MANUAL,
    /// 1 YES_AUTO, 0 NO, 3 SKIP, -1 UNKNOWN; numeric the amount × 1000, 3 a skip, -1 unknown.
    struct Day {
        var day: CivilDate
        var raw: Int
        var note: String
    }

    /// A reminder: the time and Loop's weekday bits (bit 0 Saturday, bit 1 Sunday, … bit 6 Friday).
    struct Reminder {
        var hour: Int
        var minute: Int
        var days: Int
    }

    var name: String
    var question = ""
    var description = ""
    var numerator = 1
    var denominator = 1
    var color: TrackerColor?
    /// nil when the file does not say (Loop's CSV before v2.3.1): numeric when a value is not one
    /// of the yes/no values.
    var isNumeric: Bool?
    /// nil when the file does not say (Loop's CSV before v2.3.1).
    var target: Double?
    var direction: Measure.Direction = .atLeast
    var unit = ""
    var isArchived = false
    var reminder: Reminder?
    var days: [Day] = []

    init(name: String) {
        self.name = name
    }

    /// Loop's 20 colours in the order of their index in the .db (uhabits-core `PaletteColor`).
    static let palette = [
        "#D32F2F", "#E64A19", "#F57C00", "#FF8F00", "#F9A825", "#AFB42B", "#7CB342", "#388E3C", "#00897B", "#00ACC1",
        "#039BE5", "#1976D2", "#303F9F", "#5E35B1", "#8E24AA", "#D81B60", "#5D4037", "#303030", "#757575", "#aaaaaa",
    ]

    /// Loop's weekday bits as weekdays: bit 0 is Saturday, bit 1 Sunday, bit 2 Monday, … bit 6 Friday.
    static func weekdays(_ bits: Int) -> [Weekday] {
        Weekday.allCases.filter { bits & (1 << (($0.rawValue + 1) % 7)) != 0 }
    }

    /// The tracker (its `id` empty, its start set by `ImportPlan.finish`) and what could not be
    /// carried over exactly.
    func tracker(category: String) -> (Tracker, [ImportLoss]) {
        var losses: [ImportLoss] = []
        let text = [question, description].filter { !$0.isEmpty }.joined(separator: "\n\n")
        let (schedule, exact) = ForeignSchedule.schedule(numerator, denominator)
        var tracker = Tracker(id: "", name: name, category: category, schedule: schedule, color: color,
                              description: text.isEmpty ? nil : text, isArchived: isArchived)
        let numeric = isNumeric ?? days.contains { !(-1...3).contains($0.raw) }
        if numeric {
            if let target {
                tracker.measure = Measure(target: target, direction: direction, unit: unit.isEmpty ? nil : unit)
                // Loop adds up the amounts of a whole window of `denominator` days against the target.
                if denominator > 1 {
                    losses.append(.numericPeriod(tracker: name, target: target, unit: unit.isEmpty ? nil : unit,
                                                 days: denominator, chosen: schedule))
                }
            } else {
                // Loop before v2.3.1 does not export the target: the least amount logged, so that
                // every day with an amount stays done; the user is told to check it.
                let target = days.map(\.raw).filter { !(-1...3).contains($0) && $0 > 0 }.min().map { Double($0) / 1000 } ?? 1
                tracker.measure = Measure(target: target)
                losses.append(.guessedTarget(tracker: name, target: target))
            }
        }
        if !exact { losses.append(.frequency(tracker: name, numerator: numerator, denominator: denominator, chosen: schedule)) }
        if let reminder, reminder.days & 0x7F != 0, let time = ReminderTime(hour: reminder.hour, minute: reminder.minute) {
            tracker.reminders = [time]
            if reminder.days & 0x7F != 0x7F {
                losses.append(.reminderDays(tracker: name, time: time, days: Self.weekdays(reminder.days)))
            }
        }
        var entries: [CompletionLog.Entry] = []
        var notes: [CivilDate: String] = [:]
        for day in days {
            if !day.note.isEmpty { notes[day.day] = day.note }
            if numeric {
                switch day.raw {
                case -1: break
                case 3: entries.append(CompletionLog.Entry(day: day.day, mark: .skipped))
                default: entries.append(CompletionLog.Entry(day: day.day, value: .amount(Double(day.raw) / 1000), measure: tracker.measure))
                }
            } else {
                switch day.raw {
                case 2: entries.append(CompletionLog.Entry(day: day.day, mark: .done))
                case 3: entries.append(CompletionLog.Entry(day: day.day, mark: .skipped))
                default: break  // NO, UNKNOWN, and YES_AUTO (Loop's own inference, not a completion)
                }
            }
        }
        tracker.log = CompletionLog(entries, notes: notes)
        return (tracker, losses)
    }
}
