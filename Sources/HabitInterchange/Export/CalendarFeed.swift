import HabitCore
import TOML

/// The trackers as an iCalendar feed (RFC 5545), so that a phone's calendar shows the plan: each
/// tracker as events on the days `habit list` shows it, from `today` for `days` days. A tracker
/// on fixed weekdays (or daily) whose days in the window are exactly its rule's becomes one event
/// that recurs (RRULE FREQ=DAILY or FREQ=WEEKLY;BYDAY=…); any other (N per week, every N days, an
/// event, a rule broken by a vacation or a start) becomes one event per day. The first reminder
/// time, if any, is the event's time (floating local time, 15 minutes); else the events are all-day.
/// UIDs depend only on the tracker's file name (and the day, for a single day), so a refreshed feed
/// updates the events a calendar already has. CRLF line ends, lines folded at 75 octets, text
/// escaped (RFC 5545 §3.1, §3.3.11).
public enum CalendarFeed {
    /// The UTC time the feed was made (seconds since the epoch), as DTSTAMP wants it: `20261121T080000Z`.
    public static func stamp(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.down))
        let dayNumber = whole >= 0 ? whole / 86_400 : -((-whole - 1) / 86_400) - 1
        let day = CivilDate(dayNumber: dayNumber)
        let rest = whole - dayNumber * 86_400
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let (year, month, date) = day.components
        return "\(year)\(two(month))\(two(date))T\(two(rest / 3600))\(two(rest / 60 % 60))\(two(rest % 60))Z"
    }

    public static func write(_ journal: Journal, today: CivilDate, days: Int, stamp: String) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//habit//habit calendar feed//EN", "CALSCALE:GREGORIAN",
                     "X-WR-CALNAME:habit"]
        let window = (0..<max(days, 0)).map { today.adding(days: $0) }
        for tracker in journal.trackers where !tracker.isArchived {
            let shown = window.filter { tracker.status(on: $0, today: today).isShown }
            guard let first = shown.first else { continue }
            if let rule = recurrence(tracker.schedule), shown == window.filter({ $0 >= first && rule.days.contains($0.weekday) }) {
                lines += event(tracker, uid: "\(tracker.id)@habit", on: first, rule: rule.text, stamp: stamp)
            } else {
                for day in shown {
                    lines += event(tracker, uid: "\(tracker.id)-\(compact(day))@habit", on: day, rule: nil, stamp: stamp)
                }
            }
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    private static func recurrence(_ schedule: Schedule) -> (text: String, days: WeekdaySet)? {
        guard let weekdays = schedule.weekdays, !weekdays.days.isEmpty else { return nil }
        if weekdays == .all { return ("FREQ=DAILY", weekdays) }
        let names = weekdays.days.map { String($0.fileName.prefix(2)).uppercased() }
        return ("FREQ=WEEKLY;BYDAY=" + names.joined(separator: ","), weekdays)
    }

    private static func event(_ tracker: Tracker, uid: String, on day: CivilDate, rule: String?, stamp: String) -> [String] {
        var lines = ["BEGIN:VEVENT", "UID:" + uid, "DTSTAMP:" + stamp]
        if let time = tracker.reminders.min() {
            let start = compact(day) + "T" + two(time.hour) + two(time.minute) + "00"
            lines += ["DTSTART:" + start, "DURATION:PT15M"]
        } else {
            lines += ["DTSTART;VALUE=DATE:" + compact(day), "DTEND;VALUE=DATE:" + compact(day.adding(days: 1))]
        }
        if let rule { lines.append("RRULE:" + rule) }
        let title = [tracker.emoji, tracker.name].compactMap { $0 }.joined(separator: " ")
        lines += ["SUMMARY:" + escaped(title), "CATEGORIES:" + escaped(tracker.category)]
        if let description = tracker.description, !description.isEmpty { lines.append("DESCRIPTION:" + escaped(description)) }
        lines += ["TRANSP:TRANSPARENT", "END:VEVENT"]
        return lines
    }

    /// `20261121`.
    static func compact(_ day: CivilDate) -> String {
        let (year, month, date) = day.components
        return String(year) + two(month) + two(date)
    }

    private static func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

    /// TEXT values: backslash, semicolon and comma escaped, line breaks as `\n`, other controls dropped.
    static func escaped(_ text: String) -> String {
        var result = ""
        Escaping.append(text, to: &result) { scalar in
            switch scalar {
            case "\\": "\\\\"
            case ";": "\\;"
            case ",": "\\,"
            case "\n": "\\n"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: ""
            default: nil
            }
        }
        return result
    }

    /// A content line folded so that no physical line is longer than 75 octets, never inside a
    /// UTF-8 sequence: each continuation starts with one space (which counts toward its 75).
    static func fold(_ line: String) -> String {
        var result = ""
        var octets = 0
        for character in line.unicodeScalars {
            let size = UTF8.width(character)
            if octets + size > 75 {
                result += "\r\n "
                octets = 1
            }
            result.unicodeScalars.append(character)
            octets += size
        }
        return result
    }
}
