import Foundation
import HabitCore
import HabitKit
import HabitStore
import TestSupport

/// Trackers built in memory, and a scratch copy of `examples/` for what needs a loaded store.
enum Fixtures {
    static func day(_ text: String) -> CivilDate { CivilDate(text)! }

    static func log(done: [String] = [], skipped: [String] = [], amounts: [String: Double] = [:]) -> CompletionLog {
        CompletionLog(done.map { CompletionLog.Entry(day: day($0), mark: .done) }
                      + skipped.map { CompletionLog.Entry(day: day($0), mark: .skipped) }
                      + amounts.map { CompletionLog.Entry(day: day($0.key), mark: nil, amount: $0.value) })
    }

    static func tracker(_ id: String, _ name: String, category: String = "Health", schedule: Schedule = .daily,
                        pinned: Bool = false, start: String = "2026-11-01", log: CompletionLog = CompletionLog(),
                        measure: Measure? = nil, emoji: String? = nil) -> Tracker {
        Tracker(id: id, name: name, category: category, schedule: schedule, emoji: emoji, isPinned: pinned,
                start: day(start), log: log, measure: measure)
    }

    static func journal(_ trackers: [Tracker], categories: [String] = ["Health", "Study"], weekStartsOn: Weekday = .monday) -> Journal {
        Journal(settings: Settings(categories: categories, weekStartsOn: weekStartsOn), trackers: trackers)
    }

    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples").path

    /// The examples as a loaded store (kept alive with its scratch directory).
    static func examplesStore() throws -> (ScratchDirectory, Store) {
        let scratch = try ScratchDirectory("screens")
        try FileManager.default.copyItem(atPath: examples, toPath: scratch.sub("data"))
        let habits = Habits(directory: DataDirectory(path: scratch.sub("data")), cache: nil, clock: { 1_795_000_000 })
        return (scratch, try habits.read())
    }
}
