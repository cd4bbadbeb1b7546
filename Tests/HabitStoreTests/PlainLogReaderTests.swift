import Foundation
import HabitCore
import Testing
@testable import HabitStore

/// The plain reader must give exactly the tracker the full parse gives, and give up on every file
/// where the full parse has something to say.
@Suite struct PlainLogReaderTests {
    static let head = "name = \"Run\"\ncategory = \"Health\"\nschedule = \"daily\"\nstart = 2026-01-01\n"
    static let quitHead = "name = \"Smoke\"\ncategory = \"Health\"\nquit = true\nstart = 2026-01-01\n"

    /// Files the reader reads itself.
    static let plain: [String] = [
        head + "\n[log]\n2026-01-01 = true\n2026-01-02 = true\n",
        head + "\n[log]\n2026-01-01 = true\n2026-01-02 = true",
        head + "[log]\n",
        head + "[log]",
        head + "# the log\n[log]\n2026-01-30 = true\n2026-01-31 = true\n2026-02-01 = true\n2026-02-28 = \"skip\"\n2026-03-01 = false\n",
        head + "[log]\n# January\n\n2026-01-05 = true   # felt great\n2026-01-06 =true\n2026-01-07\t=\ttrue\t\n2026-01-08 = \"skip\" # sick\n#\n",
        head + "[log]\n2027-12-31 = true\n2028-02-29 = true\n2028-12-31 = true\n2029-01-01 = true\n",
        quitHead + "[log]\n2026-01-03 = \"slip\"\n2026-01-04 = true\n",
        "name = \"Read\"\ncategory = \"Health\"\nkind = \"event\"\n[log]\n2026-02-01 = true\n",
        "name = \"Water\"\ncategory = \"Health\"\nschedule = \"daily\"\ntarget = 8\nunit = \"glasses\"\n[log]\n2026-02-01 = true\n",
        "name = \"Gym\"\ncategory = \"Health\"\nschedule = [\"mon\", \"fri\"]\n[other]\nx = 1\n[log]\n2026-02-02 = true\n",
    ]

    /// Files it leaves to the full parse (which reports on most of them, or reads a shape the
    /// reader does not know).
    static let leftToTheParser: [String] = [
        head + "[log]\n2026-01-02 = true\n2026-01-01 = true\n",              // out of order
        head + "[log]\n2026-01-01 = true\n2026-01-01 = true\n",              // a day twice: a duplicate key
        head + "[log]\n2025-12-31 = true\n",                                 // before the start
        head + "[log]\n2026-02-30 = true\n",                                 // no such day
        head + "[log]\n2026-01-32 = true\n",
        head + "[log]\n2026-1-01 = true\n",
        head + "[log]\n2026-01-01 = truex\n",
        head + "[log]\n2026-01-01 = True\n",
        head + "[log]\n2026-01-01 = true\r\n",
        head + "[log]\r\n2026-01-01 = true\n",
        head + "[log]\n2026-01-01 = \"slip\"\n",                             // a slip on a habit to keep
        head + "[log]\n2026-01-01 = 'skip'\n",
        head + "[log]\n2026-01-01 = 3\n",
        head + "[log]\n2026-01-01 = { done = true, note = \"hot\" }\n",
        head + "[log]\n2026-01-01 = true # é\n",
        head + "[log]\n2026-01-01 = true\n[log.x]\n",
        head + "[log]\n  2026-01-01 = true\n",
        head + "[log]\n2026-01-01.a = true\n",
        head + "log.a = 1\n[log]\n2026-01-01 = true\n",
        head + "description = \"\"\"\n[log]\n\"\"\"\n[log]\n2026-01-01 = true\n",
        head + "schedul = \"daily\"\n[log]\n2026-01-01 = true\n",             // a lookalike key: a warning
        "name = \"Run\"\ncategory = \"Nowhere\"\nschedule = \"daily\"\n[log]\n2026-01-01 = true\n",
        "name = \"Run\"\ncategory = \"Health\"\n[log]\n2026-01-01 = true\n",  // no schedule
        head + "oops = \n[log]\n2026-01-01 = true\n",
        head,                                                                 // no [log] at all
    ]

    func fullDecode(_ text: String) -> (Tracker?, [Diagnostic]) {
        let store = Store(source: SafeDirectory(root: "/nonexistent"), cache: nil)
        let decoded = store.decodeTracker(id: "t", file: "trackers/t.toml", bytes: Array(text.utf8),
                                          categories: ["Health"]) { _ in nil }
        return (decoded.tracker, decoded.diagnostics)
    }

    @Test(arguments: plain) func readsThePlainShapeAsTheParserDoes(_ text: String) {
        let plain = PlainLogReader.tracker(id: "t", file: "trackers/t.toml", bytes: Array(text.utf8), categories: ["Health"])
        let (full, diagnostics) = fullDecode(text)
        #expect(diagnostics.isEmpty)
        #expect(plain != nil)
        #expect(plain == full)
    }

    @Test(arguments: leftToTheParser) func leavesEverythingElseToTheParser(_ text: String) {
        #expect(PlainLogReader.tracker(id: "t", file: "trackers/t.toml", bytes: Array(text.utf8), categories: ["Health"]) == nil)
    }

    @Test func aGeneratedYearReadsAsTheParserReadsIt() {
        var text = Self.head + "\n[log]\n"
        var day = CivilDate(year: 2026, month: 1, day: 1)!
        for index in 0..<800 {
            if index % 7 != 3 { text += "\(day) = \(index % 11 == 0 ? "\"skip\"" : "true")\(index % 13 == 0 ? "  # note" : "")\n" }
            day = day.adding(days: 1)
        }
        let plain = PlainLogReader.tracker(id: "t", file: "trackers/t.toml", bytes: Array(text.utf8), categories: ["Health"])
        #expect(plain != nil)
        #expect(plain == fullDecode(text).0)
        #expect(plain?.log.doneCount == fullDecode(text).0?.log.doneCount)
    }

    /// A load with no cache (the first run, or after a sync) reads plain files without their TOML
    /// tree: the store must be the one a full parse gives, diagnostics included, and still edit.
    @Test func aColdLoadEqualsAFullLoadAndStillEdits() throws {
        let scratch = try ScratchData(settings: "categories = [\"Health\"]\n")
        for (index, text) in (Self.plain + Self.leftToTheParser).enumerated() {
            try scratch.write("trackers/t\(index).toml", text.replacingOccurrences(of: "\"Run\"", with: "\"Run \(index)\""))
        }
        let full = try scratch.load(cached: false)
        let cold = try scratch.load()
        #expect(cold.journal == full.journal)
        #expect(cold.diagnostics == full.diagnostics)
        #expect(cold.files["t0"]?.document == nil, "read without its TOML tree")
        #expect(try cold.setMark(.done, on: CivilDate(year: 2026, month: 1, day: 3)!, trackerID: "t0"))
        let written = String(decoding: (cold.changes["trackers/t0.toml"] ?? nil) ?? [], as: UTF8.self)
        #expect(written == Self.plain[0].replacingOccurrences(of: "\"Run\"", with: "\"Run 0\"") + "2026-01-03 = true\n")
    }
}
