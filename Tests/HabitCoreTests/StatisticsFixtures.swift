import HabitCore

/// Compact histories for the statistics tests.
enum StatsFixture {
    /// A tracker's days as one character each (x done, s skipped, ! missed, f forgiven, o pending,
    /// . not scheduled, + done off schedule, space future): the worked examples' notation.
    static func states(_ tracker: Tracker, _ from: String, _ through: String, today: String) -> String {
        TrackerDay.days(of: tracker, from: day(from), through: day(through), today: day(today)).map { day in
            switch day.state {
            case .done: "x"
            case .skipped: "s"
            case .missed: "!"
            case .forgiven: "f"
            case .pending: "o"
            case .notScheduled: "."
            case .doneOffSchedule: "+"
            case .future: " "
            }
        }.joined()
    }

    static func day(_ text: String) -> CivilDate {
        guard let day = CivilDate(text) else { fatalError("bad date \(text)") }
        return day
    }

    /// `marks` lays a log out day by day from `from`: `x` done, `s` skipped, anything else
    /// (`.`, `-`, space) no mark.
    static func log(_ marks: String, from: CivilDate) -> CompletionLog {
        var entries: [CompletionLog.Entry] = []
        for (offset, character) in marks.enumerated() {
            switch character {
            case "x": entries.append(.init(day: from.adding(days: offset), mark: .done))
            case "s": entries.append(.init(day: from.adding(days: offset), mark: .skipped))
            default: break
            }
        }
        return CompletionLog(entries)
    }

    static func weekdays(_ names: String) -> WeekdaySet {
        WeekdaySet(names.split(separator: " ").map { Weekday(name: $0)! })
    }

    /// A habit (`days` "daily" or like "mon wed fri") or an event (`days` "event"), its log
    /// laid out from its start (or from `marksFrom`).
    static func tracker(
        _ id: String, _ days: String = "daily", start: String?, marks: String = "", marksFrom: String? = nil,
        goal: String? = nil
    ) -> Tracker {
        let schedule: Schedule = switch days {
        case "daily": .daily
        case "event": .event
        default: .weekly(weekdays(days))
        }
        let startDay = start.map(day)
        let origin = marksFrom.map(day) ?? startDay!
        return Tracker(
            id: id, name: id, category: "test", schedule: schedule, start: startDay, goal: goal.flatMap { Goal($0) },
            log: log(marks, from: origin))
    }
}
