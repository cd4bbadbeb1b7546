import HabitCore
import Testing
@testable import HabitStore

/// A new log line goes before the first later day; keys that sort at or before the day as bytes
/// are passed over without parsing them, which must decide exactly as parsing every key did.
@Suite struct LogPositionTests {
    @Test func theByteShortcutDecidesAsParsingDoes() {
        let days = ["2026-11-22", "2026-01-01", "0999-12-31", "9999-12-31"].compactMap { CivilDate($0) }
        let keys = ["2026-11-21", "2026-11-22", "2026-11-23", "2025-12-31", "2027-01-01", "2026-13-45", "2026-02-30",
                    "2026-11-2x", "2026-11-220", "2026-1-22", "abc", "", "9999-99-99", "0000-00-00", "2026_11_23",
                    "2026-11-22 ", "２０２６-11-23", "1999-12-31", "9999-12-31", "0999-12-31", "1000-01-01"]
        for day in days {
            for key in keys {
                let parsed = CivilDate(key).map { $0 > day } ?? false
                var key = key, text = day.description
                let shortcut = key.withUTF8 { key in text.withUTF8 { Store.isKey(key, after: day, dayText: $0) } }
                #expect(shortcut == parsed, "\(key) after \(day)")
            }
        }
    }

    @Test func todayIsAppendedAfterALongLogAndOtherDaysGoInOrder() throws {
        var text = "name = \"Run\"\ncategory = \"Health\"\nschedule = \"daily\"\nstart = 2020-01-01\n\n[log]\n"
        var day = CivilDate("2020-01-01")!
        while day < CivilDate("2026-11-21")! {
            if day.dayNumber % 3 != 0 { text += "\(day) = true\n" }
            day = day.adding(days: 1)
        }
        let scratch = try ScratchData()
        try scratch.write("trackers/run.toml", text)
        let store = try scratch.load()
        try store.setDay(.done, note: nil, on: CivilDate("2026-11-22")!, trackerID: "run")
        let gap = try #require((CivilDate("2021-01-01")!.dayNumber..<CivilDate("2021-01-10")!.dayNumber).first { $0 % 3 == 0 })
        try store.setDay(.done, note: nil, on: CivilDate(dayNumber: gap), trackerID: "run")
        let written = String(decoding: try #require(store.changes["trackers/run.toml"] ?? nil), as: UTF8.self)
        #expect(written.hasSuffix("2026-11-20 = true\n2026-11-22 = true\n"))
        let keys = written.split(separator: "\n").drop { !$0.hasPrefix("[log]") }.dropFirst().map { String($0.prefix(10)) }
        #expect(keys == keys.sorted(), "the log stays in order")
    }
}
